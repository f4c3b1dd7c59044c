/**
 * The "new stories" bar: a live answer that the feed machine holds back behind the kept stories
 * because the visitor was reading when it arrived (docs/product.md#loading-failure-retry-and-fallback).
 * In the stories' chunk: it is only rendered while kept stories are on screen.
 */
import { NewStoriesNotice } from './NewStoriesNotice.tsx';
import { countNewStories } from '../../domain/new-stories.ts';
import type { HeldBackStoriesProps } from '../FeedNotices.tsx';

export function HeldBackStories({ incoming, shown, onShow }: HeldBackStoriesProps) {
  const show = () => {
    onShow();
    // The button goes away with the answer shown: focus moves to the top of the stories.
    const area = document.getElementById('stories');
    area?.focus({ preventScroll: true });
    area?.scrollIntoView?.({ block: 'start' });
  };
  return <NewStoriesNotice count={incoming === null ? null : countNewStories(incoming, shown)} onShow={show} />;
}
