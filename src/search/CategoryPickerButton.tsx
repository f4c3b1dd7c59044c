import { useState, type ComponentType } from 'react';
import { useMenuTriggerPress, type MenuFocus } from '../ui/menu-trigger.ts';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { CategoriesLabel } from './CategoriesLabel.tsx';

export interface CategoryPickerProps {
  categories: string[];
  selected: string[];
  onChange(selected: string[]): void;
  isDisabled?: boolean;
  /** Open at once, focus on its button (it replaces a stand-in that was pressed: CategoryPickerButton). */
  defaultOpen?: boolean;
  /** What the open menu focuses. */
  menuFocus?: MenuFocus;
}

export interface CategoryPickerButtonProps extends CategoryPickerProps {
  /** The menu (later/CategoryPicker.tsx), once the page's later part has come; null until then. */
  Picker: ComponentType<CategoryPickerProps> | null;
  /** Asks for the page's later part at once; rejects when it cannot come. */
  onAsk(): Promise<unknown>;
}

/**
 * The Categories button. Until its first press it is a plain `<button>`: the menu (React Aria's
 * button, menu, popover and collections) is in the page's later part. A press renders the real picker
 * in the button's place, open, with focus on its button, once the later part and categories to
 * show have come (a press while the stories load opens the menu when they have); the stand-in
 * stays until then (no intermediate fallback that would lose focus). A menu that cannot load is
 * the page's to show (LoadFailure, docs/product.md#when-the-page-cannot-load), never a press that does nothing.
 */
export function CategoryPickerButton({ Picker, onAsk, ...props }: CategoryPickerButtonProps) {
  const [pressed, setPressed] = useState<MenuFocus | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const press = useMenuTriggerPress((focus) => {
    setPressed(focus);
    onAsk().catch((error: unknown) => setFailure({ error }));
  });

  if (failure) throw failure.error;

  if (Picker && pressed !== null && props.categories.length > 0) return <Picker {...props} defaultOpen menuFocus={pressed} />;
  return (
    <PlainButton disabled={props.isDisabled} aria-haspopup="menu" aria-expanded={false} {...press}>
      <CategoriesLabel count={props.selected.length} />
    </PlainButton>
  );
}
