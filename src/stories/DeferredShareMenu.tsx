import { useEffect, useState } from 'react';
import type { PressEvent } from 'react-aria-components';
import { IconButton } from '../ui/IconButton.tsx';
import type { ShareMenuProps } from './ShareMenu.tsx';
import { ShareIcon } from '../ui/icons.tsx';

type ShareMenuModule = typeof import('./ShareMenu.tsx');

let loaded: ShareMenuModule | undefined;
let loading: Promise<ShareMenuModule> | undefined;

/** The menu's code (React Aria's menu, popover and collections): one chunk for every card. */
function loadShareMenu(): Promise<ShareMenuModule> {
  loading ??= import('./ShareMenu.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A chunk that failed to load is tried again by the next press.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The card's share menu. Until it is pressed, a card holds only its "Share story" button: React
 * Aria's menu trigger and popover cost every card a render, and a results page has up to 63
 * cards while only the pressed one needs them (docs/performance.md: typing at scale). A press
 * loads the menu's code if it has not arrived yet (once for every card; it is also fetched as
 * soon as a card is on screen) and opens the menu in the button's place, keeping focus there.
 * A chunk that fails to load is tried again by the next press.
 */
export function DeferredShareMenu(props: ShareMenuProps) {
  const [module, setModule] = useState(() => loaded);
  // How the stand-in was pressed: from the keyboard or a screen reader, the open menu focuses
  // its first item, as React Aria's own trigger does; by pointer, the menu itself.
  const [pressed, setPressed] = useState<PressEvent['pointerType'] | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (module) return;
    let current = true;
    loadShareMenu().then(
      (loadedModule) => current && setModule(loadedModule),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [module, attempt]);

  if (module && pressed !== null) {
    const menuFocus = pressed === 'keyboard' || pressed === 'virtual' ? 'first' : true;
    return <module.ShareMenu {...props} autoFocus defaultOpen menuFocus={menuFocus} />;
  }
  return (
    <IconButton
      aria-label="Share story"
      aria-haspopup="menu"
      aria-expanded={false}
      onPress={(event) => {
        setPressed(event.pointerType);
        setAttempt((n) => n + 1);
      }}
    >
      <ShareIcon size={18} />
    </IconButton>
  );
}
