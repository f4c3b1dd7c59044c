import { css } from 'styled-components';

/** The keyboard focus ring; apply under `&[data-focus-visible]` (RAC) or `&:focus-visible`. */
export const focusRing = css`
  outline: 2px solid ${({ theme }) => theme.color.focusRing};
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

/** A 40 × 40 px icon-only control: the shared base of IconButton and IconToggleButton. */
export const iconButtonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 40px;
  height: 40px;
  padding: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.motion.fast},
    color ${({ theme }) => theme.motion.fast};
  -webkit-tap-highlight-color: transparent;

  &[data-focus-visible] {
    ${focusRing}
  }
`;
