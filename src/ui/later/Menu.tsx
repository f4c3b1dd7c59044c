import { Menu as RACMenu, type MenuProps as RACMenuProps } from 'react-aria-components';
import styled from 'styled-components';
import { theme } from '../../theme/tokens.ts';

const StyledMenu = styled(RACMenu<object>)`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${theme.space(1)};
  outline: none;
  max-height: inherit;
  overflow: auto;
`;

export function Menu(props: RACMenuProps<object>) {
  return <StyledMenu {...props} />;
}
