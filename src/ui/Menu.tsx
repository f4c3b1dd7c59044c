import { Menu as RACMenu, MenuItem as RACMenuItem, type MenuItemProps as RACMenuItemProps, type MenuProps as RACMenuProps } from 'react-aria-components';
import styled from 'styled-components';

const StyledMenu = styled(RACMenu<object>)`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space(1)};
  outline: none;
  max-height: inherit;
  overflow: auto;
`;

export function Menu(props: RACMenuProps<object>) {
  return <StyledMenu {...props} />;
}

const StyledMenuItem = styled(RACMenuItem)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2.5)};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;
  outline: none;

  svg {
    color: ${({ theme }) => theme.color.textMuted};
  }

  &[data-focused] {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }

  &[data-focus-visible] {
    box-shadow: inset 0 0 0 2px ${({ theme }) => theme.color.focusRing};
  }

  &[data-selected] svg {
    color: ${({ theme }) => theme.color.accent};
  }

  &[data-disabled] {
    cursor: default;
    opacity: 0.55;
  }
`;

export function MenuItem(props: RACMenuItemProps) {
  return <StyledMenuItem {...props} />;
}
