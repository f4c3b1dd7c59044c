import type { ComponentType } from 'react';
import { MoreIcon } from '../ui/icons.tsx';
import { MenuButton, type MenuAt } from '../ui/MenuButton.tsx';

/** What "More options" offers on a story (docs/product.md#more-options). */
export interface MoreOptionsProps {
  /** The story's outlet: "Hide stories from {source}". */
  source: string;
  /** Read: the menu offers "Mark as unread", else "Mark as read". */
  isRead: boolean;
  onHideSource(): void;
  onToggleRead(): void;
}

/** The open "More options" menu's props: the story's "More options" button is its trigger. */
export interface OpenMoreOptionsProps extends MoreOptionsProps, MenuAt {}

export interface MoreOptionsButtonProps extends MoreOptionsProps {
  /** The open menu (later/MoreOptionsMenu.tsx, in the page's later part). */
  Menu: ComponentType<OpenMoreOptionsProps>;
}

/**
 * A story's "More options" button (src/ui/MenuButton.tsx), as "Share story" is: `m` on a focused
 * card presses it (`data-more-options`, src/reader/useReadingKeys.ts).
 */
export function MoreOptionsButton({ Menu, ...props }: MoreOptionsButtonProps) {
  return <MenuButton label="More options" icon={<MoreIcon size={18} />} Menu={Menu} menu={props} dataAttribute="data-more-options" />;
}
