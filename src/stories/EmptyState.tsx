import { Button } from '../ui/Button.tsx';
import { SearchOffIcon } from '../ui/icons-menus-messages.tsx';
import { StateMessage } from '../ui/StateMessage.tsx';

export interface EmptyStateProps {
  onClearFilters?(): void;
}

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
