import { css } from 'styled-components';
import { theme } from './tokens.ts';

/** The keyboard focus ring; apply under `&[data-focus-visible]` (RAC) or `&:focus-visible`. */
export const focusRing = css`
  outline: 2px solid ${theme.color.focusRing};
  outline-offset: 2px;
`;

/** Hidden on screen, still read by assistive technology. */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;
