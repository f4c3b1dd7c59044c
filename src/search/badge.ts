import { css } from 'styled-components';
import { theme } from '../theme/tokens.ts';

/** The 22 px box of the search bar's small labels: the Categories count and the "/" key hint. */
export const badgeBox = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 22px;
  height: 22px;
  padding: 0 ${theme.space(1.5)};
`;
