import { NotificationsControl } from '../../follow/later/NotificationsControl.tsx';
import type { YourReadingDialogProps } from '../../front-page/FrontPageControls.tsx';
import { YourReadingDialog } from '../../front-page/later/YourReadingDialog.tsx';

/** "Your reading" with the notifications' button it offers after an import that brought follows (docs/product.md#your-reading-in-another-browser). */
export function YourReading(props: YourReadingDialogProps) {
  return <YourReadingDialog {...props} Notifications={NotificationsControl} />;
}
