import { lazy, Suspense, useState } from 'react';
import { Button } from './Button.tsx';
import { CategoriesLabel } from './CategoriesLabel.tsx';
import type { CategoryPickerProps } from './CategoryPicker.tsx';

const CategoryPicker = lazy(() => import('./CategoryPicker.tsx').then((m) => ({ default: m.CategoryPicker })));

/**
 * The Categories button. Until its first press it is a plain button: the menu's code (React
 * Aria's menu, popover and collections) is not part of the first render: the first press loads
 * it and renders the real picker in the button's place, open, with focus on its button.
 */
export function DeferredCategoryPicker(props: CategoryPickerProps) {
  const [pressed, setPressed] = useState(false);
  const standIn = (
    <Button isDisabled={props.isDisabled || props.categories.length === 0} aria-haspopup="menu" aria-expanded={false} onPress={() => setPressed(true)}>
      <CategoriesLabel count={props.selected.length} />
    </Button>
  );
  if (!pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <CategoryPicker {...props} defaultOpen />
    </Suspense>
  );
}
