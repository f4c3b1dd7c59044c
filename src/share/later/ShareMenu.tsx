import { FacebookIcon, LinkIcon, TwitterIcon } from '../../ui/icons-menus-messages.tsx';
import { ShareIcon } from '../../ui/icons.tsx';
import { Menu } from '../../ui/later/Menu.tsx';
import { MenuItem } from '../../ui/later/MenuItem.tsx';
import { Popover } from '../../ui/later/Popover.tsx';
import type { OpenShareMenuProps } from '../ShareMenuButton.tsx';

/** The open share menu (React Aria's popover and menu), loaded when a card's "Share story" is pressed (ShareMenuButton). */
export function ShareMenu({ onShare, canShareNatively = false, triggerRef, menuFocus, onClose }: OpenShareMenuProps) {
  return (
    <Popover aria-label="Share story" triggerRef={triggerRef} isOpen onOpenChange={(isOpen) => !isOpen && onClose()} placement="bottom end">
      <Menu aria-label="Share story" autoFocus={menuFocus} onClose={onClose}>
        <MenuItem id="twitter" textValue="Share to Twitter" onAction={() => onShare('twitter')}>
          <TwitterIcon size={16} />
          Share to Twitter
        </MenuItem>
        <MenuItem id="facebook" textValue="Share to Facebook" onAction={() => onShare('facebook')}>
          <FacebookIcon size={16} />
          Share to Facebook
        </MenuItem>
        <MenuItem id="copy" textValue="Copy Link" onAction={() => onShare('copy')}>
          <LinkIcon size={16} />
          Copy Link
        </MenuItem>
        {canShareNatively && (
          <MenuItem id="native" textValue="More sharing options" onAction={() => onShare('native')}>
            <ShareIcon size={16} />
            More sharing options
          </MenuItem>
        )}
      </Menu>
    </Popover>
  );
}
