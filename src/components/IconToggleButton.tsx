import { ToggleButton, type ToggleButtonProps } from 'react-aria-components';
import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';

export interface IconToggleButtonProps extends ToggleButtonProps {
  /** Icon-only toggles must be named. */
  'aria-label': string;
}

const StyledToggle = styled(ToggleButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 40px;
  height: 40px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.motion.fast},
    color ${({ theme }) => theme.motion.fast};
  -webkit-tap-highlight-color: transparent;

  &[data-hovered] {
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.text};
  }

  &[data-selected] {
    color: ${({ theme }) => theme.color.accent};
  }

  &[data-pressed] svg {
    transform: scale(0.9);
  }

  &[data-focus-visible] {
    ${focusRing}
  }
`;

export function IconToggleButton(props: IconToggleButtonProps) {
  return <StyledToggle {...props} />;
}
