import { css } from 'styled-components';
import { focusRing } from '../theme/mixins.ts';

// Its own module, not theme/mixins.ts: icon buttons only appear in chunks loaded after the first render.
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
