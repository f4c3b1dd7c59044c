import styled from 'styled-components';
import { theme } from '../theme/tokens.ts';

/** Centered icon + heading + text + action, shared by the empty and error states. */
export const StateMessage = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space(3)};
  max-width: 480px;
  margin: ${theme.space(12)} auto;
  padding: ${theme.space(8)} ${theme.space(6)};
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
  text-align: center;

  > svg {
    color: ${theme.color.textMuted};
  }

  h2 {
    font-family: ${theme.font.heading};
    font-size: ${theme.font.size.xl};
    line-height: ${theme.font.lineHeight.tight};
  }

  p {
    color: ${theme.color.textMuted};
  }

  button {
    margin-top: ${theme.space(2)};
  }
`;
