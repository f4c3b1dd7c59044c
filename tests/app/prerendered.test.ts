// @vitest-environment jsdom
/**
 * The prerendered home page (src/snapshot/prerendered.ts, docs/deploy.md#offline-and-updates):
 * the template filled safely, the gate that decides whether its cards may show, the boot
 * script taking over or removing them, and the writer putting the page into this build's cache.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootHandoff } from '../../src/boot/handoff.ts';
import { serializeKeptStories } from '../../src/domain/kept-feed.ts';
import type { Story } from '../../src/domain/story.ts';
import { startSnapshot } from '../../src/snapshot/boot.ts';
import { keepSnapshotPage, snapshotMarkup } from '../../src/snapshot/keep-page.ts';
import { BEHIND_SNAPSHOT, SNAPSHOT_CARDS } from '../../src/snapshot/paint.ts';
import {
  fillSnapshotPage,
  prerenderedSnapshotHolds,
  SAVED_AT_META,
  SAVED_AT_SLOT,
  SITE_CACHE_PREFIX,
  SITE_SHELL,
  SNAPSHOT_MARKUP_SLOT,
  SNAPSHOT_PAGE_TEMPLATE,
  SNAPSHOT_WRITER_PATH,
  STALE_SNAPSHOT,
} from '../../src/snapshot/prerendered.ts';
import { snapshotCss } from '../../src/snapshot/styles.ts';
import { APP_SHELL, CACHE_PREFIX } from '../../src/sw/policy.ts';
import { stories, story } from './snapshot-stories.ts';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const SAVED_AT = new Date(NOW - 60_000).toISOString();
const APP_SCRIPT = '/assets/index-abc123.js';

/** A template as the build makes it (scripts/feed-boot-plugin.ts), reduced to what matters here. */
const TEMPLATE = [
  `<!doctype html><html lang="en" ${STALE_SNAPSHOT}><head>`,
  `<meta name="${SAVED_AT_META}" content="${SAVED_AT_SLOT}" />`,
  '<script>/* the gate */</script></head><body>',
  `${SNAPSHOT_MARKUP_SLOT}<div id="root" ${BEHIND_SNAPSHOT}></div>`,
  '<script defer src="/assets/feed-boot-1.js"></script>',
  `<script type="module" crossorigin src="${APP_SCRIPT}"></script></body></html>`,
].join('\n');

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

beforeEach(() => {
  resetBootHandoff();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(STALE_SNAPSHOT);
  vi.unstubAllGlobals();
});

describe('filling the template', () => {
  it('puts the snapshot before #root and the kept stories\' saved_at in the meta tag', () => {
    const page = parse(fillSnapshotPage(TEMPLATE, snapshotMarkup(stories(30)), SAVED_AT)!);
    expect(page.querySelector(`meta[name="${SAVED_AT_META}"]`)?.getAttribute('content')).toBe(SAVED_AT);
    expect(page.getElementById('snapshot')?.nextElementSibling?.id).toBe('root');
    const titles = [...page.querySelectorAll('#snapshot h3')].map((h) => h.textContent);
    expect(titles).toEqual(stories(SNAPSHOT_CARDS).map((s) => s.title));
    // Kept stories carry no "New".
    expect(page.querySelector('#snapshot .snap-new')).toBeNull();
  });

  it('keeps hostile story text as text: no element, attribute or script comes from a story', () => {
    const hostile = story(1, {
      title: '</h3></div><script>alert(1)</script><img src=x onerror=alert(2)>',
      summary: '$& $1 $` <!-- -->',
      source: '"><svg onload=alert(3)>',
      url: 'https://news.example/a"onmouseover="alert(4)',
    });
    const page = parse(fillSnapshotPage(TEMPLATE, snapshotMarkup([hostile]), SAVED_AT)!);
    expect([...page.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual([
      null,
      '/assets/feed-boot-1.js',
      APP_SCRIPT,
    ]);
    expect(page.querySelectorAll('svg, #snapshot img:not([src^="https://img.example/"])')).toHaveLength(0);
    const attributes = [...page.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((a) => a.name));
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(page.querySelector('#snapshot h3')?.textContent).toBe(hostile.title);
    // `$&` and the like are not replacement patterns here.
    expect(page.querySelector('#snapshot .snap-summary')?.textContent).toBe(hostile.summary);
    expect(page.querySelector('#snapshot .snap-source')?.textContent).toBe(hostile.source);
    expect(page.querySelector('#snapshot a')?.getAttribute('href')).toBe(hostile.url);
  });

  it('replaces the two slots and nothing else, byte for byte', () => {
    const template = `<head>${SAVED_AT_SLOT}</head><body>${SNAPSHOT_MARKUP_SLOT}<div id="root"></div></body>`;
    expect(fillSnapshotPage(template, '<div id="snapshot">$& $1</div>', SAVED_AT)).toBe(`<head>${SAVED_AT}</head><body><div id="snapshot">$& $1</div><div id="root"></div></body>`);
    // Either slot may come first, even at the very start.
    expect(fillSnapshotPage(`${SNAPSHOT_MARKUP_SLOT}${SAVED_AT_SLOT}`, 'M', SAVED_AT)).toBe(`M${SAVED_AT}`);
    expect(fillSnapshotPage(`${SAVED_AT_SLOT}${SNAPSHOT_MARKUP_SLOT}`, 'M', SAVED_AT)).toBe(`${SAVED_AT}M`);
  });

  it('names the files and the meta tag that the build, the worker and docs/deploy.md name', () => {
    expect([SNAPSHOT_PAGE_TEMPLATE, SNAPSHOT_WRITER_PATH, SAVED_AT_META]).toEqual(['/snapshot.html', '/snapshot-writer.js', 'snapshot-saved-at']);
  });

  it('refuses a saved_at that is not an ISO time, and a template without exactly one of each slot', () => {
    const markup = snapshotMarkup(stories(1));
    expect(fillSnapshotPage(TEMPLATE, markup, '2026-11-22')).toBeNull();
    expect(fillSnapshotPage(TEMPLATE, markup, `${SAVED_AT}" onload="x`)).toBeNull();
    expect(fillSnapshotPage(TEMPLATE, markup, `x" onload="${SAVED_AT}`)).toBeNull();
    expect(fillSnapshotPage(TEMPLATE.replace(SNAPSHOT_MARKUP_SLOT, ''), markup, SAVED_AT)).toBeNull();
    expect(fillSnapshotPage(TEMPLATE.replace(SAVED_AT_SLOT, ''), markup, SAVED_AT)).toBeNull();
    expect(fillSnapshotPage(`${TEMPLATE}${SNAPSHOT_MARKUP_SLOT}`, markup, SAVED_AT)).toBeNull();
    expect(fillSnapshotPage(`${TEMPLATE}${SAVED_AT_SLOT}`, markup, SAVED_AT)).toBeNull();
  });
});

describe('the gate: whether the cards in the HTML may show', () => {
  function headWith(savedAt: string | null) {
    document.head.innerHTML = savedAt === null ? '' : `<meta name="${SAVED_AT_META}" content="${savedAt}">`;
  }
  const kept = (savedAt = new Date(NOW - 60_000)) => serializeKeptStories(stories(3), savedAt);

  it('they may while the kept stories are the ones they were made from, under 24 hours old, on the unfiltered home page', () => {
    headWith(SAVED_AT);
    expect(prerenderedSnapshotHolds(document, kept(), NOW)).toBe(true);
    window.history.replaceState(null, '', '/?utm_source=feed');
    expect(prerenderedSnapshotHolds(document, kept(), NOW)).toBe(true);
  });

  it('they may not once other stories are kept, the kept ones are gone, unreadable or 24 hours old, or on another page', () => {
    headWith(SAVED_AT);
    expect(prerenderedSnapshotHolds(document, kept(new Date(NOW - 30_000)), NOW)).toBe(false);
    expect(prerenderedSnapshotHolds(document, null, NOW)).toBe(false);
    expect(prerenderedSnapshotHolds(document, '{not json', NOW)).toBe(false);
    expect(prerenderedSnapshotHolds(document, kept(), Date.parse(SAVED_AT) + 24 * 60 * 60 * 1000)).toBe(false);
    window.history.replaceState(null, '', '/?q=storm');
    expect(prerenderedSnapshotHolds(document, kept(), NOW)).toBe(false);
    window.history.replaceState(null, '', '/missing');
    expect(prerenderedSnapshotHolds(document, kept(), NOW)).toBe(false);
  });

  it('they may not in a page without the meta tag (the plain page, or the template itself)', () => {
    headWith(null);
    expect(prerenderedSnapshotHolds(document, kept(), NOW)).toBe(false);
    headWith(SAVED_AT_SLOT);
    expect(prerenderedSnapshotHolds(document, kept(), NOW)).toBe(false);
  });

  it('the snapshot\'s styles hide them when the gate has marked the page', () => {
    expect(snapshotCss()).toContain(`html[${STALE_SNAPSHOT}] #snapshot{display:none}`);
  });
});

describe('the boot script in the prerendered page (deferred: it runs once the page is parsed)', () => {
  function prerenderedBody(list: Story[]) {
    document.body.innerHTML = `${snapshotMarkup(list)}<div id="root" ${BEHIND_SNAPSHOT}></div>`;
  }

  function prerenderedHead(savedAt: string) {
    document.head.innerHTML = `<meta name="${SAVED_AT_META}" content="${savedAt}">`;
  }

  it('takes over the cards the HTML brought and starts the feed call once, painting nothing more', () => {
    localStorage.setItem('newsLastFeed', serializeKeptStories(stories(20), new Date(SAVED_AT)));
    prerenderedHead(SAVED_AT);
    prerenderedBody(stories(20));
    const before = document.getElementById('snapshot');
    const startFeedCall = vi.fn(() => undefined);
    startSnapshot(document, { startFeedCall, now: NOW });
    expect(startFeedCall).toHaveBeenCalledTimes(1);
    expect(document.getElementById('snapshot')).toBe(before);
    expect(document.querySelectorAll('#snapshot')).toHaveLength(1);
    expect(document.getElementById('root')?.hasAttribute(BEHIND_SNAPSHOT)).toBe(true);
  });

  it('drops a card image that fails, as in a painted snapshot', () => {
    localStorage.setItem('newsLastFeed', serializeKeptStories(stories(1), new Date(SAVED_AT)));
    prerenderedHead(SAVED_AT);
    prerenderedBody(stories(1));
    startSnapshot(document, { startFeedCall: () => undefined, now: NOW });
    const image = document.querySelector('#snapshot img')!;
    image.dispatchEvent(new Event('error'));
    expect(document.querySelector('#snapshot img')).toBeNull();
    expect(document.querySelector('#snapshot .snap-image')).not.toBeNull();
  });

  it('when the gate marked the page, removes those cards and shows the kept stories as a plain page would', () => {
    localStorage.setItem('newsLastFeed', serializeKeptStories([story(7, { title: 'Kept later in another tab' })], new Date(NOW - 1000)));
    prerenderedBody(stories(5));
    document.documentElement.setAttribute(STALE_SNAPSHOT, '');
    startSnapshot(document, { startFeedCall: () => undefined, now: NOW });
    expect(document.documentElement.hasAttribute(STALE_SNAPSHOT)).toBe(false);
    expect([...document.querySelectorAll('#snapshot h3')].map((h) => h.textContent)).toEqual(['Kept later in another tab']);
  });

  it('checks again for itself: when the gate did not run (its script failed to load), expired cards go all the same', () => {
    localStorage.setItem('newsLastFeed', serializeKeptStories(stories(5), new Date(SAVED_AT)));
    prerenderedHead(SAVED_AT);
    prerenderedBody(stories(5));
    startSnapshot(document, { startFeedCall: () => undefined, now: Date.parse(SAVED_AT) + 25 * 60 * 60 * 1000 });
    expect(document.getElementById('snapshot')).toBeNull();
    expect(document.getElementById('root')?.hasAttribute(BEHIND_SNAPSHOT)).toBe(false);
  });

  it('when the gate marked the page and nothing valid is kept, leaves no card and #root in view', () => {
    prerenderedBody(stories(5));
    document.documentElement.setAttribute(STALE_SNAPSHOT, '');
    startSnapshot(document, { startFeedCall: () => undefined, now: NOW });
    expect(document.getElementById('snapshot')).toBeNull();
    expect(document.getElementById('root')?.hasAttribute(BEHIND_SNAPSHOT)).toBe(false);
  });
});

/** Cache Storage as far as the writer uses it, in memory. */
function fakeCaches(entries: Record<string, Record<string, Response>>) {
  const stores = new Map(Object.entries(entries).map(([name, files]) => [name, new Map(Object.entries(files))]));
  const open = vi.fn(async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (path: string) => store.get(path)?.clone(),
      put: async (path: string, response: Response) => void store.set(path, response),
    };
  });
  vi.stubGlobal('caches', { keys: async () => [...stores.keys()], open });
  return stores;
}

const shell = () => new Response('<!doctype html><title>plain</title>', { headers: { 'content-type': 'text/html', 'content-length': '35', 'content-security-policy': "script-src 'self'" } });

describe('writing the prerendered page into this build\'s cache', () => {
  beforeEach(() => {
    document.body.innerHTML = `<div id="root"></div><script type="module" src="${APP_SCRIPT}"></script>`;
  });

  it('writes / into the cache whose template names this page\'s app script, from the kept stories', async () => {
    localStorage.setItem('newsLastFeed', serializeKeptStories(stories(20), new Date(SAVED_AT)));
    const stores = fakeCaches({
      [`${SITE_CACHE_PREFIX}old`]: { [SITE_SHELL]: shell(), [SNAPSHOT_PAGE_TEMPLATE]: new Response(TEMPLATE.replace(APP_SCRIPT, '/assets/index-old.js')) },
      [`${SITE_CACHE_PREFIX}this`]: { [SITE_SHELL]: shell(), [SNAPSHOT_PAGE_TEMPLATE]: new Response(TEMPLATE) },
      'someone-else': { [SITE_SHELL]: shell(), [SNAPSHOT_PAGE_TEMPLATE]: new Response(TEMPLATE) },
    });
    await expect(keepSnapshotPage(document, NOW)).resolves.toBe(true);

    const written = stores.get(`${SITE_CACHE_PREFIX}this`)!.get(SITE_SHELL)!;
    const page = parse(await written.clone().text());
    expect([...page.querySelectorAll('#snapshot h3')].map((h) => h.textContent)).toEqual(stories(SNAPSHOT_CARDS).map((s) => s.title));
    expect(page.querySelector(`meta[name="${SAVED_AT_META}"]`)?.getAttribute('content')).toBe(SAVED_AT);
    // The host's headers stay (its Content-Security-Policy above all); the body's own do not.
    expect(written.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(written.headers.get('content-length')).toBeNull();
    expect(written.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The other builds' caches and other sites' caches are left alone.
    expect(await stores.get(`${SITE_CACHE_PREFIX}old`)!.get(SITE_SHELL)!.clone().text()).toContain('plain');
    expect(await stores.get('someone-else')!.get(SITE_SHELL)!.clone().text()).toContain('plain');
  });

  it('writes nothing without kept stories, without caches, or without this build\'s template', async () => {
    const stores = fakeCaches({ [`${SITE_CACHE_PREFIX}this`]: { [SITE_SHELL]: shell() } });
    await expect(keepSnapshotPage(document, NOW)).resolves.toBe(false);
    localStorage.setItem('newsLastFeed', serializeKeptStories(stories(3), new Date(SAVED_AT)));
    await expect(keepSnapshotPage(document, NOW)).resolves.toBe(false);
    expect(await stores.get(`${SITE_CACHE_PREFIX}this`)!.get(SITE_SHELL)!.clone().text()).toContain('plain');
    vi.unstubAllGlobals();
    await expect(keepSnapshotPage(document, NOW)).resolves.toBe(false);
  });

  it('uses the worker\'s own cache names and page path (src/sw/policy.ts)', () => {
    expect([SITE_CACHE_PREFIX, SITE_SHELL]).toEqual([CACHE_PREFIX, APP_SHELL]);
  });
});
