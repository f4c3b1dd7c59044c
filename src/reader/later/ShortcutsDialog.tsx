import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import type { Shortcut } from '../../domain/reading-keys.ts';
import { IconButton } from '../../ui/later/IconButton.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { theme } from '../../theme/tokens.ts';

export interface ShortcutsDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  shortcuts: readonly Shortcut[];
}

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

const List = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${theme.space(2.5)} ${theme.space(4)};
  align-items: center;
  margin: 0;
  font-size: ${theme.font.size.sm};

  dt {
    display: flex;
    gap: ${theme.space(1)};
  }

  dd {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;

const Key = styled.kbd`
  display: inline-block;
  min-width: 28px;
  padding: ${theme.space(0.5)} ${theme.space(1.5)};
  border: 1px solid ${theme.color.borderStrong};
  border-bottom-width: 2px;
  border-radius: ${theme.radius.sm};
  background: ${theme.color.surfaceMuted};
  color: ${theme.color.text};
  font-family: ${theme.font.mono};
  font-size: ${theme.font.size.sm};
  text-align: center;
`;

/** The "Keyboard shortcuts" dialog: every shortcut of the page; Escape or the close button closes it. */
export function ShortcutsDialog({ isOpen, onOpenChange, shortcuts }: ShortcutsDialogProps) {
  return (
    <Overlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Panel>
        <Body>
          {({ close }) => (
            <>
              <Header>
                <Title slot="title">Keyboard shortcuts</Title>
                <IconButton aria-label="Close" onPress={close}>
                  <CloseIcon size={18} />
                </IconButton>
              </Header>
              <List>
                {shortcuts.map((shortcut) => (
                  <div key={shortcut.description} style={{ display: 'contents' }}>
                    <dt>
                      {shortcut.keys.map((key) => (
                        <Key key={key}>{key}</Key>
                      ))}
                    </dt>
                    <dd>{shortcut.description}</dd>
                  </div>
                ))}
              </List>
            </>
          )}
        </Body>
      </Panel>
    </Overlay>
  );
}
