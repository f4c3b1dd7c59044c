import { Tooltip as RACTooltip, type TooltipProps as RACTooltipProps } from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import { theme } from '../../theme/tokens.ts';

const fadeIn = keyframes`
  from { opacity: 0; transform: translateY(2px); }
  to { opacity: 1; transform: none; }
`;

const StyledTooltip = styled(RACTooltip)`
  max-width: 240px;
  padding: ${theme.space(1.5)} ${theme.space(2.5)};
  border-radius: ${theme.radius.sm};
  background: ${theme.color.tooltip.bg};
  color: ${theme.color.tooltip.text};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.medium};
  box-shadow: ${theme.shadow.popover};

  &[data-entering] {
    animation: ${fadeIn} ${theme.motion.fast};
  }
`;

export function Tooltip({ offset = 8, ...props }: RACTooltipProps) {
  return <StyledTooltip offset={offset} {...props} />;
}
