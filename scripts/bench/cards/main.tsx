// The card bench's page (scripts/bench/compare.ts): the project's StoryList, timed as React draws it. Built by the tree being
// measured, so the same file times the cards of two commits; under GlobalStyle, which sets the cards' custom properties.
import type { ComponentProps } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { StoryList } from '../../../src/stories/StorySections.tsx';
import { GlobalStyle } from '../../../src/theme/GlobalStyle.ts';

type Stories = ComponentProps<typeof StoryList>['stories'];
export type CardTimes = { mount: number; remount: number[]; update: number[]; layout: number[] };
type BenchWindow = { __stories: Stories; __repeat: number; __cards: () => CardTimes };

const bench = window as unknown as BenchWindow;
const root = createRoot(document.getElementById('root') as HTMLElement);
const none = new Set<string>();
const noop = () => {};
// The later part's card parts as they are before it comes: a grouped card's disclosure keeps its place, a share menu is unopened.
const parts: ComponentProps<typeof StoryList>['parts'] = { RelatedSources: () => null, ShareMenu: () => null, MoreOptionsMenu: () => null };
const page = (stories: Stories) => (
  <>
    <GlobalStyle />
    <StoryList stories={stories} layout="more" variant="compact" bookmarks={none} onToggleBookmark={noop} onShare={noop} parts={parts} />
  </>
);

/** React's render and commit of `stories` (the styles each card injects included), in ms. */
function timed(stories: Stories): number {
  const start = performance.now();
  flushSync(() => root.render(page(stories)));
  return performance.now() - start;
}

/** The style and layout the browser then does for them, forced at once, in ms. */
function layout(): number {
  const start = performance.now();
  void document.body.offsetHeight;
  return performance.now() - start;
}

bench.__cards = () => {
  timed([]);
  const mount = timed(bench.__stories);
  const times: CardTimes = { mount, remount: [], update: [], layout: [layout()] };
  for (let i = 0; i < bench.__repeat; i += 1) {
    timed([]);
    layout();
    times.remount.push(timed(bench.__stories));
    times.layout.push(layout());
    // New objects with the same content: every memoized card renders again, into the same elements.
    times.update.push(timed(bench.__stories.map((story) => ({ ...story }))));
  }
  return times;
};
