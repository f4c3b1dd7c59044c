import { css } from 'styled-components';
import { theme } from './tokens.ts';

/**
 * The region of a notice that floats over the top of the page (the "new stories" bar), so that
 * nothing on the page moves when it appears; add `top`. Render it always, as a live region empty
 * until there is news, so that assistive technology announces what appears. The notices at the
 * bottom stack in one place: src/ui/NoticeStack.tsx.
 */
export const floatingRegion = css`
  position: fixed;
  right: ${theme.space(3)};
  left: ${theme.space(3)};
  z-index: 90;
  display: flex;
  justify-content: center;
  pointer-events: none;
`;

/** The floating notice itself, at the top or in the stack: its text and one action. */
export const floatingBar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(2)} ${theme.space(3)};
  max-width: 100%;
  padding: ${theme.space(2)} ${theme.space(2)} ${theme.space(2)} ${theme.space(4)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  box-shadow: ${theme.shadow.popover};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
  pointer-events: auto;
`;
