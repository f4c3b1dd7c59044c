import { BookmarkIcon } from '../ui/icons.tsx';
import { ViewCount, ViewToggle } from '../ui/PlainButtons.tsx';

export interface SavedToggleProps {
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  count?: number;
}

export function SavedToggle({ isSelected, onChange, count }: SavedToggleProps) {
  return (
    // Named by its content; the count is hidden from it, so the name is exactly "Saved" (docs/product.md#accessible-names).
    <ViewToggle type="button" aria-pressed={isSelected} onClick={() => onChange(!isSelected)}>
      <BookmarkIcon size={18} filled={isSelected} />
      Saved
      {count !== undefined && <ViewCount aria-hidden="true">{count}</ViewCount>}
    </ViewToggle>
  );
}
