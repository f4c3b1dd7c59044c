import { useEffect, useState } from 'react';
import type { PressEvent } from 'react-aria-components';
import { Button } from '../ui/Button.tsx';
import { CategoriesLabel } from './CategoriesLabel.tsx';
import type { CategoryPickerProps } from './CategoryPicker.tsx';
import { onDemand } from '../browser/on-demand.ts';

type CategoryPickerModule = typeof import('./CategoryPicker.tsx');

let loaded: CategoryPickerModule | undefined;
let loading: Promise<CategoryPickerModule> | undefined;

/** The menu's code (React Aria's menu, popover and collections). */
function loadCategoryPicker(): Promise<CategoryPickerModule> {
  loading ??= onDemand(() => import('./CategoryPicker.tsx')).then((module) => (loaded = module));
  return loading;
}

/**
 * The Categories button. Until its first press it is a plain button: the menu's code is not
 * part of the first render. A press loads it if it has not arrived yet and renders the real
 * picker in the button's place, open, with focus on its button, once there are categories to
 * show (a press while the stories load opens the menu when they have come); the stand-in stays
 * until then (no intermediate fallback that would lose focus). A menu that cannot load is the
 * page's to show (LoadFailure, docs/product.md#when-the-page-cannot-load), never a press that does nothing.
 */
export function DeferredCategoryPicker(props: CategoryPickerProps) {
  const [module, setModule] = useState(() => loaded);
  // How the stand-in was pressed: from the keyboard or a screen reader, the open menu focuses
  // its first item, as React Aria's own trigger does; by pointer, the menu itself.
  const [pressed, setPressed] = useState<PressEvent['pointerType'] | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    if (module || pressed === null) return;
    let current = true;
    loadCategoryPicker().then(
      (loadedModule) => current && setModule(loadedModule),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [module, pressed]);

  if (failure) throw failure.error;

  if (module && pressed !== null && props.categories.length > 0) {
    const menuFocus = pressed === 'keyboard' || pressed === 'virtual' ? 'first' : true;
    return <module.CategoryPicker {...props} defaultOpen menuFocus={menuFocus} />;
  }
  return (
    <Button
      isDisabled={props.isDisabled}
      aria-haspopup="menu"
      aria-expanded={false}
      onPress={(event) => setPressed(event.pointerType)}
    >
      <CategoriesLabel count={props.selected.length} />
    </Button>
  );
}
