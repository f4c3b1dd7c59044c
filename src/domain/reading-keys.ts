/**
 * Reading with the keyboard (docs/product.md#accessible-names): which key does what (the list
 * the "Keyboard shortcuts" dialog shows: shortcuts.ts, with the page's later part). Pure: the app's edge reads the key events.
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
