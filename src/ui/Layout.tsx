import styled from 'styled-components';
import { mediaUp, theme } from '../theme/tokens.ts';

/** Centered max-width column with padding that grows with the viewport. */
export const Layout = styled.div`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding-inline: ${theme.space(4)};

  ${mediaUp.sm} {
    padding-inline: ${theme.space(6)};
  }

  ${mediaUp.lg} {
    padding-inline: ${theme.space(8)};
  }
`;
