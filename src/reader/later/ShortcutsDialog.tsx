import styled from 'styled-components';
import type { Shortcut } from '../../domain/shortcuts.ts';
import { ModalDialog } from '../../ui/later/ModalDialog.tsx';
import { theme } from '../../theme/tokens.ts';

export interface ShortcutsDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  shortcuts: readonly Shortcut[];
}

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
    <ModalDialog title="Keyboard shortcuts" isOpen={isOpen} onOpenChange={onOpenChange}>
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
    </ModalDialog>
  );
}
