// @vitest-environment jsdom
/**
 * The boot script (src/feed-boot.ts) as a page runs it: what it does first. It builds no
 * Intl.DateTimeFormat: a page's first one costs 80-160 ms at 4x CPU throttling
 * (docs/performance.md), and the cards' dates are formatted without it (src/domain/format.ts).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { resetBootHandoff } from '../../src/boot/handoff.ts';

let order: string[] = [];

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
  const RealDateTimeFormat = Intl.DateTimeFormat;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    order.push('date format');
    return new RealDateTimeFormat(...args);
  } as unknown as typeof Intl.DateTimeFormat);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the boot script's timers and the page's next frame run. */
const afterAFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

it('starts the feed call at once, and builds no date format', async () => {
  await import('../../src/feed-boot.ts');
  expect(order).toEqual(['feed call']);
  await afterAFrame();
  expect(order).toEqual(['feed call']);
});

it('with kept stories, paints them with their dates at once, then starts the call', async () => {
  const story = { id: 'k1', title: 'Kept story', summary: '', source: 'Source', url: 'https://news.example/k1', published_at: '2026-11-22T10:00:00.000Z', category: 'World' };
  localStorage.setItem('newsLastFeed', JSON.stringify({ saved_at: new Date().toISOString(), stories: [story] }));
  document.body.innerHTML = '<div id="root"></div>';
  await import('../../src/feed-boot.ts');
  expect(document.querySelector('#snapshot h3')?.textContent).toBe('Kept story');
  const time = document.querySelector('#snapshot time');
  expect(time).toHaveAttribute('datetime', '2026-11-22T10:00:00.000Z');
  expect(time?.textContent).toBe(new Date(story.published_at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }));
  expect(order).toEqual(['feed call']);
  await afterAFrame();
  expect(order).toEqual(['feed call']);
});
