/**
 * Reading with the keyboard (docs/product.md#accessible-names): which key does what, and the
 * list the "Keyboard shortcuts" dialog shows. Pure: the app's edge reads the key events.
 */

export type ReadingAction = 'next' | 'previous' | 'open' | 'bookmark' | 'follow' | 'options' | 'help';

const ACTIONS: Readonly<Record<string, ReadingAction>> = { j: 'next', k: 'previous', o: 'open', b: 'bookmark', f: 'follow', m: 'options', '?': 'help' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The action of a key press, or null; a press with Ctrl, Meta or Alt belongs to the browser. */
export function readingAction(press: KeyPress): ReadingAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  // Own keys only: "toString" or "constructor" are not shortcuts.
  const action = Object.hasOwn(ACTIONS, press.key) ? ACTIONS[press.key] : undefined;
  return action ?? null;
}

/**
 * The card to move to from `current` (-1: none) among `count` cards: the first when none is
 * current, else the next or previous one, staying at the first and the last.
 */
export function stepCard(current: number, count: number, action: 'next' | 'previous'): number | null {
  if (count <= 0) return null;
  if (current < 0 || current >= count) return 0;
  return action === 'next' ? Math.min(current + 1, count - 1) : Math.max(current - 1, 0);
}

export interface Shortcut {
  /** The keys, as shown in <kbd>. */
  keys: readonly string[];
  description: string;
}

/** Every keyboard shortcut of the page, in the order the dialog lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['j'], description: 'Next story' },
  { keys: ['k'], description: 'Previous story' },
  { keys: ['o'], description: 'Open the focused story in a new tab' },
  { keys: ['b'], description: 'Bookmark or unbookmark the focused story' },
  { keys: ['f'], description: 'Follow or unfollow the focused story' },
  { keys: ['m'], description: 'More options for the focused story: hide its outlet, mark it read' },
  { keys: ['/'], description: 'Search stories' },
  { keys: ['?'], description: 'Show these keyboard shortcuts' },
  { keys: ['Esc'], description: 'Close this dialog' },
];
