import { Suspense, useRef, useState } from 'react';
import { PlainIconButton } from '../ui/PlainButtons.tsx';
import type { ShareMenuProps } from './ShareMenu.tsx';
import { ShareIcon } from '../ui/icons.tsx';
import { laterComponent } from '../ui/later.ts';

const ShareMenu = laterComponent('ShareMenu');

/**
 * The card's "Share story" button, a plain `<button>`: React Aria's menu trigger would cost
 * every card a render, and only the pressed card needs a menu. A press opens the menu (in the
 * page's later part; a press before it has come opens it then) at the button, which stays the same element,
 * so focus is never lost to a swap; closing the menu returns focus to it.
 */
export function ShareMenuButton(props: ShareMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // From the keyboard or a screen reader (a click with no pointer detail) the open menu focuses
  // its first item, as React Aria's own trigger does; by pointer, the menu itself.
  const [menuFocus, setMenuFocus] = useState<'first' | true | null>(null);
  const close = () => setMenuFocus(null);
  // Whether Enter went down on the button: the keyup of an Enter that chose a menu item lands here too, once focus is back.
  const enterDown = useRef(false);
  return (
    <>
      <PlainIconButton
        ref={triggerRef}
        type="button"
        aria-label="Share story"
        aria-haspopup="menu"
        aria-expanded={menuFocus !== null}
        // Enter opens on its keyup, as Space does, so that the open menu never receives the key's keyup.
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          enterDown.current = true;
        }}
        onKeyUp={(event) => {
          if (event.key !== 'Enter' || !enterDown.current) return;
          enterDown.current = false;
          setMenuFocus('first');
        }}
        onClick={(event) => setMenuFocus(event.detail === 0 ? 'first' : true)}
      >
        <ShareIcon size={18} />
      </PlainIconButton>
      {menuFocus !== null && (
        <Suspense fallback={null}>
          <ShareMenu {...props} triggerRef={triggerRef} menuFocus={menuFocus} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
