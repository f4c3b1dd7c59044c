/**
 * What the page's later part holds: everything the page can do beyond its first render, in one
 * module and one chunk, which src/app/later.ts loads once the first screen is complete, so that a
 * deploy after that takes nothing from the page. Only what almost nobody sees stays on first use:
 * the 404 and error pages, the sample stories.
 */
import { AlertsDialog } from '../../alerts/later/AlertsDialog.tsx';
import { ThemeToggle } from '../../appearance/later/ThemeToggle.tsx';
import * as followEffects from '../../follow/later/effects.ts';
import * as readingEffects from '../../front-page/later/effects.ts';
import { FollowingView } from '../../follow/later/FollowingView.tsx';
import { HeldBackStories } from '../../feed/later/HeldBackStories.tsx';
import { OlderStories } from '../../feed/later/OlderStories.tsx';
import { KeyboardShortcuts } from '../../reader/later/KeyboardShortcuts.tsx';
import { ArchiveSection } from '../../search/later/ArchiveSection.tsx';
import { CategoryChips } from '../../search/later/CategoryChips.tsx';
import { CategoryPicker } from '../../search/later/CategoryPicker.tsx';
import { EmptyState } from '../../stories/later/EmptyState.tsx';
import { RelatedSources } from '../../stories/later/RelatedSources.tsx';
import { MoreOptionsMenu } from '../../stories/later/MoreOptionsMenu.tsx';
import { EveryStoryHidden } from '../../front-page/later/EveryStoryHidden.tsx';
import { HiddenOutletsDialog } from '../../front-page/later/HiddenOutletsDialog.tsx';
import { YourReading } from './YourReading.tsx';
import { ShareMenu } from '../../share/later/ShareMenu.tsx';
import { RaisedToasts } from '../../toasts/later/Toasts.tsx';
export const parts = {
  AlertsDialog,
  ArchiveSection,
  CategoryChips,
  CategoryPicker,
  EmptyState,
  EveryStoryHidden,
  FollowingView,
  followEffects,
  HeldBackStories,
  HiddenOutletsDialog,
  KeyboardShortcuts,
  MoreOptionsMenu,
  OlderStories,
  RaisedToasts,
  readingEffects,
  RelatedSources,
  ShareMenu,
  ThemeToggle,
  YourReading,
};
