// @vitest-environment jsdom
/**
 * The snapshot of the first cards painted before the app (src/snapshot/): when it shows, what
 * it shows, and that it never doubles the page for assistive technology
 * (docs/product.md#loading-failure-retry-and-fallback, docs/product.md#stored-in-the-browser).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkedStories } from '../../src/app/checked-stories.ts';
import { FIRST_CARDS, TOP_STORIES_COUNT } from '../../src/app/StoryArea.tsx';
import { bootHandoff, resetBootHandoff } from '../../src/boot/handoff.ts';
import { storiesFromAnswer } from '../../src/domain/normalize.ts';
import { serializeKeptStories } from '../../src/domain/kept-feed.ts';
import type { Story } from '../../src/domain/story.ts';
import { endSnapshot, firstValidStories, isUnfilteredHome, startSnapshot } from '../../src/snapshot/boot.ts';
import { BEHIND_SNAPSHOT, SNAPSHOT_MORE, SNAPSHOT_TOP } from '../../src/snapshot/paint.ts';
import { stories, story } from './snapshot-stories.ts';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

function keep(list: Story[], savedAt = new Date(NOW - 60_000)) {
  localStorage.setItem('newsLastFeed', serializeKeptStories(list, savedAt));
}

/** A page whose app has made its own feed call: there is no early answer to look at. */
const noCall = () => undefined;

/** Resolves on the next task: the answer's callbacks have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const visibleArticles = () => [...document.querySelectorAll('#snapshot article')];
const titles = () => visibleArticles().map((article) => article.querySelector('h3')?.textContent);

beforeEach(() => {
  resetBootHandoff();
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the snapshot from kept stories (a repeat visit)', () => {
  it('shows the first kept stories at once, in order, as the home page does: Top Stories then More Stories', () => {
    keep(stories(30));
    startSnapshot(document, { startFeedCall: noCall, now: NOW });
    expect(titles()).toEqual(stories(SNAPSHOT_TOP + SNAPSHOT_MORE).map((s) => s.title));
    const headings = [...document.querySelectorAll('#snapshot h1, #snapshot h2')].map((h) => `${h.localName} ${h.textContent}`);
    expect(headings).toEqual(['h1 Newsroom', 'h2 Top Stories', 'h2 More Stories']);
    const top = document.querySelector('#snapshot section');
    expect(top?.querySelectorAll('article')).toHaveLength(SNAPSHOT_TOP);
    // Each card is named by its heading, like the app's.
    const first = visibleArticles()[0]!;
    expect(document.getElementById(first.getAttribute('aria-labelledby')!)?.textContent).toBe('Story number 1');
    expect(first.querySelector('a')?.getAttribute('href')).toBe('https://news.example/1');
    expect(first.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-22T10:00:00.000Z');
  });

  it('shows as many cards as the first render of the app\'s story list, so the page keeps its length at the handover', () => {
    expect([SNAPSHOT_TOP, SNAPSHOT_MORE]).toEqual([TOP_STORIES_COUNT, FIRST_CARDS]);
  });

  it('hides the app behind it, and hands over in one step: one banner, one main, one h1 at any time', () => {
    keep(stories(5));
    startSnapshot(document, { startFeedCall: noCall, now: NOW });
    const root = document.getElementById('root')!;
    root.innerHTML = '<header><h1>Newsroom</h1></header><main><article><h3>App card</h3></article></main>';
    // The app renders out of sight (visibility: hidden leaves the accessibility tree).
    expect(root.hasAttribute(BEHIND_SNAPSHOT)).toBe(true);
    expect(document.querySelectorAll(`#snapshot main, #root:not([${BEHIND_SNAPSHOT}]) main`)).toHaveLength(1);

    endSnapshot(document);
    expect(document.getElementById('snapshot')).toBeNull();
    expect(root.hasAttribute(BEHIND_SNAPSHOT)).toBe(false);
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('shows only the cards there are: no More Stories section for three stories', () => {
    keep(stories(3));
    startSnapshot(document, { startFeedCall: noCall, now: NOW });
    expect(titles()).toHaveLength(3);
    expect([...document.querySelectorAll('#snapshot h2')].map((h) => h.textContent)).toEqual(['Top Stories']);
  });

  it('shows story text as text, never as markup', () => {
    keep([story(1, { title: '<img src=x onerror="alert(1)">Breaking', summary: '<b>bold</b>' })]);
    startSnapshot(document, { startFeedCall: noCall, now: NOW });
    expect(titles()).toEqual(['<img src=x onerror="alert(1)">Breaking']);
    expect(document.querySelector('#snapshot img[onerror]')).toBeNull();
    expect(document.querySelector('#snapshot b')).toBeNull();
  });

  it('carries no image frame without an http(s) image, and no link without an http(s) URL', () => {
    keep([story(1, { image: undefined }), story(2, { image: 'https://img.example/2.jpg' })]);
    startSnapshot(document, { startFeedCall: noCall, now: NOW });
    const [first, second] = visibleArticles();
    expect(first?.querySelector('img')).toBeNull();
    expect(second?.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('drops an image that fails to load and keeps its frame, so nothing moves', () => {
    keep([story(1, { image: 'https://img.example/1.jpg' })]);
    startSnapshot(document, { startFeedCall: noCall, now: NOW });
    const [first] = visibleArticles();
    first?.querySelector('img')?.dispatchEvent(new Event('error'));
    expect(first?.querySelector('img')).toBeNull();
    expect(first?.querySelector('.snap-image')).not.toBeNull();
  });

  it.each([
    ['a search', '/?q=storm'],
    ['a category', '/?category=World'],
    ['saved stories only', '/?saved=1'],
    ['another page', '/about'],
  ])('is not shown with %s in the URL (its first cards are not known)', (_, url) => {
    keep(stories(5));
    window.history.replaceState(null, '', url);
    startSnapshot(document, { startFeedCall: noCall, now: NOW });
    expect(document.getElementById('snapshot')).toBeNull();
    expect(document.getElementById('root')?.hasAttribute(BEHIND_SNAPSHOT)).toBe(false);
  });

  it.each([
    ['kept 24 hours ago or more', () => keep(stories(5), new Date(NOW - 24 * 60 * 60 * 1000))],
    ['not JSON', () => localStorage.setItem('newsLastFeed', '{"saved_at":')],
    ['with no valid story', () => localStorage.setItem('newsLastFeed', JSON.stringify({ saved_at: new Date(NOW - 1000).toISOString(), stories: [{ id: 1 }] }))],
  ])('counts kept stories %s as absent', (_, store) => {
    store();
    startSnapshot(document, { startFeedCall: noCall, now: NOW });
    expect(document.getElementById('snapshot')).toBeNull();
  });

  it('treats storage that throws as empty', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', { configurable: true, get: () => { throw new Error('SecurityError'); } });
    try {
      expect(() => startSnapshot(document, { startFeedCall: noCall, now: NOW })).not.toThrow();
      expect(document.getElementById('snapshot')).toBeNull();
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });

  /** The document as the parser leaves it while it runs the head's scripts: still loading, with an empty body. */
  function whileParsing(run: (finishParsing: () => void) => Promise<void>) {
    document.body.innerHTML = '';
    let state: DocumentReadyState = 'loading';
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
    const finishParsing = () => {
      state = 'interactive';
      document.dispatchEvent(new Event('readystatechange'));
    };
    return run(finishParsing).finally(() => {
      delete (document as unknown as Record<string, unknown>).readyState;
    });
  }

  it('run in the head, paints as soon as #root is parsed, before the rest of the page, and only once', () =>
    whileParsing(async (finishParsing) => {
      keep(stories(5));
      const startFeedCall = vi.fn(noCall);
      startSnapshot(document, { startFeedCall, now: NOW });
      document.body.append(document.createElement('p'));
      await Promise.resolve();
      expect(document.getElementById('snapshot')).toBeNull();
      expect(startFeedCall).not.toHaveBeenCalled();
      const root = document.createElement('div');
      root.id = 'root';
      document.body.append(root);
      // Mutation observers report in a microtask: at the end of the parser's task that added #root.
      await Promise.resolve();
      expect(document.readyState).toBe('loading');
      expect(titles()).toHaveLength(5);
      expect(startFeedCall).toHaveBeenCalledOnce();
      finishParsing();
      expect(document.querySelectorAll('#snapshot')).toHaveLength(1);
      expect(startFeedCall).toHaveBeenCalledOnce();
    }));

  it('run in the head of a page without #root, paints nothing and starts the call once parsing ends', () =>
    whileParsing(async (finishParsing) => {
      keep(stories(5));
      const startFeedCall = vi.fn(noCall);
      startSnapshot(document, { startFeedCall, now: NOW });
      document.body.append(document.createElement('main'));
      await Promise.resolve();
      expect(startFeedCall).not.toHaveBeenCalled();
      finishParsing();
      expect(document.getElementById('snapshot')).toBeNull();
      expect(startFeedCall).toHaveBeenCalledOnce();
    }));
});

describe('when the page\'s first feed call starts', () => {
  it('starts after the kept stories are painted: they need no network, and the call\'s work would hold them back', () => {
    keep(stories(2));
    const painted: number[] = [];
    startSnapshot(document, { startFeedCall: () => void painted.push(titles().length), now: NOW });
    expect(painted).toEqual([2]);
  });

  it('says whether kept stories show while it runs: with them, the first cards do not wait for it', () => {
    const withKept = (label: string) => {
      const startFeedCall = vi.fn((_withKeptStories: boolean) => undefined);
      startSnapshot(document, { startFeedCall, now: NOW });
      return [label, startFeedCall.mock.calls[0]?.[0]];
    };
    const seen = [withKept('none kept')];
    keep(stories(2), new Date(NOW - 25 * 60 * 60 * 1000));
    seen.push(withKept('older than 24 hours'));
    keep(stories(2));
    seen.push(withKept('kept, on the home page'));
    window.history.replaceState(null, '', '/?q=storm');
    seen.push(withKept('kept, a search'));
    expect(seen).toEqual([
      ['none kept', false],
      ['older than 24 hours', false],
      ['kept, on the home page', true],
      ['kept, a search', true],
    ]);
  });

  it('starts at once without kept stories (their snapshot is the answer\'s), with unreadable or old ones, and on any other page', () => {
    const seen: string[] = [];
    const check = (label: string) => {
      const startFeedCall = vi.fn(noCall);
      startSnapshot(document, { startFeedCall, now: NOW });
      if (startFeedCall.mock.calls.length === 1 && document.getElementById('snapshot') === null) seen.push(label);
    };
    check('none kept');
    localStorage.setItem('newsLastFeed', '{not json');
    check('unreadable');
    keep(stories(2), new Date(NOW - 25 * 60 * 60 * 1000));
    check('older than 24 hours');
    keep(stories(2));
    window.history.replaceState(null, '', '/?q=storm');
    check('a search');
    expect(seen).toEqual(['none kept', 'unreadable', 'older than 24 hours', 'a search']);
  });
});

describe('the snapshot from the first answer (a first visit)', () => {
  it('shows the answer\'s first valid stories when it arrives, with "New" on stories since the last visit', async () => {
    localStorage.setItem('newsLastVisit', '2026-11-22T09:00:00.000Z');
    const answer = { stories: [{ id: 'bad' }, story(1), story(1, { title: 'A repeat' }), story(2, { published_at: '2026-11-22T08:00:00.000Z' })] };
    startSnapshot(document, { startFeedCall: () => Promise.resolve(answer), now: NOW });
    expect(document.getElementById('snapshot')).toBeNull();
    await settle();
    expect(titles()).toEqual(['Story number 1', 'Story number 2']);
    expect(visibleArticles().map((a) => a.querySelector('.snap-new')?.textContent ?? '')).toEqual(['New', '']);
  });

  it('paints in the task that brings the answer: a later task would wait behind the app\'s start (its script, its first render)', async () => {
    const call = Promise.resolve({ stories: stories(3) });
    startSnapshot(document, { startFeedCall: () => call, now: NOW });
    // Reactions run in order: the snapshot's came first.
    await call;
    expect(titles()).toEqual(['Story number 1', 'Story number 2', 'Story number 3']);
  });

  it('is shown over the app\'s skeleton (the app\'s own cards may follow a second later), which it hides until then', async () => {
    let answer: (value: unknown) => void = () => {};
    startSnapshot(document, { startFeedCall: () => new Promise((resolve) => (answer = resolve)), now: NOW });
    document.getElementById('root')!.innerHTML = '<main aria-busy="true"></main>';
    answer({ stories: stories(3) });
    await settle();
    expect(titles()).toEqual(['Story number 1', 'Story number 2', 'Story number 3']);
    expect(document.getElementById('root')).toHaveAttribute(BEHIND_SNAPSHOT);
  });

  it('is not shown over a page the visitor has started to use (focus inside the app), which it would hide', async () => {
    let answer: (value: unknown) => void = () => {};
    startSnapshot(document, { startFeedCall: () => new Promise((resolve) => (answer = resolve)), now: NOW });
    document.getElementById('root')!.innerHTML = '<main aria-busy="true"><input aria-label="Search news stories"></main>';
    document.querySelector<HTMLInputElement>('#root input')!.focus();
    answer({ stories: stories(3) });
    await settle();
    expect(document.getElementById('snapshot')).toBeNull();
  });

  it('prefers the kept stories, which show at once', async () => {
    keep([story(9)]);
    startSnapshot(document, { startFeedCall: () => Promise.resolve({ stories: stories(3) }), now: NOW });
    await settle();
    expect(titles()).toEqual(['Story number 9']);
  });

  it('is not shown once the app shows its own page, nor for a failed call or an answer with no stories', async () => {
    let answer: (value: unknown) => void = () => {};
    startSnapshot(document, { startFeedCall: () => new Promise((resolve) => (answer = resolve)), now: NOW });
    endSnapshot(document);
    answer({ stories: stories(3) });
    await settle();
    expect(document.getElementById('snapshot')).toBeNull();
    expect(bootHandoff().snapshotEnded).toBe(true);

    resetBootHandoff();
    startSnapshot(document, { startFeedCall: () => Promise.reject(new Error('offline')), now: NOW });
    startSnapshot(document, { startFeedCall: () => Promise.resolve({ stories: [] }), now: NOW });
    startSnapshot(document, { startFeedCall: () => Promise.resolve('not an object'), now: NOW });
    await settle();
    expect(document.getElementById('snapshot')).toBeNull();
  });
});

describe('firstValidStories', () => {
  it('gives the first stories exactly as validating the whole answer does', () => {
    const items: unknown[] = [];
    for (let i = 0; i < 60; i += 1) {
      items.push(i % 7 === 3 ? { id: `x${i}` } : story(i % 13, { title: `T${i}` }));
    }
    const answer = { stories: items };
    for (const count of [1, 5, 11, 13, 20]) {
      expect(firstValidStories(answer, count)).toEqual(storiesFromAnswer(answer).stories.slice(0, count));
    }
  });

  it('takes the stories a worker has validated already as they are', () => {
    expect(firstValidStories(checkedStories(stories(20)), 11)).toEqual(stories(11));
  });

  it('gives none for an answer without a stories list', () => {
    for (const answer of [null, [], 'text', {}, { stories: 'no' }]) expect(firstValidStories(answer, 5)).toEqual([]);
  });
});

describe('isUnfilteredHome', () => {
  it('is the home page with no filter, whatever else the URL carries', () => {
    expect(isUnfilteredHome({ pathname: '/', search: '' })).toBe(true);
    expect(isUnfilteredHome({ pathname: '/', search: '?utm_source=feed' })).toBe(true);
    expect(isUnfilteredHome({ pathname: '/', search: '?q=storm' })).toBe(false);
    expect(isUnfilteredHome({ pathname: '/x', search: '' })).toBe(false);
  });
});
