// @vitest-environment jsdom
/**
 * The boot script (src/feed-boot.ts) as a page runs it: what it does first. The date format's
 * first construction costs a page tens of milliseconds (70-160 ms at 4x CPU throttling,
 * docs/performance.md), so the feed call must be on its way before it.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { resetBootHandoff } from '../../src/boot/handoff.ts';

let order: string[] = [];
const RealDateTimeFormat = Intl.DateTimeFormat;

beforeEach(() => {
  order = [];
  vi.resetModules();
  resetBootHandoff();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => {
      order.push('feed call');
      return new Promise<never>(() => {});
    }),
  );
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    order.push('date format');
    return new RealDateTimeFormat(...args);
  } as unknown as typeof Intl.DateTimeFormat);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('starts the feed call first, and builds the date format in a task of its own after it', async () => {
  await import('../../src/feed-boot.ts');
  expect(order).toEqual(['feed call']);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(order).toEqual(['feed call', 'date format']);
});

it('with kept stories, paints them at once, then starts the call, and writes their dates after their first frame', async () => {
  const story = { id: 'k1', title: 'Kept story', summary: '', source: 'Source', url: 'https://news.example/k1', published_at: '2026-11-22T10:00:00.000Z', category: 'World' };
  localStorage.setItem('newsLastFeed', JSON.stringify({ saved_at: new Date().toISOString(), stories: [story] }));
  document.body.innerHTML = '<div id="root"></div>';
  await import('../../src/feed-boot.ts');
  expect(document.querySelector('#snapshot h3')?.textContent).toBe('Kept story');
  const time = document.querySelector('#snapshot time');
  expect(time).toHaveAttribute('datetime', '2026-11-22T10:00:00.000Z');
  expect(time?.textContent).toBe('');
  expect(order).toEqual(['feed call']);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  expect(order).toEqual(['feed call', 'date format']);
  expect(time?.textContent).toBe(new RealDateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(story.published_at)));
});
