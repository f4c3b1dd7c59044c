import { Suspense, useRef, useState, type ComponentType, type RefObject } from 'react';
import { MoreIcon } from '../ui/icons.tsx';
import { useMenuTriggerPress, type MenuFocus } from '../ui/menu-trigger.ts';
import { PlainIconButton } from '../ui/PlainButtons.tsx';

/** What "More options" offers on a story (docs/product.md#more-options). */
export interface MoreOptionsProps {
  /** The story's outlet: "Hide stories from {source}". */
  source: string;
  /** Read: the menu offers "Mark as unread", else "Mark as read". */
  isRead: boolean;
  onHideSource(): void;
  onToggleRead(): void;
}

export interface OpenMoreOptionsProps extends MoreOptionsProps {
  /** The "More options" button: the menu is placed at it, and focus returns to it. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  menuFocus: MenuFocus;
  onClose(): void;
}

export interface MoreOptionsButtonProps extends MoreOptionsProps {
  /** The open menu (later/MoreOptionsMenu.tsx, in the page's later part): drawn on a press, in Suspense. */
  Menu: ComponentType<OpenMoreOptionsProps>;
}

/**
 * A story's "More options" button, a plain `<button>` as "Share story" is (ShareMenuButton): only
 * the pressed story needs a menu, and React Aria's comes with the page's later part. `m` on a
 * focused card presses it (`data-more-options`, src/reader/useReadingKeys.ts).
 */
export function MoreOptionsButton({ Menu, ...props }: MoreOptionsButtonProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [menuFocus, setMenuFocus] = useState<MenuFocus | null>(null);
  const press = useMenuTriggerPress(setMenuFocus);
  return (
    <>
      <PlainIconButton ref={triggerRef} type="button" aria-label="More options" aria-haspopup="menu" aria-expanded={menuFocus !== null} data-more-options="" {...press}>
        <MoreIcon size={18} />
      </PlainIconButton>
      {menuFocus !== null && (
        <Suspense fallback={null}>
          <Menu {...props} triggerRef={triggerRef} menuFocus={menuFocus} onClose={() => setMenuFocus(null)} />
        </Suspense>
      )}
    </>
  );
}
