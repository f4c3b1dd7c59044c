import { FollowIcon } from '../ui/icons.tsx';
import { ViewCount, ViewToggle } from '../ui/PlainButtons.tsx';

export interface FollowingToggleProps {
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  count?: number;
}

/** "Following", beside "Saved": the Following view (docs/product.md#following-a-story). */
export function FollowingToggle({ isSelected, onChange, count }: FollowingToggleProps) {
  return (
    // Named by its content; the count is hidden from it, so the name is exactly "Following".
    <ViewToggle type="button" aria-pressed={isSelected} onClick={() => onChange(!isSelected)}>
      <FollowIcon size={18} filled={isSelected} />
      Following
      {count !== undefined && <ViewCount aria-hidden="true">{count}</ViewCount>}
    </ViewToggle>
  );
}
