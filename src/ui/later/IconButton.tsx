import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import styled from 'styled-components';
import { iconButtonBase, outlined } from '../button-styles.ts';

export interface IconButtonProps extends RACButtonProps {
  /** Icon-only buttons must be named: here, or by visually hidden text among the children. */
  'aria-label'?: string;
  /** @default 'quiet' */
  variant?: 'quiet' | 'outline';
}

const QuietIconButton = styled(RACButton)`
  ${iconButtonBase}
`;

const OutlineIconButton = styled(RACButton)`
  ${iconButtonBase}
  ${outlined}
`;

export function IconButton({ variant = 'quiet', ...props }: IconButtonProps) {
  return variant === 'outline' ? <OutlineIconButton {...props} /> : <QuietIconButton {...props} />;
}
