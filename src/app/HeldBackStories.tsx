/**
 * A live answer that arrives over stories kept by an earlier visit replaces them at once,
 * unless the visitor is reading: then the page stays as it is, and the answer waits for the
 * "Show latest stories" button (docs/product.md#loading-failure-retry-and-fallback).
 * In the stories' chunk: it is only rendered while kept stories are on screen.
 */
import { useLayoutEffect, useState } from 'react';
import { NewStoriesNotice } from '../components/NewStoriesNotice.tsx';
import { countNewStories } from '../domain/new-stories.ts';
import type { Story } from '../domain/story.ts';

/** The visitor is reading when the page is scrolled or focus is inside the story area. */
export function isVisitorReading(): boolean {
  const area = document.getElementById('stories');
  return window.scrollY > 0 || (area !== null && area.contains(document.activeElement));
}

export interface HeldBackStoriesProps {
  /** The held-back live answer; null while none has arrived. */
  incoming: Story[] | null;
  /** The kept stories on screen. */
  shown: Story[];
  /** Shows the held-back answer (the feed's `feed.showNew`). */
  onShow(): void;
  isReading?: () => boolean;
}

export function HeldBackStories({ incoming, shown, onShow, isReading = isVisitorReading }: HeldBackStoriesProps) {
  // The answer the visitor was found reading over: decided once, before the browser paints.
  const [waiting, setWaiting] = useState<Story[] | null>(null);
  useLayoutEffect(() => {
    if (incoming === null) return;
    if (isReading()) setWaiting(incoming);
    else onShow();
  }, [incoming, isReading, onShow]);

  const show = () => {
    onShow();
    // The button goes away with the answer shown: focus moves to the top of the stories.
    const area = document.getElementById('stories');
    area?.focus({ preventScroll: true });
    area?.scrollIntoView?.({ block: 'start' });
  };
  const count = incoming !== null && waiting === incoming ? countNewStories(incoming, shown) : null;
  return <NewStoriesNotice count={count} onShow={show} />;
}
