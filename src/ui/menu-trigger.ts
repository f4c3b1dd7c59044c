import { useRef, type KeyboardEvent, type MouseEvent } from 'react';

/** What an opened menu focuses: its first item (opened from the keyboard or a screen reader), or (true) the menu itself. */
export type MenuFocus = 'first' | true;

/**
 * The press handlers of a plain `<button>` that stands in for a menu's trigger (the Categories
 * button, a card's "Share story"), as React Aria's own trigger behaves: a press by pointer opens
 * the menu focused on itself, one from the keyboard or a screen reader (a click with no pointer
 * detail) on its first item; Enter opens on its keyup, as Space does, so that the open menu never
 * receives the key's keyup.
 */
export function useMenuTriggerPress(open: (focus: MenuFocus) => void) {
  // Whether Enter went down on the button: the keyup of an Enter that chose a menu item lands here too, once focus is back.
  const enterDown = useRef(false);
  return {
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      enterDown.current = true;
    },
    onKeyUp(event: KeyboardEvent<HTMLButtonElement>) {
      if (event.key !== 'Enter' || !enterDown.current) return;
      enterDown.current = false;
      open('first');
    },
    onClick(event: MouseEvent<HTMLButtonElement>) {
      open(event.detail === 0 ? 'first' : true);
    },
  };
}
