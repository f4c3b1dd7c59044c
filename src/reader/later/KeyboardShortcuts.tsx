import { ShortcutsDialog } from './ShortcutsDialog.tsx';
import { SHORTCUTS } from '../../domain/shortcuts.ts';

import type { KeyboardShortcutsProps } from '../ReaderFeatures.tsx';

/** The "Keyboard shortcuts" dialog with the page's shortcuts; loaded the first time "?" is pressed. */
export function KeyboardShortcuts(props: KeyboardShortcutsProps) {
  return <ShortcutsDialog {...props} shortcuts={SHORTCUTS} />;
}
