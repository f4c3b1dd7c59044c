/**
 * The reader features (docs/product.md#accessible-names): the "{N} new since your last visit"
 * line, the reading keys and the "Keyboard shortcuts" dialog. The keys are in the first render's
 * code, so they answer as soon as a card shows; the dialog is in the page's later part.
 */
import { Suspense, useMemo, useState, type ComponentType } from 'react';
import { NewSinceNotice } from './NewSinceNotice.tsx';
import { countNewSince } from '../domain/new-since.ts';
import type { Story } from '../domain/story.ts';
import { useReadingKeys } from './useReadingKeys.ts';

export interface ReaderFeaturesProps {
  /** Every story shown by the feed (not only the matches). */
  stories: readonly Story[];
  /** The previous visit's time, or null: no "New" on a first visit or without live stories. */
  lastVisit: number | null;
  /** Every story a key can reach (the page's lists, saved copies, older matches); `stories` when absent. */
  reachable?: readonly Story[];
  onOpen(story: Story): void;
  onToggleBookmark(story: Story): void;
  /** `f`: follows or unfollows (docs/product.md#following-a-story). */
  onToggleFollow?(story: Story): void;
  /** The "Keyboard shortcuts" dialog (later/KeyboardShortcuts.tsx); a "?" before the later part has come opens it when it does. */
  Shortcuts: ComponentType<KeyboardShortcutsProps>;
}

export interface KeyboardShortcutsProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

export function ReaderFeatures({ stories, reachable = stories, lastVisit, onOpen, onToggleBookmark, onToggleFollow, Shortcuts }: ReaderFeaturesProps) {
  const newCount = useMemo(() => countNewSince(stories, lastVisit), [stories, lastVisit]);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const byId = (id: string) => reachable.find((story) => story.id === id);
  useReadingKeys({
    onOpen: (id) => {
      const story = byId(id);
      if (story) onOpen(story);
    },
    onToggleBookmark: (id) => {
      const story = byId(id);
      if (story) onToggleBookmark(story);
    },
    onToggleFollow: (id) => {
      const story = byId(id);
      if (story) onToggleFollow?.(story);
    },
    onHelp: () => setShortcutsOpen(true),
  });
  return (
    <>
      <NewSinceNotice count={newCount} />
      {shortcutsOpen && (
        <Suspense fallback={null}>
          <Shortcuts isOpen onOpenChange={setShortcutsOpen} />
        </Suspense>
      )}
    </>
  );
}
