/** The keyboard shortcuts as the "Keyboard shortcuts" dialog lists them (docs/product.md#accessible-names); the keys themselves: reading-keys.ts. */

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
