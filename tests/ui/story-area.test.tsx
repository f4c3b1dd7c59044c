// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { DeferredStorySections } from '../../src/app/deferred-components.tsx';
import { CARDS_PER_BATCH, FIRST_CARDS, StoryArea, TOP_STORIES_COUNT } from '../../src/app/StoryArea.tsx';
import { CARDS_LAID_OUT_AT_ONCE } from '../../src/components/StoryGrid.tsx';
import type { Story } from '../../src/domain/story.ts';
import { makeStory } from '../components/fixtures.ts';
import { renderWithTheme } from '../components/render.tsx';

// A result list of 40: 3 top stories and 37 compact cards, of which FIRST_CARDS (4) render at
// once and the rest in batches: at once, or, while the visitor types, once the list and the
// typing have stayed quiet for 1 s (docs/product.md).
const stories = Array.from({ length: 40 }, (_, index) => makeStory({ id: `s${index}`, title: `Story ${index}` }));
/** The cards of a new list's first render: the top stories and the first compact ones. */
const FIRST = TOP_STORIES_COUNT + FIRST_CARDS;

beforeAll(async () => {
  // The cards' chunk, compiled before the clock is faked.
  await DeferredStorySections.preload();
});

let testStart = 0;
beforeEach(() => {
  // Timers and frames only: React's own scheduler keeps running.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  // Each test's fake clock starts again from 0: moved on further than any earlier test's went,
  // no key typed in an earlier test counts as recent.
  testStart += 60_000;
  vi.advanceTimersByTime(testStart);
});
afterEach(() => {
  vi.useRealTimers();
});

function renderArea(matches: Story[]) {
  const props = { status: 'live' as const, bookmarks: new Set<string>(), onRetry: vi.fn(), onClearFilters: vi.fn(), onToggleBookmark: vi.fn(), onShare: vi.fn() };
  const view = renderWithTheme(<StoryArea {...props} matches={matches} />);
  return { rerender: (next: Story[]) => view.rerender(<StoryArea {...props} matches={next} />) };
}

const cardCount = () => screen.queryAllByRole('article').length;
/** Moves the clock on 10 ms at a time, letting React render and run effects at each step. */
async function wait(ms: number) {
  for (let passed = 0; passed < ms; passed += 10) await act(() => vi.advanceTimersByTimeAsync(10));
}

/** The first render: the sections' code arrives as a lazy chunk (real promises, no timers). */
async function firstCards() {
  for (let step = 0; step < 100 && cardCount() === 0; step += 1) await act(() => new Promise((resolve) => setImmediate(resolve)));
  return cardCount();
}

/** A key typed somewhere on the page just now. */
const typed = () => fireEvent.input(document.body);

test('a result list that comes while the visitor types shows its first 7 cards, and the rest once it has stayed 1 s', async () => {
  typed();
  renderArea(stories);
  expect(await firstCards()).toBe(FIRST);
  await wait(950);
  expect(cardCount()).toBe(FIRST);
  await wait(400);
  expect(cardCount()).toBe(40);
});

test('a result list that comes without typing renders on at once', async () => {
  renderArea(stories);
  expect(await firstCards()).toBe(FIRST);
  await wait(200);
  expect(cardCount()).toBe(40);
});

test('scrolling renders the rest at once', async () => {
  typed();
  renderArea(stories);
  expect(await firstCards()).toBe(FIRST);
  fireEvent.scroll(window);
  await wait(200);
  expect(cardCount()).toBe(40);
});

test('a list replaced before 1 s never renders past its first cards', async () => {
  typed();
  const { rerender } = renderArea(stories);
  expect(await firstCards()).toBe(FIRST);
  await wait(800);
  typed();
  rerender(stories.slice(1));
  await wait(800);
  expect(cardCount()).toBe(FIRST);
  expect(screen.getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('Story 1');
  await wait(400);
  expect(cardCount()).toBe(39);
});

test('typing on starts the 1 s wait again', async () => {
  typed();
  renderArea(stories);
  expect(await firstCards()).toBe(FIRST);
  await wait(800);
  typed();
  await wait(800);
  expect(cardCount()).toBe(FIRST);
  await wait(400);
  expect(cardCount()).toBe(40);
});

test('typing while the rest renders stops the batches until the typing has stayed quiet 1 s', async () => {
  renderArea(stories);
  expect(await firstCards()).toBe(FIRST);
  // Batches of 8, one per frame and task: wait for the first one past the first cards.
  for (let step = 0; step < 20 && cardCount() === FIRST; step += 1) await wait(10);
  expect(cardCount()).toBe(FIRST + CARDS_PER_BATCH);
  typed();
  await wait(900);
  expect(cardCount()).toBe(FIRST + CARDS_PER_BATCH);
  await wait(300);
  expect(cardCount()).toBe(40);
});

test('after a scroll, typing no longer holds the rest back', async () => {
  typed();
  renderArea(stories);
  expect(await firstCards()).toBe(FIRST);
  fireEvent.scroll(window);
  typed();
  await wait(200);
  expect(cardCount()).toBe(40);
});

test('the compact cards a new list renders at once are the ones laid out without content-visibility', () => {
  // Cards that always show first are laid out with the page, not in a second pass of its frame.
  expect(CARDS_LAID_OUT_AT_ONCE).toBe(FIRST_CARDS);
});
