import type { ReactNode } from 'react';
import { isSampleStory, type Story } from '../domain/story.ts';
import { BookmarkIcon, FollowIcon } from '../ui/icons.tsx';
import { IconToggleButton } from '../ui/PlainButtons.tsx';

export interface StoryTogglesProps {
  story: Story;
  isBookmarked: boolean;
  onToggleBookmark(story: Story): void;
  /** Following (docs/product.md#following-a-story): the toggle shows when the page follows stories. */
  isFollowed?: boolean;
  onToggleFollow?(story: Story): void;
  /** What comes after the toggles: the card's share button, the story page's "Copy link to this page". */
  children?: ReactNode;
}

/**
 * A story's toggles, with the card's names (docs/product.md#following-a-story, INTERFACE "bookmark"):
 * "Follow story"/"Unfollow story" and "Bookmark story"/"Remove bookmark". The card and the story page
 * draw these, each in its own row.
 */
export function StoryToggles({ story, isBookmarked, onToggleBookmark, isFollowed = false, onToggleFollow, children }: StoryTogglesProps) {
  return (
    <>
      {/* Nothing will ever report on a sample story: it cannot be followed. */}
      {onToggleFollow && !isSampleStory(story) && (
        <IconToggleButton aria-label={isFollowed ? 'Unfollow story' : 'Follow story'} isSelected={isFollowed} onChange={() => onToggleFollow(story)}>
          <FollowIcon size={18} filled={isFollowed} />
        </IconToggleButton>
      )}
      <IconToggleButton aria-label={isBookmarked ? 'Remove bookmark' : 'Bookmark story'} isSelected={isBookmarked} onChange={() => onToggleBookmark(story)}>
        <BookmarkIcon size={18} filled={isBookmarked} />
      </IconToggleButton>
      {children}
    </>
  );
}
