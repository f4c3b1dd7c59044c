import { Suspense, useRef, useState, type ComponentType, type RefObject } from 'react';
import type { ShareTarget } from '../domain/share.ts';
import { ShareIcon } from '../ui/icons.tsx';
import { useMenuTriggerPress, type MenuFocus } from '../ui/menu-trigger.ts';
import { PlainIconButton } from '../ui/PlainButtons.tsx';

export interface ShareMenuProps {
  onShare(target: ShareTarget): void;
  /** Adds "More sharing options" (the system share sheet); only where navigator.share exists. */
  canShareNatively?: boolean;
}

export interface OpenShareMenuProps extends ShareMenuProps {
  /** The card's "Share story" button: the menu is placed at it, and focus returns to it. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  menuFocus: MenuFocus;
  onClose(): void;
}

export interface ShareMenuButtonProps extends ShareMenuProps {
  /** The open menu (later/ShareMenu.tsx, in the page's later part): drawn on a press, in Suspense. */
  Menu: ComponentType<OpenShareMenuProps>;
}

/**
 * The card's "Share story" button, a plain `<button>`: React Aria's menu trigger would cost
 * every card a render, and only the pressed card needs a menu. A press opens the menu (a press
 * before the later part has come opens it then) at the button, which stays the same element,
 * so focus is never lost to a swap; closing the menu returns focus to it.
 */
export function ShareMenuButton({ Menu, ...props }: ShareMenuButtonProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [menuFocus, setMenuFocus] = useState<MenuFocus | null>(null);
  const press = useMenuTriggerPress(setMenuFocus);
  return (
    <>
      <PlainIconButton ref={triggerRef} type="button" aria-label="Share story" aria-haspopup="menu" aria-expanded={menuFocus !== null} {...press}>
        <ShareIcon size={18} />
      </PlainIconButton>
      {menuFocus !== null && (
        <Suspense fallback={null}>
          <Menu {...props} triggerRef={triggerRef} menuFocus={menuFocus} onClose={() => setMenuFocus(null)} />
        </Suspense>
      )}
    </>
  );
}
