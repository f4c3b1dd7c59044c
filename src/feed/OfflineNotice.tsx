import { formatStoryDate } from '../domain/format.ts';
import { Notice } from '../ui/Notice.tsx';
import { AlertIcon } from '../ui/icons.tsx';

/** "You're offline. Showing stories from {date}.", the date as on the cards (docs/product.md#accessible-names). */
export function offlineNoticeText(keptAt: string): string {
  return `You're offline. Showing stories from ${formatStoryDate(keptAt) ?? keptAt}.`;
}

/** Shown instead of the demo notice while stories kept by an earlier visit stand in for the live feed. */
export function OfflineNotice({ keptAt }: { keptAt: string }) {
  return (
    <Notice role="status">
      <AlertIcon size={18} />
      <p>{offlineNoticeText(keptAt)}</p>
    </Notice>
  );
}
