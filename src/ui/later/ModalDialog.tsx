import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import { theme } from '../../theme/tokens.ts';
import { CloseIcon } from '../icons.tsx';
import { IconButton } from './IconButton.tsx';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Overlay = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${theme.space(4)};
  background: rgb(0 0 0 / 0.45);

  &[data-entering] {
    animation: ${fadeIn} ${theme.motion.fast};
  }
`;

const Panel = styled(Modal)`
  width: min(440px, 100%);
  max-height: calc(100dvh - 32px);
  overflow: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  box-shadow: ${theme.shadow.popover};
`;

const Body = styled(Dialog)`
  padding: ${theme.space(4)} ${theme.space(5)} ${theme.space(5)};
  outline: none;
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(2)};
  margin-bottom: ${theme.space(3)};
  margin-right: -${theme.space(2)};
`;

const Title = styled(Heading)`
  font-family: ${theme.font.heading};
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
`;

export interface ModalDialogProps {
  /** The dialog's heading, and its accessible name. */
  title: string;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  children: ReactNode;
}

/** A modal dialog named by its heading (React Aria's `Modal` and `Dialog`): "Close", Escape or a click outside closes it, and focus returns to where it was. */
export function ModalDialog({ title, isOpen, onOpenChange, children }: ModalDialogProps) {
  return (
    <Overlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Panel>
        <Body>
          {({ close }) => (
            <>
              <Header>
                <Title slot="title">{title}</Title>
                <IconButton aria-label="Close" onPress={close}>
                  <CloseIcon size={18} />
                </IconButton>
              </Header>
              {children}
            </>
          )}
        </Body>
      </Panel>
    </Overlay>
  );
}
