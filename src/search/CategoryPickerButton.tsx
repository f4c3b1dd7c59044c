import { useRef, useState } from 'react';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { loadLater, useLater } from '../ui/later.ts';
import { CategoriesLabel } from './CategoriesLabel.tsx';
import type { CategoryPickerProps } from './CategoryPicker.tsx';

/**
 * The Categories button. Until its first press it is a plain `<button>`: the menu (React Aria's
 * button, menu, popover and collections) is in the page's later part. A press renders the real picker
 * in the button's place, open, with focus on its button, once the later part and categories to
 * show have come (a press while the stories load opens the menu when they have); the stand-in
 * stays until then (no intermediate fallback that would lose focus). A menu that cannot load is
 * the page's to show (LoadFailure, docs/product.md#when-the-page-cannot-load), never a press that does nothing.
 */
export function CategoryPickerButton(props: CategoryPickerProps) {
  const later = useLater();
  // How the stand-in was pressed: from the keyboard or a screen reader, the open menu focuses
  // its first item, as React Aria's own trigger does; by pointer, the menu itself.
  const [pressed, setPressed] = useState<'keyboard' | 'pointer' | null>(null);
  // Whether Enter went down on the button: the keyup of that Enter lands in the open menu otherwise.
  const enterDown = useRef(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const press = (how: 'keyboard' | 'pointer') => {
    setPressed(how);
    loadLater().catch((error: unknown) => setFailure({ error }));
  };

  if (failure) throw failure.error;

  if (later.status === 'loaded' && pressed !== null && props.categories.length > 0) {
    const menuFocus = pressed === 'keyboard' ? 'first' : true;
    return <later.parts.CategoryPicker {...props} defaultOpen menuFocus={menuFocus} />;
  }
  return (
    <PlainButton
      disabled={props.isDisabled}
      aria-haspopup="menu"
      aria-expanded={false}
      // Enter opens on its keyup, as Space does, so that the open menu never receives the key's keyup.
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        enterDown.current = true;
      }}
      onKeyUp={(event) => {
        if (event.key !== 'Enter' || !enterDown.current) return;
        enterDown.current = false;
        press('keyboard');
      }}
      // A click with no pointer detail came from the keyboard (Space) or a screen reader.
      onClick={(event) => press(event.detail === 0 ? 'keyboard' : 'pointer')}
    >
      <CategoriesLabel count={props.selected.length} />
    </PlainButton>
  );
}
