import { Button } from '../../ui/later/Button.tsx';
import { SearchOffIcon } from '../../ui/icons-menus-messages.tsx';
import { StateMessage } from '../../ui/StateMessage.tsx';

import type { EmptyStateProps } from '../StoryArea.tsx';

export function EmptyState({ onClearFilters }: EmptyStateProps) {
  return (
    <StateMessage>
      <SearchOffIcon size={40} />
      <h2>No stories found</h2>
      <p>Try adjusting your search or filter criteria</p>
      {onClearFilters && <Button onPress={onClearFilters}>Clear filters</Button>}
    </StateMessage>
  );
}
