import { MenuItem as RACMenuItem, type MenuItemProps as RACMenuItemProps } from 'react-aria-components';
import styled from 'styled-components';
import { theme } from '../../theme/tokens.ts';

const StyledMenuItem = styled(RACMenuItem)`
  display: flex;
  align-items: center;
  gap: ${theme.space(2.5)};
  min-height: 40px;
  padding: 0 ${theme.space(3)};
  border-radius: ${theme.radius.sm};
  color: ${theme.color.text};
  font-size: ${theme.font.size.sm};
  cursor: pointer;
  outline: none;

  svg {
    color: ${theme.color.textMuted};
  }

  &[data-focused] {
    background: ${theme.color.surfaceMuted};
  }

  &[data-focus-visible] {
    box-shadow: inset 0 0 0 2px ${theme.color.focusRing};
  }

  &[data-selected] svg {
    color: ${theme.color.accent};
  }

  &[data-disabled] {
    cursor: default;
    opacity: 0.55;
  }
`;

export function MenuItem(props: RACMenuItemProps) {
  return <StyledMenuItem {...props} />;
}
