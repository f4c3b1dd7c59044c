import { useEffect, useState } from 'react';
import { MenuTrigger } from 'react-aria-components';
import { IconButton } from '../ui/IconButton.tsx';
import { FacebookIcon, LinkIcon, TwitterIcon } from '../ui/icons-more.tsx';
import { ShareIcon } from '../ui/icons.tsx';
import { Menu } from '../ui/Menu.tsx';
import { MenuItem } from '../ui/MenuItem.tsx';
import { Popover } from '../ui/Popover.tsx';

export type ShareTarget = 'twitter' | 'facebook' | 'copy' | 'native';

export interface ShareMenuProps {
  onShare(target: ShareTarget): void;
  /** Adds "More sharing options" (the system share sheet); only where navigator.share exists. */
  canShareNatively?: boolean;
  /** Focus the button on mount (it replaces a stand-in that had focus: DeferredShareMenu). */
  autoFocus?: boolean;
  /** Open on mount (the stand-in was pressed: DeferredShareMenu). */
  defaultOpen?: boolean;
  /** What the open menu focuses: its first item, or (true) the menu itself. */
  menuFocus?: 'first' | true;
}

export function ShareMenu({ onShare, canShareNatively = false, autoFocus = false, defaultOpen = false, menuFocus }: ShareMenuProps) {
  const [isOpen, setOpen] = useState(false);
  // Opened once the button has taken focus (its own effect runs first), so that closing the
  // menu returns focus to it.
  useEffect(() => {
    if (defaultOpen) setOpen(true);
    // Only on mount: later the menu opens and closes by its button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <IconButton aria-label="Share story" autoFocus={autoFocus}>
        <ShareIcon size={18} />
      </IconButton>
      <Popover placement="bottom end">
        <Menu aria-label="Share story" autoFocus={menuFocus}>
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
    </MenuTrigger>
  );
}
