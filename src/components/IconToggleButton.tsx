import { ToggleButton, type ToggleButtonProps } from 'react-aria-components';
import styled from 'styled-components';
import { iconButtonBase } from './iconButtonBase.ts';

export interface IconToggleButtonProps extends ToggleButtonProps {
  /** Icon-only toggles must be named. */
  'aria-label': string;
}

const StyledToggle = styled(ToggleButton)`
  ${iconButtonBase}
  border: 0;

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
`;

export function IconToggleButton(props: IconToggleButtonProps) {
  return <StyledToggle {...props} />;
}
