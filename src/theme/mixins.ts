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

/** A list with no bullets and no indent: its items are laid out by the list's own rules. */
export const plainList = css`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The box of a form control (a text field, a toggle): 40 px high, a strong border, on the surface. */
export const controlBox = css`
  min-height: 40px;
  border: 1px solid ${theme.color.borderStrong};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  color: ${theme.color.text};
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
