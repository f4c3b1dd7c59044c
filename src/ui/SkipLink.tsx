import styled from 'styled-components';
import { visuallyHidden } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';

/*
 * A native same-page anchor rather than RAC Link: RAC hands same-origin hrefs to the app's
 * RouterProvider for client-side navigation, and this must stay a plain fragment jump.
 */
const Anchor = styled.a`
  ${visuallyHidden}

  &:focus {
    position: fixed;
    top: ${theme.space(3)};
    left: ${theme.space(3)};
    z-index: 200;
    width: auto;
    height: auto;
    margin: 0;
    padding: ${theme.space(2.5)} ${theme.space(4)};
    overflow: visible;
    clip-path: none;
    border-radius: ${theme.radius.md};
    background: ${theme.color.accent};
    color: ${theme.color.onAccent};
    font-weight: ${theme.font.weight.bold};
    text-decoration: none;
    box-shadow: ${theme.shadow.popover};
  }
`;

/** "Skip to stories" (the element with id "stories"), or another target the page names. */
export function SkipLink({ target = 'stories', children = 'Skip to stories' }: { target?: string; children?: string }) {
  return <Anchor href={`#${target}`}>{children}</Anchor>;
}
