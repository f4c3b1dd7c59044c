import { MenuTrigger } from 'react-aria-components';
import { IconButton } from './IconButton.tsx';
import { FacebookIcon, LinkIcon, ShareIcon, TwitterIcon } from './icons.tsx';
import { Menu } from './Menu.tsx';
import { MenuItem } from './MenuItem.tsx';
import { Popover } from './Popover.tsx';

export type ShareTarget = 'twitter' | 'facebook' | 'copy';

export interface ShareMenuProps {
  onShare(target: ShareTarget): void;
}

export function ShareMenu({ onShare }: ShareMenuProps) {
  return (
    <MenuTrigger>
      <IconButton aria-label="Share story">
        <ShareIcon size={18} />
      </IconButton>
      <Popover placement="bottom end">
        <Menu aria-label="Share story">
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
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
