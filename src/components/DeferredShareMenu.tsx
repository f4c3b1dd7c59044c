import { useEffect, useState } from 'react';
import { IconButton } from './IconButton.tsx';
import { ShareIcon } from './icons-more.tsx';
import type { ShareMenuProps } from './ShareMenu.tsx';

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
 * The card's share menu, whose code loads once the card is on screen rather than before it
 * (docs/performance.md: what the first card waits for). Until then the same "Share story"
 * button stands in its place; a press on it opens the menu as soon as it is there, and focus
 * on it stays on the button that replaces it.
 */
export function DeferredShareMenu(props: ShareMenuProps) {
  const [module, setModule] = useState(() => loaded);
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState(false);
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

  if (module) return <module.ShareMenu {...props} autoFocus={focused} defaultOpen={pressed} />;
  return (
    <IconButton
      aria-label="Share story"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPress={() => {
        setPressed(true);
        setAttempt((n) => n + 1);
      }}
    >
      <ShareIcon size={18} />
    </IconButton>
  );
}
