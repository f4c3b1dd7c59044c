// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { StoryArea } from '../../src/stories/StoryArea.tsx';
import type { Story } from '../../src/domain/story.ts';
import type { FeedStatus } from '../../machines/feed.ts';
import { EmptyState } from '../../src/stories/later/EmptyState.tsx';
import { makeStory } from '../components/fixtures.ts';
import { renderWithTheme } from '../components/render.tsx';
import { cardParts } from '../components/parts.ts';

const handlers = { bookmarks: new Set<string>(), onRetry: vi.fn(), onClearFilters: vi.fn(), onToggleBookmark: vi.fn(), onShare: vi.fn(), parts: cardParts, Empty: EmptyState };

function renderArea(matches: Story[]) {
  return renderWithTheme(<StoryArea {...handlers} status="live" matches={matches} />);
}

const manyStories = (count: number) => Array.from({ length: count }, (_, index) => makeStory({ id: `s${index}`, title: `Story ${index}` }));

// Outside act(), which would run every later step before the first commit could be seen: a plain
// root shows what each commit puts on the page, as the browser does.
let container: HTMLElement;
let draw: (status: FeedStatus, matches: Story[]) => void;
beforeEach(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false });
  container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  draw = (status, matches) => flushSync(() => root.render(<StoryArea {...handlers} status={status} matches={matches} />));
  return () => {
    root.unmount();
    container.remove();
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  };
});
afterEach(() => vi.clearAllMocks());

// Counted by selector: role queries over 210 cards take jsdom minutes.
const sections = () => [...container.querySelectorAll('section')];
const cardsIn = (section: Element | undefined) => section?.querySelectorAll('article').length ?? 0;

// docs/product.md#screens-and-states: 3 Top Stories, every other match in More Stories, with no paging;
// the first screen's cards (3 + 8) in the commit that brings the stories, the rest in steps after it.
test('the 210 stories arrive: the first commit shows 3 Top Stories and 8 More Stories, then all 207 More Stories follow, with no "Show more" button', { timeout: 90_000 }, async () => {
  draw('loading', []);
  expect(container.querySelector('main')).toHaveAttribute('aria-busy', 'true');
  draw('live', manyStories(210));
  const [top, more] = sections();
  expect(top?.querySelector('h2')).toHaveTextContent('Top Stories');
  expect(cardsIn(top)).toBe(3);
  expect(more?.querySelector('h2')).toHaveTextContent('More Stories');
  expect(cardsIn(more)).toBe(8);
  expect(within(container).getByText('210 stories')).toBeInTheDocument();
  await waitFor(() => expect(cardsIn(sections()[1])).toBe(207), { timeout: 60_000 });
  expect([...(sections()[1]?.querySelectorAll('h3') ?? [])].at(-1)).toHaveTextContent('Story 209');
  expect([...container.querySelectorAll('button')].some((button) => /show more/i.test(button.textContent ?? ''))).toBe(false);
});

// docs/product.md#loading-failure-retry-and-fallback (kept stories, then the live answer): the page keeps its height, so the visitor keeps their place.
test('when the live answer replaces 210 kept stories, the first commit still shows all 210 cards', { timeout: 90_000 }, async () => {
  const kept = manyStories(210);
  draw('live', kept);
  await waitFor(() => expect(container.querySelectorAll('article')).toHaveLength(210), { timeout: 60_000 });
  draw('live', kept.map((story) => ({ ...story, summary: `${story.summary} Updated.` })));
  expect(container.querySelectorAll('article')).toHaveLength(210);
  expect(container.querySelectorAll('article')[209]).toHaveTextContent('Updated.');
});

test('after a search with no match, the next 210 matches come back a first screen at a time', { timeout: 90_000 }, async () => {
  draw('live', manyStories(210));
  await waitFor(() => expect(container.querySelectorAll('article')).toHaveLength(210), { timeout: 60_000 });
  draw('live', []);
  draw('live', manyStories(210));
  expect(container.querySelectorAll('article')).toHaveLength(11);
  await waitFor(() => expect(container.querySelectorAll('article')).toHaveLength(210), { timeout: 60_000 });
});

test('the first Top Story with an image loads it at once and first; the other images load as they near the screen', () => {
  draw('live', [makeStory({ id: 'a', image: undefined }), makeStory({ id: 'b', image: 'https://images.example.com/b.jpg' }), makeStory({ id: 'c', image: 'https://images.example.com/c.jpg' }), makeStory({ id: 'd', image: 'https://images.example.com/d.jpg' })]);
  const images = [...container.querySelectorAll('img')];
  expect(images.map((image) => [image.getAttribute('src'), image.getAttribute('loading'), image.getAttribute('fetchpriority')])).toEqual([
    ['https://images.example.com/b.jpg', 'eager', 'high'],
    ['https://images.example.com/c.jpg', 'lazy', 'auto'],
    ['https://images.example.com/d.jpg', 'lazy', 'auto'],
  ]);
});

test('announces "1 story" for a single match', () => {
  renderArea([makeStory()]);
  expect(screen.getByText('1 story')).toBeInTheDocument();
});
