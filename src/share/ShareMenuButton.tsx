import type { ComponentType } from 'react';
import type { ShareTarget } from '../domain/share.ts';
import { ShareIcon } from '../ui/icons.tsx';
import { MenuButton, type MenuAt } from '../ui/MenuButton.tsx';

export interface ShareMenuProps {
  onShare(target: ShareTarget): void;
  /** Adds "More sharing options" (the system share sheet); only where navigator.share exists. */
  canShareNatively?: boolean;
}

/** The open share menu's props: the card's "Share story" button is its trigger. */
export interface OpenShareMenuProps extends ShareMenuProps, MenuAt {}

export interface ShareMenuButtonProps extends ShareMenuProps {
  /** The open menu (later/ShareMenu.tsx, in the page's later part). */
  Menu: ComponentType<OpenShareMenuProps>;
}

/** The card's "Share story" button (src/ui/MenuButton.tsx). */
export function ShareMenuButton({ Menu, ...props }: ShareMenuButtonProps) {
  return <MenuButton label="Share story" icon={<ShareIcon size={18} />} Menu={Menu} menu={props} />;
}
