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

/** A row of controls that wraps onto the next line on a narrow screen. */
export const wrappingRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
  align-items: center;
`;

/** A centred line of words and buttons at the end of a list ("Show older stories", "Search the last 30 days"). */
export const listEndRow = css`
  ${wrappingRow}
  justify-content: center;

  p {
    color: ${theme.color.textMuted};
  }
`;
