/**
 * Everything the page can do beyond its first render, in one module (src/ui/later.ts): the app
 * loads it as soon as its first screen is complete (at the latest 2 s after its first render), so a
 * deploy after that takes nothing from the page.
 * Only what almost nobody sees stays on first use: the 404 and error pages, the sample stories.
 */
import { ThemeToggle } from '../appearance/ThemeToggle.tsx';
import * as followEffects from '../follow/effects.ts';
import { FollowingView } from '../follow/FollowingView.tsx';
import { HeldBackStories } from '../feed/HeldBackStories.tsx';
import { OlderStories } from '../feed/OlderStories.tsx';
import { KeyboardShortcuts } from '../reader/KeyboardShortcuts.tsx';
import { ArchiveSection } from '../search/ArchiveSection.tsx';
import { CategoryChips } from '../search/CategoryChips.tsx';
import { CategoryPicker } from '../search/CategoryPicker.tsx';
import { EmptyState } from '../stories/EmptyState.tsx';
import { RelatedSources } from '../stories/RelatedSources.tsx';
import { ShareMenu } from '../stories/ShareMenu.tsx';
import { RaisedToasts } from '../toasts/Toasts.tsx';
import type { LaterParts } from '../ui/later.ts';

declare module '../ui/later.ts' {
  interface LaterParts {
    ArchiveSection: typeof ArchiveSection;
    CategoryChips: typeof CategoryChips;
    CategoryPicker: typeof CategoryPicker;
    EmptyState: typeof EmptyState;
    FollowingView: typeof FollowingView;
    followEffects: typeof followEffects;
    HeldBackStories: typeof HeldBackStories;
    KeyboardShortcuts: typeof KeyboardShortcuts;
    OlderStories: typeof OlderStories;
    RaisedToasts: typeof RaisedToasts;
    RelatedSources: typeof RelatedSources;
    ShareMenu: typeof ShareMenu;
    ThemeToggle: typeof ThemeToggle;
  }
}

export const parts: LaterParts = {
  ArchiveSection,
  CategoryChips,
  CategoryPicker,
  EmptyState,
  FollowingView,
  followEffects,
  HeldBackStories,
  KeyboardShortcuts,
  OlderStories,
  RaisedToasts,
  RelatedSources,
  ShareMenu,
  ThemeToggle,
};
