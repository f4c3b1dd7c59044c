import { Suspense, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { useMenuTriggerPress, type MenuFocus } from './menu-trigger.ts';
import { PlainIconButton } from './PlainButtons.tsx';

/** What an open menu is given beside its own props: where it is drawn, what it focuses, how it closes. */
export interface MenuAt {
  /** The menu's button: the menu is placed at it, and focus returns to it. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  menuFocus: MenuFocus;
  onClose(): void;
}

export interface MenuButtonProps<P> {
  /** The button's accessible name. */
  label: string;
  icon: ReactNode;
  /** The open menu (in the page's later part): drawn on a press, in Suspense. */
  Menu: ComponentType<P & MenuAt>;
  /** What the menu offers. */
  menu: P;
  /** A `data-` attribute the reading keys find the button by. */
  dataAttribute?: `data-${string}`;
}

/**
 * A story's menu button ("Share story", "More options"), a plain `<button>`: React Aria's menu
 * trigger would cost every card a render, and only the pressed story needs a menu. A press opens
 * the menu (a press before the later part has come opens it then) at the button, which stays the
 * same element, so focus is never lost to a swap; closing the menu returns focus to it.
 */
export function MenuButton<P extends object>({ label, icon, Menu, menu, dataAttribute }: MenuButtonProps<P>) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [menuFocus, setMenuFocus] = useState<MenuFocus | null>(null);
  const press = useMenuTriggerPress(setMenuFocus);
  return (
    <>
      <PlainIconButton ref={triggerRef} type="button" aria-label={label} aria-haspopup="menu" aria-expanded={menuFocus !== null} {...(dataAttribute && { [dataAttribute]: '' })} {...press}>
        {icon}
      </PlainIconButton>
      {menuFocus !== null && (
        <Suspense fallback={null}>
          <Menu {...menu} triggerRef={triggerRef} menuFocus={menuFocus} onClose={() => setMenuFocus(null)} />
        </Suspense>
      )}
    </>
  );
}
