import { CheckIcon } from '../../ui/icons.tsx';
import { HideIcon } from '../../ui/icons.tsx';
import { Menu } from '../../ui/later/Menu.tsx';
import { MenuItem } from '../../ui/later/MenuItem.tsx';
import { Popover } from '../../ui/later/Popover.tsx';
import type { OpenMoreOptionsProps } from '../MoreOptionsButton.tsx';

/** The open "More options" menu (React Aria's popover and menu), loaded when a story's "More options" is pressed (MoreOptionsButton). */
export function MoreOptionsMenu({ source, isRead, onHideSource, onToggleRead, triggerRef, menuFocus, onClose }: OpenMoreOptionsProps) {
  const hide = `Hide stories from ${source}`;
  const read = isRead ? 'Mark as unread' : 'Mark as read';
  return (
    <Popover aria-label="More options" triggerRef={triggerRef} isOpen onOpenChange={(isOpen) => !isOpen && onClose()} placement="bottom end">
      <Menu aria-label="More options" autoFocus={menuFocus} onClose={onClose}>
        <MenuItem id="hide" textValue={hide} onAction={onHideSource}>
          <HideIcon size={16} />
          {hide}
        </MenuItem>
        <MenuItem id="read" textValue={read} onAction={onToggleRead}>
          <CheckIcon size={16} />
          {read}
        </MenuItem>
      </Menu>
    </Popover>
  );
}
