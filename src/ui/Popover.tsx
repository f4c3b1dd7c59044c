import { Popover as RACPopover, type PopoverProps as RACPopoverProps } from 'react-aria-components';
import styled, { keyframes } from 'styled-components';

const popIn = keyframes`
  from { opacity: 0; transform: translateY(-4px); }
  to { opacity: 1; transform: none; }
`;

const StyledPopover = styled(RACPopover)`
  min-width: 200px;
  max-width: min(320px, calc(100vw - 16px));
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.popover};
  overflow: auto;

  &[data-entering] {
    animation: ${popIn} ${({ theme }) => theme.motion.fast};
  }
`;

export function Popover({ offset = 6, ...props }: RACPopoverProps) {
  return <StyledPopover offset={offset} {...props} />;
}
