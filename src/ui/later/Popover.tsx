import { Popover as RACPopover, type PopoverProps as RACPopoverProps } from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import { theme } from '../../theme/tokens.ts';

const popIn = keyframes`
  from { opacity: 0; transform: translateY(-4px); }
  to { opacity: 1; transform: none; }
`;

const StyledPopover = styled(RACPopover)`
  min-width: 200px;
  max-width: min(320px, calc(100vw - 16px));
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  box-shadow: ${theme.shadow.popover};
  overflow: auto;

  &[data-entering] {
    animation: ${popIn} ${theme.motion.fast};
  }
`;

export function Popover({ offset = 6, ...props }: RACPopoverProps) {
  return <StyledPopover offset={offset} {...props} />;
}
