import styled from 'styled-components';
import { visuallyHidden } from '../theme/mixins.ts';

/*
 * A native same-page anchor rather than RAC Link: RAC hands same-origin hrefs to the app's
 * RouterProvider for client-side navigation, and this must stay a plain fragment jump.
 */
const Anchor = styled.a`
  ${visuallyHidden}

  &:focus {
    position: fixed;
    top: ${({ theme }) => theme.space(3)};
    left: ${({ theme }) => theme.space(3)};
    z-index: 200;
    width: auto;
    height: auto;
    margin: 0;
    padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(4)}`};
    overflow: visible;
    clip-path: none;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.onAccent};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    text-decoration: none;
    box-shadow: ${({ theme }) => theme.shadow.popover};
  }
`;

/** "Skip to stories": jumps to the element with id "stories". */
export function SkipLink() {
  return <Anchor href="#stories">Skip to stories</Anchor>;
}
