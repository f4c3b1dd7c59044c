import { css } from 'styled-components';
import { theme } from './tokens.ts';

/**
 * What floats over the page, so that nothing on it moves when a notice appears: the "new stories"
 * bar's region at the top (add `top`; render it always, as a live region empty until there is
 * news, so that assistive technology announces what appears), and at the bottom the notices'
 * one stack (src/ui/NoticeStack.tsx).
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
