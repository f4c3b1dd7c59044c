/**
 * The home page's actors as one system (machines/page.ts, docs/machines.md): the root's own
 * transitions, every one on a generated path, with each machine of the page real and only its
 * effects faked, so what the root routes is seen where it lands: the URL's changes in the search
 * box and the last 30 days, the visitor's intents in the URL's writes, what a machine tells the
 * page in its sibling, the browser's events in the feed, the theme and the bookmarks. Then the
 * same wiring over time: the feed's first page to the older pages, the search box's text to the
 * last 30 days and the URL.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyActorRef, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { alertsMachine } from '../../machines/alerts.ts';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { bookmarksMachine } from '../../machines/bookmarks.ts';
import { feedMachine } from '../../machines/feed.ts';
import { followsMachine } from '../../machines/follows.ts';
import { hiddenSourcesMachine } from '../../machines/hiddenSources.ts';
import { notificationsMachine } from '../../machines/notifications.ts';
import { olderStoriesMachine } from '../../machines/olderStories.ts';
import { pageMachine, type PageEvent, type PageInput, type UrlPatch } from '../../machines/page.ts';
import { readingMachine, type ChosenFile, type ReadingExport } from '../../machines/reading.ts';
import { readMarksMachine } from '../../machines/readMarks.ts';
import type { Reading } from '../../src/domain/reading-file.ts';
import { searchMachine } from '../../machines/search.ts';
import { shareMachine } from '../../machines/share.ts';
import { storageMachine } from '../../machines/storage.ts';
import { storyPageMachine, type StoryOutcome } from '../../machines/storyPage.ts';
import { themeMachine } from '../../machines/theme.ts';
import type { Follow, Followed } from '../../src/domain/follows.ts';
import { NO_MARKS } from '../../src/domain/filter.ts';
import { pageList } from '../../src/domain/page-list.ts';
import type { Story, FeedPage } from '../../src/domain/story.ts';
import type { ThemeName } from '../../src/domain/theme.ts';
import { FakeActors } from '../support/fake-actors.ts';
import { definePathSuite, flush } from './paths.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

const story = (id: string): Story => ({ id, title: `Story ${id}`, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-21T09:00:00.000Z', category: 'World' });
const a = story('a');
const b = story('b');
const c = story('c');
const d = story('d');

/** The page's machines, each with its effects faked: calls wait for the test; writes are recorded in `effects`. The page opens at `path`. */
function pageWithFakes(fakes: FakeActors, effects: unknown[], path: '/' | { story: string } = '/') {
  return pageMachine.provide({
    actions: { navigate: (_, params: { patch: UrlPatch; replace: boolean }) => void effects.push({ navigate: params }) },
    actors: {
      feed: feedMachine.provide({ actors: { fetchStories: fakes.actor<FeedPage>('fetchStories'), loadSamples: fakes.actor<Story[]>('loadSamples') } }),
      older: olderStoriesMachine.provide({ actors: { fetchOlder: fakes.actor<FeedPage, { before: string }>('fetchOlder') } }),
      archive: archiveSearchMachine.provide({ actors: { searchArchive: fakes.actor<Story[], { query: string }>('searchArchive') } }),
      bookmarks: bookmarksMachine.provide({
        actors: {
          storage: storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('saveBookmarks') } }),
          fetchSaved: fakes.actor<Story[], { ids: string[] }>('fetchSaved'),
        },
      }),
      follows: followsMachine.provide({
        actors: { storage: storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('saveFollows') } }), fetchFollowed: fakes.actor<Followed[], { ids: string[] }>('fetchFollowed') },
      }),
      alerts: alertsMachine.provide({ actors: { storage: storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('saveAlerts') } }) } }),
      notifications: notificationsMachine.provide({ actors: { checkPush: fakes.actor('checkPush') } }),
      theme: themeMachine.provide({ actions: { persistTheme: (_, { theme }) => void effects.push({ persistTheme: theme }) } }),
      share: shareMachine.provide({ actors: { writeClipboard: fakes.actor<void, { text: string }>('writeClipboard') } }),
      storyPage: storyPageMachine.provide({ actors: { fetchStory: fakes.actor<StoryOutcome, { id: string }>('fetchStory') } }),
      urlChanges: fromCallback<PageEvent>(({ sendBack }) => sendBack(path === '/' ? { type: 'url.home' } : { type: 'url.story', id: path.story })),
      hiddenSources: hiddenSourcesMachine.provide({ actors: { storage: storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('saveHidden') } }) } }),
      readMarks: readMarksMachine.provide({ actors: { storage: storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('saveRead') } }) } }),
      reading: readingMachine.provide({ actors: { readFile: fakes.actor<Reading | null, { file: ChosenFile | null }>('readFile'), download: fakes.actor<void, ReadingExport | null>('download') } }),
    },
  });
}

type Snapshots = {
  feed: SnapshotFrom<typeof feedMachine>;
  older: SnapshotFrom<typeof olderStoriesMachine>;
  archive: SnapshotFrom<typeof archiveSearchMachine>;
  search: SnapshotFrom<typeof searchMachine>;
  bookmarks: SnapshotFrom<typeof bookmarksMachine>;
  follows: SnapshotFrom<typeof followsMachine>;
  alerts: SnapshotFrom<typeof alertsMachine>;
  hiddenSources: SnapshotFrom<typeof hiddenSourcesMachine>;
  readMarks: SnapshotFrom<typeof readMarksMachine>;
  notifications: SnapshotFrom<typeof notificationsMachine>;
  theme: SnapshotFrom<typeof themeMachine>;
  storyPage: SnapshotFrom<typeof storyPageMachine>;
};

/** A machine of the page, as it is now. */
function child<K extends keyof Snapshots>(page: AnyMachineSnapshot, id: K): Snapshots[K] {
  const ref = (page.children as Record<string, AnyActorRef | undefined>)[id];
  if (!ref) throw new Error(`The page runs no ${id}`);
  return ref.getSnapshot() as Snapshots[K];
}

const followedC: Follow = { id: 'c', followed_at: '2026-11-21T09:30:00.000Z', seen: 1, reports: 1, story: c };

const climate = { words: 'climate', created_at: '2026-11-21T09:40:00.000Z' };

/** A visitor back with two bookmarks, a followed story and an alert. */
const RETURNING: PageInput = {
  feed: { kept: null, lastVisit: null },
  bookmarks: { ids: ['a', 'b'], savedStories: [a] },
  follows: { follows: [followedC] },
  alerts: { alerts: [climate] },
  hiddenSources: { sources: ['Daily Wire'] },
  readMarks: { ids: ['b'] },
  theme: { stored: null, systemPrefersDark: false },
};
/** A first visit. */
const FIRST: PageInput = {
  feed: { kept: null, lastVisit: null },
  bookmarks: { ids: [], savedStories: [] },
  theme: { stored: 'dark', systemPrefersDark: false },
};

/** A file of "Your reading" from another browser, read: a bookmark, a follow, an outlet and a read mark this visitor has, and one of each not. */
const IMPORTED: Reading = {
  bookmarks: { ids: ['a', 'd'], stories: [d] },
  follows: [followedC, { id: 'd', followed_at: '2026-11-20T09:30:00.000Z', seen: 1, story: d }],
  hiddenSources: ['Daily Wire', 'Gazette'],
  read: ['b', 'c'],
  alerts: [{ words: 'harbour strike', created_at: '2026-11-20T07:00:00.000Z' }],
};

/** What is typed into the box before each event, so that one can be seen to keep it or drop it. */
const TYPED = 'mars rov';
const navigations = (effects: unknown[]) => effects.filter((effect): effect is { navigate: { patch: UrlPatch; replace: boolean } } => typeof effect === 'object' && effect !== null && 'navigate' in effect).map((effect) => effect.navigate);

definePathSuite({
  name: 'page',
  machine: pageMachine,
  inputs: [RETURNING, FIRST],
  events: [
    // The URL changed by something other than the page (Back, Forward, a link): a query with archive=1, without; archive=1 with no query; the Following view.
    { type: 'url.changed', query: 'mars rover', archive: true },
    { type: 'url.changed', query: 'venus', archive: false },
    { type: 'url.changed', query: '', archive: true },
    { type: 'url.changed', query: '', archive: false, following: true },
    // The URL's path: the home page (where the page opened: it changes nothing more), a story's page, of a story saved here (a), of one followed (c), and left.
    { type: 'url.home' },
    { type: 'url.story', id: 'a' },
    { type: 'url.story', id: 'c' },
    { type: 'url.storyLeft' },
    // The visitor's intents on the URL's filters.
    { type: 'filters.categories', categories: ['World', 'Science'] },
    { type: 'filters.categories', categories: [] },
    { type: 'filters.saved', on: true },
    { type: 'filters.saved', on: false },
    { type: 'filters.following', on: true },
    { type: 'filters.following', on: false },
    { type: 'filters.unread', on: true },
    { type: 'filters.unread', on: false },
    { type: 'filters.archive', query: 'mars rover' },
    { type: 'filters.archive', query: '' },
    { type: 'filters.clear' },
    // What the machines of the page tell it.
    { type: 'search.typed', text: 'mars rover' },
    { type: 'search.committed', query: 'mars' },
    { type: 'search.committed', query: '' },
    { type: 'feed.firstPage', next: 'cursor-9' },
    { type: 'follows.ids', ids: ['c', 'd'] },
    { type: 'alerts.words', alerts: ['paris election'] },
    { type: 'reading.imported', reading: IMPORTED },
    // The browser.
    { type: 'feed.visible' },
    { type: 'feed.focus' },
    { type: 'theme.system.changed', prefersDark: true },
    { type: 'theme.storage.changed', theme: 'light' },
    { type: 'bookmarks.storage.changed', ids: ['b', 'c'] },
    { type: 'saved.storage.changed', stories: [c, d, b] },
    { type: 'saved.refresh' },
    { type: 'follows.storage.changed', follows: [] },
    { type: 'alerts.storage.changed', alerts: [] },
    { type: 'hidden.storage.changed', sources: ['Ledger'] },
    { type: 'read.storage.changed', ids: ['x'] },
  ],
  // Only the children's delays run (their own suites name them); the page has none.
  delays: {},
  // The page holds no state of its own, only what it started from: one snapshot per input, each by the 37 events.
  expectedPaths: 74,
  arrange: pageWithFakes,
  async prepare({ event, actor, fakes, clock }) {
    if (event.type === 'feed.visible' || event.type === 'feed.focus') {
      // The feed shows live stories that are 5 minutes old: coming back to the page refetches them.
      if (fakes.isPending('fetchStories')) fakes.settle('fetchStories', { output: { stories: [a], next: 'cursor-2' } satisfies FeedPage });
      await flush();
      clock.increment(5 * MINUTE);
    }
    // A refresh under way ends (it fails, changing nothing), so the event's own refresh shows.
    if (event.type === 'saved.refresh' && fakes.isPending('fetchSaved')) fakes.settle('fetchSaved', { error: new Error('FunctionsFetchError: offline') });
    if ((event.type === 'feed.visible' || event.type === 'feed.focus') && fakes.isPending('fetchFollowed')) fakes.settle('fetchFollowed', { error: new Error('FunctionsFetchError: offline') });
    (actor.system.get('search') as AnyActorRef).send({ type: 'search.type', text: TYPED });
    // A story's page shows, its call under way, for the URL to leave it.
    if (event.type === 'url.storyLeft') {
      actor.send({ type: 'url.story', id: 'b' });
      expect(fakes.isPending('fetchStory')).toBe(true);
    }
  },
  check({ event, after, fakes, effects }) {
    // Every machine of the page runs for the page's whole life, under its id.
    expect(Object.keys(after.children).sort()).toEqual(['alerts', 'archive', 'bookmarks', 'browserEvents', 'feed', 'follows', 'hiddenSources', 'notifications', 'older', 'readMarks', 'reading', 'search', 'share', 'storyPage', 'theme', 'urlChanges']);
    // The page keeps no copy of the URL: its context is what it started from.
    expect(after.context).not.toHaveProperty('url');
    const search = child(after, 'search');
    const archive = child(after, 'archive');
    const viewing = child(after, 'follows').hasTag('viewing');
    const written = navigations(effects);
    if (event.type === 'xstate.init') {
      // As the page opens: the saved stories' copies refreshed, newest saved first, when any are saved...
      const { ids } = (after.context as PageInput).bookmarks;
      expect(fakes.isPending('fetchSaved')).toBe(ids.length > 0);
      if (ids.length > 0) expect(fakes.calls.find((call) => call.src === 'fetchSaved')?.input).toEqual({ ids: [...ids].reverse() });
      // ...and the followed stories, when any are followed.
      const follows = (after.context as PageInput).follows?.follows ?? [];
      expect(fakes.calls.find((call) => call.src === 'fetchFollowed')?.input).toEqual(follows.length > 0 ? { ids: follows.map((follow) => follow.id) } : undefined);
      // The outlets hidden and the stories read, as stored.
      expect(child(after, 'hiddenSources').context.sources).toEqual((after.context as PageInput).hiddenSources?.sources ?? []);
      expect(child(after, 'readMarks').context.ids).toEqual((after.context as PageInput).readMarks?.ids ?? []);
      return;
    }
    switch (event.type) {
      case 'url.changed': {
        // Another query in the URL takes the box from what was typed, unwritten; the page writes nothing back.
        expect(search.matches('idle')).toBe(true);
        expect(search.context.text).toBe(event.query);
        expect(written).toEqual([]);
        // The last 30 days show while the URL has archive=1 with a query, searching that query; else they are hidden.
        if (event.archive && String(event.query).trim() !== '') {
          expect(archive.hasTag('shown')).toBe(true);
          expect(archive.context.query).toBe(event.query);
        } else expect(archive.matches('hidden')).toBe(true);
        // The Following view shows while the URL has following=1.
        expect(viewing).toBe(event.following === true);
        break;
      }
      case 'url.home':
        // The feed's call started as the page opened at `/`: the home page again asks for nothing more.
        expect(child(after, 'feed').matches({ call: 'attempt' })).toBe(true);
        expect(fakes.count('fetchStories')).toBe(1);
        break;
      case 'url.story': {
        // The story's page asks for its story, with what the browser keeps of it: a saved copy, a followed one, else nothing.
        const page = child(after, 'storyPage');
        expect(page.hasTag('loading')).toBe(true);
        expect(page.context.id).toBe(event.id);
        const kept = (after.context as PageInput).follows === undefined ? null : { a, c }[event.id as 'a' | 'c'];
        expect(page.context.kept).toEqual(kept);
        expect(fakes.calls.at(-1)).toMatchObject({ src: 'fetchStory', input: { id: event.id } });
        expect(fakes.isPending('fetchStory')).toBe(true);
        break;
      }
      case 'url.storyLeft':
        // Left: the story's page is idle, its call cancelled.
        expect(child(after, 'storyPage').matches('idle')).toBe(true);
        expect(fakes.calls.filter((call) => call.src === 'fetchStory').map((call) => call.signal.aborted)).toEqual([true]);
        break;
      case 'search.committed':
        // The box's text goes into the URL's query, in the same history entry, without archive=1; what is typed on stays in the box.
        expect(written).toEqual([{ patch: { q: event.query === '' ? undefined : String(event.query), archive: undefined }, replace: true }]);
        expect(archive.matches('hidden')).toBe(true);
        expect(search.matches('typing')).toBe(true);
        expect(search.context.text).toBe(TYPED);
        break;
      case 'search.typed':
        // Text typed away from the last 30 days' query hides them; the URL waits for the pause.
        expect(written).toEqual([]);
        expect(search.context.text).toBe(TYPED);
        break;
      case 'filters.archive':
        // "Search the last 30 days": a new history entry with the box's text and archive=1; the box keeps the text, its pause dropped.
        expect(written).toEqual([{ patch: { q: event.query === '' ? undefined : event.query, archive: true }, replace: false }]);
        // With no text there is nothing to search.
        expect(archive.hasTag('shown')).toBe(event.query !== '');
        if (event.query !== '') expect(archive.context.query).toBe(event.query);
        expect(search.matches('idle')).toBe(true);
        expect(search.context.text).toBe(event.query);
        break;
      case 'filters.categories':
        expect(written).toEqual([{ patch: { category: (event.categories as string[]).length > 0 ? event.categories : undefined }, replace: false }]);
        expect(search.context.text).toBe(TYPED);
        break;
      case 'filters.saved':
        // Saved and Following are two views: one shows at a time.
        expect(written).toEqual([{ patch: { saved: event.on ? true : undefined, following: undefined }, replace: false }]);
        expect(viewing).toBe(false);
        break;
      case 'filters.following':
        expect(written).toEqual([{ patch: { following: event.on ? true : undefined, saved: undefined }, replace: false }]);
        expect(viewing).toBe(event.on);
        break;
      case 'filters.unread':
        // "Hide read" goes with any view: only `unread` changes.
        expect(written).toStrictEqual([{ patch: { unread: event.on ? true : undefined }, replace: false }]);
        expect(search.context.text).toBe(TYPED);
        break;
      case 'filters.clear':
        // One intent: every filter leaves the URL, the box empties, the last 30 days and the Following view close.
        // Strictly: each parameter named, so the write removes it.
        expect(written).toStrictEqual([{ patch: { q: undefined, category: undefined, saved: undefined, archive: undefined, following: undefined, unread: undefined }, replace: false }]);
        expect(search.matches('idle')).toBe(true);
        expect(search.context.text).toBe('');
        expect(archive.matches('hidden')).toBe(true);
        expect(viewing).toBe(false);
        break;
      case 'feed.firstPage':
        // The older pages load from the first page's cursor.
        expect(child(after, 'older').context.next).toBe('cursor-9');
        expect(child(after, 'older').hasTag('canLoad')).toBe(true);
        break;
      case 'follows.ids':
        expect(child(after, 'notifications').context.ids).toEqual(['c', 'd']);
        break;
      case 'alerts.words':
        expect(child(after, 'notifications').context.alerts).toEqual(['paris election']);
        break;
      case 'alerts.storage.changed':
        expect(child(after, 'alerts').context.alerts).toEqual([]);
        // Notifications follow the alerts stored.
        expect(child(after, 'notifications').context.alerts).toEqual([]);
        break;
      case 'feed.visible':
      case 'feed.focus':
        // The stale feed refetches at once, and so do the followed stories.
        expect(child(after, 'feed').matches({ call: 'attempt' })).toBe(true);
        expect(fakes.isPending('fetchStories')).toBe(true);
        expect(fakes.isPending('fetchFollowed')).toBe(child(after, 'follows').context.follows.length > 0);
        break;
      case 'follows.storage.changed':
        expect(child(after, 'follows').context.follows).toEqual([]);
        // Notifications follow the ids stored.
        expect(child(after, 'notifications').context.ids).toEqual([]);
        break;
      case 'theme.system.changed': {
        const theme = child(after, 'theme');
        expect(theme.context.systemPrefersDark).toBe(event.prefersDark);
        // Followed at once when the visitor has chosen nothing.
        if (theme.context.stored === null) expect(theme.context.theme).toBe('dark');
        break;
      }
      case 'theme.storage.changed':
        // Another tab's choice is this tab's too.
        expect(child(after, 'theme').context).toMatchObject({ stored: event.theme as ThemeName, theme: event.theme as ThemeName });
        expect(child(after, 'theme').matches('chosen')).toBe(true);
        break;
      case 'bookmarks.storage.changed':
        expect(child(after, 'bookmarks').context.ids).toEqual(event.ids);
        break;
      case 'saved.storage.changed': {
        // Another tab's copies, of the stories saved here.
        const { ids, stories } = child(after, 'bookmarks').context;
        expect(stories).toEqual((event.stories as Story[]).filter((kept) => ids.includes(kept.id)));
        break;
      }
      case 'hidden.storage.changed':
        expect(child(after, 'hiddenSources').context.sources).toEqual(['Ledger']);
        break;
      case 'read.storage.changed':
        expect(child(after, 'readMarks').context.ids).toEqual(['x']);
        break;
      case 'reading.imported': {
        // Each section joins its owner's own: what is here stays first, the file's new entries after it, each once.
        const input = after.context as PageInput;
        const bookmarks = child(after, 'bookmarks').context;
        expect(bookmarks.ids).toEqual([...input.bookmarks.ids, ...['a', 'd'].filter((id) => !input.bookmarks.ids.includes(id))]);
        expect(bookmarks.stories.map((kept) => kept.id)).toContain('d');
        const follows = child(after, 'follows').context.follows.map((follow) => follow.id);
        expect(follows).toEqual([...(input.follows?.follows ?? []).map((follow) => follow.id), ...['c', 'd'].filter((id) => !(input.follows?.follows ?? []).some((follow) => follow.id === id))]);
        // The follows resume their ?follow= refresh at once, and the saved stories' copies are refreshed.
        expect(fakes.isPending('fetchFollowed')).toBe(true);
        expect(fakes.calls.filter((call) => call.src === 'fetchFollowed').at(-1)?.input).toEqual({ ids: follows });
        expect(fakes.isPending('fetchSaved')).toBe(true);
        const hidden = input.hiddenSources?.sources ?? [];
        expect(child(after, 'hiddenSources').context.sources).toEqual([...hidden, ...['Daily Wire', 'Gazette'].filter((one) => !hidden.includes(one))]);
        const read = input.readMarks?.ids ?? [];
        expect(child(after, 'readMarks').context.ids).toEqual([...read, ...['b', 'c'].filter((id) => !read.includes(id))]);
        const alerts = (input.alerts?.alerts ?? []).map((alert) => alert.words);
        expect(child(after, 'alerts').context.alerts.map((alert) => alert.words)).toEqual([...alerts, 'harbour strike']);
        break;
      }
      case 'saved.refresh': {
        const { ids } = child(after, 'bookmarks').context;
        expect(fakes.isPending('fetchSaved')).toBe(ids.length > 0);
        if (ids.length > 0) expect(fakes.calls.at(-1)?.input).toEqual({ ids: [...ids].reverse() });
        break;
      }
      default:
        throw new Error(`no check for ${event.type}`);
    }
    // Only the visitor's intents and the box's commits write the URL.
    if (!event.type.startsWith('filters.') && event.type !== 'search.committed') expect(written).toEqual([]);
  },
});

describe('the machines of the page, wired through it', () => {
  function openPage(input: PageInput = FIRST) {
    const fakes = new FakeActors();
    const effects: unknown[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(pageWithFakes(fakes, effects), { clock, input }).start();
    const settle = async (src: string, outcome: { output: unknown } | { error: unknown }) => {
      fakes.settle(src, outcome);
      await flush();
    };
    const older = () => child(actor.getSnapshot(), 'older');
    const feed = () => child(actor.getSnapshot(), 'feed');
    /** The older stories the page's list shows after the first page. */
    const shownOlder = () => {
      const first = feed().context.stories.map((shown) => shown.id);
      return pageList({ firstPage: feed().context.stories, older: older().context.stories, savedIds: [], savedCopies: [], archive: [], followed: [], marks: NO_MARKS }, { query: '', categories: [], savedOnly: false, unreadOnly: false }).loaded.map((shown) => shown.id).filter((id) => !first.includes(id));
    };
    return { actor, fakes, effects, clock, settle, older, feed, shownOlder, system: actor.system };
  }

  it('the feed\'s first page reaches the older pages: "Show older stories" loads from its cursor, and the list shows a story once', async () => {
    const page = openPage();
    await flush();
    // No first page yet: nothing older to offer.
    expect(page.older().hasTag('canLoad')).toBe(false);
    await page.settle('fetchStories', { output: { stories: [a, b], next: 'cursor-2' } satisfies FeedPage });
    expect(page.older().hasTag('canLoad')).toBe(true);
    (page.system.get('older') as AnyActorRef).send({ type: 'older.load' });
    await flush();
    expect(page.fakes.calls.at(-1)?.input).toEqual({ before: 'cursor-2' });
    // b moved down between the two calls: it shows once, on the first page.
    await page.settle('fetchOlder', { output: { stories: [b, c], next: null } satisfies FeedPage });
    expect(page.shownOlder()).toEqual(['c']);
    expect(page.older().hasTag('canLoad')).toBe(false);
  });

  it('a refetch 10 minutes later brings a new first page: the older stories it now shows leave the older list, the loaded pages stay', async () => {
    const page = openPage();
    await flush();
    await page.settle('fetchStories', { output: { stories: [a, b], next: 'cursor-2' } satisfies FeedPage });
    (page.system.get('older') as AnyActorRef).send({ type: 'older.load' });
    await flush();
    await page.settle('fetchOlder', { output: { stories: [c, d], next: 'cursor-3' } satisfies FeedPage });
    expect(page.shownOlder()).toEqual(['c', 'd']);
    for (let waited = 0; waited < 10 * MINUTE; waited += SECOND) {
      page.clock.increment(SECOND);
      await flush();
    }
    expect(page.fakes.isPending('fetchStories')).toBe(true);
    await page.settle('fetchStories', { output: { stories: [story('new'), a, b, c], next: 'cursor-new' } satisfies FeedPage });
    expect(page.shownOlder()).toEqual(['d']);
    // Loaded pages stay valid: the next older page is still the one after d.
    expect(page.older().context.next).toBe('cursor-3');
  });

  it("a story's page of a story the feed shows, neither saved nor followed, opens with the feed's copy kept", async () => {
    const page = openPage();
    await flush();
    await page.settle('fetchStories', { output: { stories: [a, d], next: null } satisfies FeedPage });
    page.actor.send({ type: 'url.story', id: 'd' });
    expect(child(page.actor.getSnapshot(), 'storyPage').context).toMatchObject({ id: 'd', kept: d });
    page.actor.send({ type: 'url.story', id: 'gone-from-everywhere' });
    expect(child(page.actor.getSnapshot(), 'storyPage').context).toMatchObject({ id: 'gone-from-everywhere', kept: null });
  });

  it("a first visit to a story's page makes no feed call until the home page shows; then the feed calls, over the stories the last visit kept", async () => {
    const fakes = new FakeActors();
    const kept = { savedAt: '2026-11-21T08:00:00.000Z', stories: [d] };
    const actor = createActor(pageWithFakes(fakes, [], { story: 'd' }), { input: { ...FIRST, feed: { kept, lastVisit: null } } }).start();
    await flush();
    expect(fakes.isPending('fetchStory')).toBe(true);
    // The last visit's copy is the story page's, should the call get no answer.
    expect(child(actor.getSnapshot(), 'storyPage').context.kept).toEqual(d);
    expect(child(actor.getSnapshot(), 'feed').value).toBe('starting');
    expect(fakes.count('fetchStories')).toBe(0);
    actor.send({ type: 'url.home' });
    await flush();
    expect(fakes.isPending('fetchStories')).toBe(true);
    expect(child(actor.getSnapshot(), 'feed').context.stories).toEqual([d]);
    actor.stop();
  });

  it('a first page with no stories (the samples load) leaves nothing older to offer', async () => {
    const page = openPage();
    await flush();
    await page.settle('fetchStories', { output: { stories: [], next: null } satisfies FeedPage });
    await page.settle('loadSamples', { output: [story('sample-1')] });
    expect(page.feed().context.source).toBe('samples');
    expect(page.older().hasTag('canLoad')).toBe(false);
  });

  it('text typed away from the query shown hides the last 30 days at once; the pause writes it into the URL, and a key typed after is kept', async () => {
    const page = openPage();
    page.actor.send({ type: 'url.changed', query: 'mars', archive: true });
    await flush();
    expect(child(page.actor.getSnapshot(), 'archive').hasTag('shown')).toBe(true);
    const search = page.system.get('search') as AnyActorRef;
    // The same query, padded: the section stays.
    search.send({ type: 'search.type', text: 'mars ' });
    expect(child(page.actor.getSnapshot(), 'archive').hasTag('shown')).toBe(true);
    search.send({ type: 'search.type', text: 'mars r' });
    expect(child(page.actor.getSnapshot(), 'archive').matches('hidden')).toBe(true);
    expect(navigations(page.effects)).toEqual([]);
    page.clock.increment(300);
    expect(navigations(page.effects)).toEqual([{ patch: { q: 'mars r', archive: undefined }, replace: true }]);
    search.send({ type: 'search.type', text: 'mars ro' });
    expect(child(page.actor.getSnapshot(), 'search').context.text).toBe('mars ro');
    page.clock.increment(300);
    expect(navigations(page.effects).map((write) => write.patch.q)).toEqual(['mars r', 'mars ro']);
  });

  it("the URL's changes and the browser's events come in through the two injected callbacks", async () => {
    const fakes = new FakeActors();
    const machine = pageWithFakes(fakes, []).provide({
      actors: {
        urlChanges: fromCallback<PageEvent>(({ sendBack }) => sendBack({ type: 'url.changed', query: 'mars', archive: true })),
        browserEvents: fromCallback<PageEvent>(({ sendBack }) => sendBack({ type: 'theme.storage.changed', theme: 'dark' })),
      },
    });
    const actor = createActor(machine, { input: FIRST }).start();
    await flush();
    expect(child(actor.getSnapshot(), 'search').context.text).toBe('mars');
    expect(child(actor.getSnapshot(), 'archive').context.query).toBe('mars');
    expect(child(actor.getSnapshot(), 'theme').context.stored).toBe('dark');
    actor.stop();
  });
});

describe('the page before it starts, and what it tells machines already showing something', () => {
  it('before it starts, every machine holds the frame: a visitor with nothing stored, whatever this one keeps', () => {
    const actor = createActor(pageWithFakes(new FakeActors(), []), { input: RETURNING });
    const page = actor.getSnapshot();
    expect(child(page, 'feed').value).toBe('starting');
    expect(child(page, 'feed').context.stories).toEqual([]);
    expect(child(page, 'older').value).toBe('exhausted');
    expect(child(page, 'bookmarks').context).toEqual({ ids: [], stories: [] });
    expect(child(page, 'follows').context.follows).toEqual([]);
    expect(child(page, 'alerts').context.alerts).toEqual([]);
    expect(child(page, 'notifications').context.ids).toEqual([]);
    expect(child(page, 'theme').context).toEqual({ theme: 'light', stored: null, systemPrefersDark: false });
    // Each is in the system under its id, for the components (src/system/page-system.ts).
    for (const id of ['feed', 'older', 'archive', 'search', 'bookmarks', 'follows', 'alerts', 'notifications', 'theme', 'share', 'storyPage']) {
      expect(actor.system.get(id), id).toBe((page.children as Record<string, AnyActorRef>)[id]);
    }
    // Started, each is told what this visitor keeps.
    actor.start();
    expect(child(actor.getSnapshot(), 'bookmarks').context.ids).toEqual(['a', 'b']);
    expect(child(actor.getSnapshot(), 'follows').context.follows).toEqual([followedC]);
    expect(child(actor.getSnapshot(), 'notifications').context.ids).toEqual(['c']);
    expect(child(actor.getSnapshot(), 'alerts').context.alerts).toEqual([climate]);
    expect(child(actor.getSnapshot(), 'notifications').context.alerts).toEqual(['climate']);
    expect(child(actor.getSnapshot(), 'feed').value).toEqual({ call: 'attempt' });
    actor.stop();
  });

  function showing() {
    const effects: unknown[] = [];
    const actor = createActor(pageWithFakes(new FakeActors(), effects), { input: FIRST }).start();
    actor.send({ type: 'url.changed', query: 'mars', archive: true, following: true });
    expect(child(actor.getSnapshot(), 'archive').hasTag('shown')).toBe(true);
    expect(child(actor.getSnapshot(), 'follows').hasTag('viewing')).toBe(true);
    return { actor, effects, archive: () => child(actor.getSnapshot(), 'archive'), viewing: () => child(actor.getSnapshot(), 'follows').hasTag('viewing') };
  }

  it('"Clear filters" closes the last 30 days and the Following view', () => {
    const page = showing();
    page.actor.send({ type: 'filters.clear' });
    expect(page.archive().matches('hidden')).toBe(true);
    expect(page.viewing()).toBe(false);
  });

  it('Saved closes the Following view; the box\'s commit closes the last 30 days', () => {
    const page = showing();
    page.actor.send({ type: 'filters.saved', on: true });
    expect(page.viewing()).toBe(false);
    expect(page.archive().hasTag('shown')).toBe(true);
    page.actor.send({ type: 'search.committed', query: 'venus' });
    expect(page.archive().matches('hidden')).toBe(true);
  });

  it.each([
    ['no query', ''],
    ['a query of spaces', '   '],
  ])('the URL changed elsewhere to archive=1 with %s hides the last 30 days', (_case, query) => {
    const page = showing();
    page.actor.send({ type: 'url.changed', query, archive: true });
    expect(page.archive().matches('hidden')).toBe(true);
  });
});
