// @vitest-environment jsdom
/**
 * Stories kept for the next visit, in the whole app (docs/product.md#loading-failure-retry-and-fallback,
 * docs/product.md#stored-in-the-browser): shown at once from `newsLastFeed`, replaced by the live
 * answer (or held back behind "N new stories" while the visitor reads), kept with the offline
 * notice when the call fails, and every way the stored value or the storage can be broken.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Story } from '../../src/domain/story.ts';
import { liveAnswer, renderApp, showLiveStories, storyArea, waitForLoaded } from './harness.tsx';

const HOUR = 60 * 60 * 1000;
const DEMO_NOTICE = 'Currently showing demo content. The live news feed will be available once API access is configured.';

const keptStory = (n: number): Story => ({
  id: `kept-${n}`,
  title: `Kept story number ${n}`,
  summary: 'Read on the previous visit',
  source: 'Yesterday Times',
  url: `https://news.example.org/kept/${n}`,
  published_at: '2026-11-20T08:00:00.000Z',
  category: 'World',
});
const KEPT = [1, 2, 3, 4, 5].map(keptStory);

function keep(value: unknown, savedAt = new Date(Date.now() - 2 * HOUR).toISOString()) {
  localStorage.setItem('newsLastFeed', JSON.stringify({ saved_at: savedAt, stories: value }));
  return savedAt;
}

/** The story cards' titles; with `hidden`, without checking that each card is exposed to assistive technology. */
const titles = ({ hidden = false } = {}) =>
  within(storyArea())
    .getAllByRole('article', { hidden })
    .map((article) => within(article).getByRole('heading', { level: 3, hidden }).textContent);
/**
 * Waits for the story area to show these titles. The looks while waiting skip the role
 * computation's style checks, and only the story area's own changes start one: in jsdom each
 * full look costs a getComputedStyle per card, and the style rules styled-components adds to
 * the head as components render would each start one; waiting then competed with the render
 * it waited for. The last look is the full one.
 */
async function showsTitles(expected: (string | null)[]) {
  await waitFor(() => expect(titles({ hidden: true })).toEqual(expected), { container: storyArea() });
  expect(titles()).toEqual(expected);
}
const liveTitles = liveAnswer.stories.map((story) => story.title);
const keptTitles = KEPT.map((story) => story.title);
const offlineText = (savedAt: string) =>
  `You're offline. Showing stories from ${new Date(savedAt).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}.`;

function scrollPage(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

describe('stories kept by an earlier visit', () => {
  it('show at once, with no skeleton, while the live call runs; the live answer replaces them', async () => {
    keep(KEPT);
    const { backend } = await renderApp();
    expect(storyArea()).toHaveAttribute('aria-busy', 'false');
    await showsTitles(keptTitles);
    expect(backend.fetchCount).toBe(1);
    await showLiveStories(backend);
    await showsTitles(liveTitles);
    expect(screen.queryByRole('button', { name: 'Show latest stories' })).toBeNull();
  });

  it('stay with the offline notice, instead of the demo notice, when the call fails after its retry', async () => {
    const savedAt = keep(KEPT);
    const { backend } = await renderApp();
    await backend.fail();
    await backend.fail(new Error('FunctionsHttpError: 503'));
    const notice = await screen.findByText(offlineText(savedAt));
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(titles()).toEqual(keptTitles);
    expect(screen.queryByText(DEMO_NOTICE)).toBeNull();
  });

  it('give way to the sample stories and the demo notice when the live feed answers with no stories', async () => {
    const savedAt = keep(KEPT);
    const { backend } = await renderApp();
    await backend.answer({ stories: [] });
    await screen.findByText(DEMO_NOTICE);
    expect(screen.queryByText(offlineText(savedAt))).toBeNull();
    for (const title of keptTitles) expect(screen.queryByText(title)).toBeNull();
  });

  it('after the offline notice, a later live answer replaces them and the notice goes', async () => {
    const savedAt = keep(KEPT);
    const { backend } = await renderApp();
    await backend.fail();
    await backend.fail();
    await screen.findByText(offlineText(savedAt));
    act(() => window.dispatchEvent(new Event('focus')));
    await showLiveStories(backend);
    await showsTitles(liveTitles);
    expect(screen.queryByText(offlineText(savedAt))).toBeNull();
  });

  it('store every live answer with stories as { saved_at, stories }, validated', async () => {
    const before = Date.now();
    const { backend } = await renderApp();
    await showLiveStories(backend, { stories: [...liveAnswer.stories, { id: 'broken', title: 'No link' }] });
    // Kept in a task after the answer's render (src/feed/actors.ts).
    await waitFor(() => expect(localStorage.getItem('newsLastFeed')).not.toBeNull());
    const stored = JSON.parse(localStorage.getItem('newsLastFeed') ?? 'null') as { saved_at: string; stories: Story[] };
    expect(stored.stories.map((story) => story.id)).toEqual(liveAnswer.stories.map((story) => story.id));
    expect(Date.parse(stored.saved_at)).toBeGreaterThanOrEqual(before);
    expect(new Date(stored.saved_at).toISOString()).toBe(stored.saved_at);
  });
});

describe('a live answer while the visitor reads the kept stories', () => {
  it('waits behind "N new stories" when the page is scrolled; the button shows it', async () => {
    keep(KEPT);
    scrollPage(600);
    try {
      const { backend, user } = await renderApp();
      await showsTitles(keptTitles);
      // The live answer shares one story with the kept ones.
      const answer = { stories: [...liveAnswer.stories, KEPT[0]] };
      await backend.answer(answer);
      const button = await screen.findByRole('button', { name: 'Show latest stories' });
      const status = button.closest('[role="status"]');
      expect(status).not.toBeNull();
      expect(status).toHaveTextContent(`${liveAnswer.stories.length} new stories`);
      expect(titles()).toEqual(keptTitles);
      await user.click(button);
      await showsTitles([...liveTitles, KEPT[0]!.title]);
      expect(storyArea()).toHaveFocus();
      expect(screen.queryByRole('button', { name: 'Show latest stories' })).toBeNull();
    } finally {
      scrollPage(0);
    }
  });

  it('waits when focus is inside the story list, and says "1 new story" for one', async () => {
    keep(KEPT);
    const { backend } = await renderApp();
    await showsTitles(keptTitles);
    within(storyArea()).getAllByRole('link', { name: /^Read more about / })[2]!.focus();
    await backend.answer({ stories: [...KEPT, liveAnswer.stories[0]] });
    const button = await screen.findByRole('button', { name: 'Show latest stories' });
    expect(button.closest('[role="status"]')).toHaveTextContent('1 new story');
    expect(titles()).toEqual(keptTitles);
  });

  it('says "Stories updated" when the answer brings no story that is not already shown', async () => {
    keep(KEPT);
    scrollPage(10);
    try {
      const { backend } = await renderApp();
      await showsTitles(keptTitles);
      await backend.answer({ stories: [...KEPT].reverse() });
      const button = await screen.findByRole('button', { name: 'Show latest stories' });
      expect(button.closest('[role="status"]')).toHaveTextContent('Stories updated');
    } finally {
      scrollPage(0);
    }
  });
});

describe('what counts as nothing kept: the first-visit rules, unchanged', () => {
  async function expectFirstVisitFallback() {
    const { backend } = await renderApp();
    expect(storyArea()).toHaveAttribute('aria-busy', 'true');
    await backend.fail();
    await backend.fail();
    await screen.findByText(DEMO_NOTICE);
    await waitForLoaded();
    expect(titles()).toHaveLength(6);
    expect(screen.queryByText(/You're offline/)).toBeNull();
  }

  it('stories kept 24 hours ago or more', async () => {
    keep(KEPT, new Date(Date.now() - 24 * HOUR - 1000).toISOString());
    await expectFirstVisitFallback();
  });

  it.each([
    ['not JSON', '{"saved_at": "2026-'],
    ['no valid story', JSON.stringify({ saved_at: new Date().toISOString(), stories: [{ id: 'x' }] })],
    ['a saved_at that is not a date', JSON.stringify({ saved_at: 'this morning', stories: KEPT })],
  ])('a stored value that is %s', async (_case, value) => {
    localStorage.setItem('newsLastFeed', value);
    await expectFirstVisitFallback();
  });

  it('storage that throws on read (privacy mode)', async () => {
    keep(KEPT);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await expectFirstVisitFallback();
  });
});

describe('storage that refuses to keep them', () => {
  it('a full storage leaves the live stories working; nothing is kept', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { backend } = await renderApp();
    await showLiveStories(backend);
    await showsTitles(liveTitles);
    await waitFor(() => expect(setItem).toHaveBeenCalledWith('newsLastFeed', expect.any(String)));
    setItem.mockRestore();
    expect(localStorage.getItem('newsLastFeed')).toBeNull();
  });
});
