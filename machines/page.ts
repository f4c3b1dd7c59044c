import { type ActorRefFrom, type AnyActorRef, forwardTo, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import { alertsMachine, type AlertsInput, type AlertsReport } from './alerts.ts';
import { archiveSearchMachine } from './archiveSearch.ts';
import { bookmarksMachine, type BookmarksInput } from './bookmarks.ts';
import { feedMachine, type FeedInput, type FeedReport } from './feed.ts';
import { followsMachine, type FollowsInput, type FollowsReport } from './follows.ts';
import { hiddenSourcesMachine, type HiddenSourcesInput } from './hiddenSources.ts';
import { notificationsMachine } from './notifications.ts';
import { olderStoriesMachine } from './olderStories.ts';
import { readingMachine, type ReadingReport } from './reading.ts';
import { readMarksMachine, type ReadMarksInput } from './readMarks.ts';
import { searchMachine, type SearchReport } from './search.ts';
import { shareMachine } from './share.ts';
import { storyPageMachine } from './storyPage.ts';
import { themeMachine, type ThemeInput } from './theme.ts';
import type { ThemeName } from '../src/domain/theme.ts';
import type { Alert } from '../src/domain/alerts.ts';
import type { Follow } from '../src/domain/follows.ts';
import type { HomeSearch } from '../src/domain/search-params.ts';
import type { Story } from '../src/domain/story.ts';

/**
 * The home page's actors as one system (docs/machines.md), and the one place that wires them and
 * writes the URL. Each machine of the page runs here under its id (PageActors); a machine tells
 * this one what it learns (FeedReport, SearchReport, FollowsReport, AlertsReport) and never a sibling, and this
 * one passes it on. The visitor's intents on the URL's filters come here as one event each, and
 * this machine writes the URL (`navigate`, injected) and tells the machines concerned, so its own
 * writes never come back: `url.changed` is the URL changed by anything else (Back, Forward, a link).
 */

/** The page's actors by id: the one list of the ids components reach them by (src/system/). */
export interface PageActors {
  feed: ActorRefFrom<typeof feedMachine>;
  older: ActorRefFrom<typeof olderStoriesMachine>;
  archive: ActorRefFrom<typeof archiveSearchMachine>;
  search: ActorRefFrom<typeof searchMachine>;
  bookmarks: ActorRefFrom<typeof bookmarksMachine>;
  follows: ActorRefFrom<typeof followsMachine>;
  alerts: ActorRefFrom<typeof alertsMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  theme: ActorRefFrom<typeof themeMachine>;
  share: ActorRefFrom<typeof shareMachine>;
  storyPage: ActorRefFrom<typeof storyPageMachine>;
  hiddenSources: ActorRefFrom<typeof hiddenSourcesMachine>;
  readMarks: ActorRefFrom<typeof readMarksMachine>;
  reading: ActorRefFrom<typeof readingMachine>;
}

export type PageActorId = keyof PageActors;

/**
 * What this visitor's browser keeps, read as the page opens. The machines start without it, as
 * the HTML's frame shows a visitor with nothing stored; the page tells each its part as it starts.
 */
export interface PageInput {
  feed: FeedInput;
  bookmarks: BookmarksInput;
  /** Absent: nothing followed. */
  follows?: FollowsInput;
  /** Absent: no alert kept. */
  alerts?: AlertsInput;
  /** Absent: no outlet hidden. */
  hiddenSources?: HiddenSourcesInput;
  /** Absent: nothing read. */
  readMarks?: ReadMarksInput;
  theme: ThemeInput;
}

/** The URL's search, as the page reads it: its query, whether "From the last 30 days" shows, whether the Following view does. */
export interface UrlSearch {
  query: string;
  archive: boolean;
  /** Absent: not shown. */
  following?: boolean;
}

/** A change to the URL's search (src/domain/search-params.ts): the parameters named are set, or removed when undefined. */
export type UrlPatch = { [K in keyof HomeSearch]?: HomeSearch[K] | undefined };

export type PageEvent =
  /** The URL's search changed, by anything but this machine: Back, Forward, a link; and the URL as the page opens. */
  | ({ type: 'url.changed' } & UrlSearch)
  /** The URL's path is the home page's (as the page opens there, or a link, Back or Forward to it): the feed calls then, not before. */
  | { type: 'url.home' }
  /** The URL's path names a story's page, `/story/<id>` (as the page opens, or a change: a link, Back, Forward). */
  | { type: 'url.story'; id: string }
  /** The URL's path left a story's page for another. */
  | { type: 'url.storyLeft' }
  /** The visitor's intents on the URL's filters (docs/product.md#search-categories-and-the-url). */
  | { type: 'filters.categories'; categories: string[] }
  | { type: 'filters.saved'; on: boolean }
  | { type: 'filters.following'; on: boolean }
  /** "Hide read" (docs/product.md#read). */
  | { type: 'filters.unread'; on: boolean }
  /** "Search the last 30 days" for the box's text. */
  | { type: 'filters.archive'; query: string }
  | { type: 'filters.clear' }
  /** The page became visible again, or took focus: the feed refetches when it is stale. */
  | { type: 'feed.visible' }
  | { type: 'feed.focus' }
  | { type: 'theme.system.changed'; prefersDark: boolean }
  /** Another tab changed what is stored, read (src/domain/): the theme, the bookmarks, their copies. */
  | { type: 'theme.storage.changed'; theme: ThemeName | null }
  | { type: 'bookmarks.storage.changed'; ids: string[] }
  | { type: 'saved.storage.changed'; stories: Story[] }
  | { type: 'follows.storage.changed'; follows: Follow[] }
  | { type: 'alerts.storage.changed'; alerts: Alert[] }
  | { type: 'hidden.storage.changed'; sources: string[] }
  | { type: 'read.storage.changed'; ids: string[] }
  /** A story another tab saved may have no copy here yet: fetch the saved stories. */
  | { type: 'saved.refresh' }
  | FeedReport
  | SearchReport
  | FollowsReport
  | AlertsReport
  | ReadingReport;

/** A visitor with nothing stored, as the frame shows one; and the page's input where none is given (Stately's tools). */
export const NOTHING_STORED: PageInput = {
  feed: { kept: null, lastVisit: null },
  bookmarks: { ids: [], savedStories: [] },
  follows: { follows: [] },
  alerts: { alerts: [] },
  hiddenSources: { sources: [] },
  readMarks: { ids: [] },
  theme: { stored: null, systemPrefersDark: false },
};

/** What the page's system holds of its actors, by id (machines run here under their `systemId`). */
interface ActorsById {
  get(id: string): AnyActorRef | undefined;
}

/** What the browser keeps of the story `id`: a saved copy, a followed one, the one the feed shows or the last visit kept; null when none. */
export function keptCopy(system: ActorsById, id: string, keptFeed: Story[] = []): Story | null {
  const bookmarks: SnapshotFrom<typeof bookmarksMachine> | undefined = system.get('bookmarks')?.getSnapshot();
  const follows: SnapshotFrom<typeof followsMachine> | undefined = system.get('follows')?.getSnapshot();
  const feed: SnapshotFrom<typeof feedMachine> | undefined = system.get('feed')?.getSnapshot();
  return (
    bookmarks?.context.stories.find((story) => story.id === id) ??
    follows?.context.follows.find((follow) => follow.id === id)?.story ??
    feed?.context.stories.find((story) => story.id === id) ??
    keptFeed.find((story) => story.id === id) ??
    null
  );
}

const CLEARED: UrlPatch = { q: undefined, category: undefined, saved: undefined, archive: undefined, following: undefined, unread: undefined };

export const pageMachine = setup({
  types: {
    context: {} as PageInput,
    input: {} as PageInput,
    events: {} as PageEvent,
  },
  actors: {
    feed: feedMachine,
    older: olderStoriesMachine,
    archive: archiveSearchMachine,
    search: searchMachine,
    bookmarks: bookmarksMachine,
    follows: followsMachine,
    alerts: alertsMachine,
    notifications: notificationsMachine,
    theme: themeMachine,
    share: shareMachine,
    storyPage: storyPageMachine,
    hiddenSources: hiddenSourcesMachine,
    readMarks: readMarksMachine,
    reading: readingMachine,
    /** Injected: sends the URL's search as the page opens, then url.changed whenever something other than `navigate` changes it. */
    urlChanges: fromCallback<PageEvent>(() => () => {}),
    /** Injected: sends the browser's events the page follows (visibility, focus, other tabs' storage, the system's colours). */
    browserEvents: fromCallback<PageEvent>(() => () => {}),
  },
  actions: {
    /** Injected: writes the URL's search, a new history entry unless `replace`, the other parameters kept. */
    navigate: (_, _params: { patch: UrlPatch; replace: boolean }) => {},
    /** "From the last 30 days" shows while the URL asks for it with a query. */
    tellArchive: sendTo('archive', (_, { query, archive }: UrlSearch) =>
      archive && query.trim() !== '' ? { type: 'archive.search' as const, query } : { type: 'archive.hide' as const },
    ),
    /** The Following view shows while the URL asks for it: what it shows is seen (docs/product.md#following-a-story). */
    tellFollows: sendTo('follows', (_, { following }: { following?: boolean }) => (following === true ? { type: 'following.shown' as const } : { type: 'following.hidden' as const })),
    /** A story's page shows: it asks for its story, with what the browser keeps of it then (a later change of that asks nothing again). */
    openStory: sendTo('storyPage', ({ context, system }, { id }: { id: string }) => ({ type: 'story.open' as const, id, kept: keptCopy(system, id, context.feed.kept?.stories) })),
    /** The story's page is left: its call is cancelled. */
    closeStory: sendTo('storyPage', { type: 'story.close' }),
    /** The box shows the query the URL now holds, and drops what was typed for another. */
    resetSearch: sendTo('search', (_, { query }: { query: string }) => ({ type: 'search.reset' as const, query })),
  },
}).createMachine({
  id: 'page',
  // Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => input ?? NOTHING_STORED,
  // Each machine starts as the frame: nothing stored, nothing shown yet. Those that tell the page what they learn are given it (machines/report.ts).
  invoke: [
    { id: 'feed', systemId: 'feed', src: 'feed', input: ({ self }) => ({ reportTo: self }) },
    { id: 'older', systemId: 'older', src: 'older', input: { next: null } },
    { id: 'archive', systemId: 'archive', src: 'archive' },
    { id: 'search', systemId: 'search', src: 'search', input: ({ self }) => ({ reportTo: self }) },
    { id: 'bookmarks', systemId: 'bookmarks', src: 'bookmarks', input: NOTHING_STORED.bookmarks },
    { id: 'follows', systemId: 'follows', src: 'follows', input: ({ self }) => ({ follows: [], reportTo: self }) },
    { id: 'alerts', systemId: 'alerts', src: 'alerts', input: ({ self }) => ({ alerts: [], reportTo: self }) },
    { id: 'notifications', systemId: 'notifications', src: 'notifications', input: { ids: [] } },
    { id: 'theme', systemId: 'theme', src: 'theme', input: NOTHING_STORED.theme },
    { id: 'share', systemId: 'share', src: 'share' },
    { id: 'storyPage', systemId: 'storyPage', src: 'storyPage' },
    { id: 'hiddenSources', systemId: 'hiddenSources', src: 'hiddenSources', input: NOTHING_STORED.hiddenSources },
    { id: 'readMarks', systemId: 'readMarks', src: 'readMarks', input: NOTHING_STORED.readMarks },
    { id: 'reading', systemId: 'reading', src: 'reading', input: ({ self }) => ({ reportTo: self }) },
    { id: 'urlChanges', src: 'urlChanges' },
    { id: 'browserEvents', src: 'browserEvents' },
  ],
  // As the page starts: each machine is told what the browser keeps (the first render, before it, draws the frame);
  // then the saved stories' copies and the followed stories are refreshed (docs/product.md#saved-stories-last, #following-a-story).
  entry: [
    sendTo('theme', ({ context }) => ({ type: 'theme.system.changed' as const, prefersDark: context.theme.systemPrefersDark })),
    sendTo('theme', ({ context }) => ({ type: 'theme.storage.changed' as const, theme: context.theme.stored })),
    sendTo('bookmarks', ({ context }) => ({ type: 'bookmarks.storage.changed' as const, ids: context.bookmarks.ids })),
    sendTo('bookmarks', ({ context }) => ({ type: 'saved.storage.changed' as const, stories: context.bookmarks.savedStories })),
    sendTo('follows', ({ context }) => ({ type: 'follows.storage.changed' as const, follows: context.follows?.follows ?? [] })),
    sendTo('alerts', ({ context }) => ({ type: 'alerts.storage.changed' as const, alerts: context.alerts?.alerts ?? [] })),
    sendTo('hiddenSources', ({ context }) => ({ type: 'hidden.storage.changed' as const, sources: context.hiddenSources?.sources ?? [] })),
    sendTo('readMarks', ({ context }) => ({ type: 'read.storage.changed' as const, ids: context.readMarks?.ids ?? [] })),
    sendTo('bookmarks', { type: 'saved.refresh' }),
    sendTo('follows', { type: 'follows.refresh' }),
  ],
  on: {
    // The feed is told what the browser keeps as the home page first shows, and starts its call: a story's page does not wait for it.
    'url.home': { actions: sendTo('feed', ({ context }) => ({ type: 'feed.visitor' as const, ...context.feed })) },
    'url.story': { actions: { type: 'openStory', params: ({ event }) => event } },
    'url.storyLeft': { actions: 'closeStory' },
    'url.changed': {
      actions: [
        { type: 'resetSearch', params: ({ event }) => event },
        { type: 'tellArchive', params: ({ event }) => event },
        { type: 'tellFollows', params: ({ event }) => event },
      ],
    },
    // The box's text, once typing pauses: into the URL, in the same history entry; a new query drops `archive` (docs/product.md#the-last-30-days).
    'search.committed': {
      actions: [
        { type: 'navigate', params: ({ event }) => ({ patch: { q: event.query === '' ? undefined : event.query, archive: undefined }, replace: true }) },
        sendTo('archive', { type: 'archive.hide' }),
      ],
    },
    'search.typed': { actions: sendTo('archive', ({ event }) => ({ type: 'archive.typed', text: event.text })) },
    'filters.archive': {
      actions: [
        { type: 'navigate', params: ({ event }) => ({ patch: { q: event.query === '' ? undefined : event.query, archive: true }, replace: false }) },
        { type: 'resetSearch', params: ({ event }) => event },
        { type: 'tellArchive', params: ({ event }) => ({ query: event.query, archive: true }) },
      ],
    },
    'filters.categories': {
      actions: { type: 'navigate', params: ({ event }) => ({ patch: { category: event.categories.length > 0 ? event.categories : undefined }, replace: false }) },
    },
    // Saved and Following are two views: one shows at a time.
    'filters.saved': {
      actions: [
        { type: 'navigate', params: ({ event }) => ({ patch: { saved: event.on || undefined, following: undefined }, replace: false }) },
        { type: 'tellFollows', params: { following: false } },
      ],
    },
    'filters.following': {
      actions: [
        { type: 'navigate', params: ({ event }) => ({ patch: { following: event.on || undefined, saved: undefined }, replace: false }) },
        { type: 'tellFollows', params: ({ event }) => ({ following: event.on }) },
      ],
    },
    // "Hide read" goes with any view and any search.
    'filters.unread': {
      actions: { type: 'navigate', params: ({ event }) => ({ patch: { unread: event.on || undefined }, replace: false }) },
    },
    'filters.clear': {
      actions: [
        { type: 'navigate', params: { patch: CLEARED, replace: false } },
        { type: 'resetSearch', params: { query: '' } },
        { type: 'tellArchive', params: { query: '', archive: false } },
        { type: 'tellFollows', params: { following: false } },
      ],
    },
    'feed.firstPage': { actions: sendTo('older', ({ event }) => ({ type: 'older.firstPage', next: event.next })) },
    'follows.ids': { actions: sendTo('notifications', ({ event }) => ({ type: 'notify.follows', ids: event.ids })) },
    'alerts.words': { actions: sendTo('notifications', ({ event }) => ({ type: 'notify.alerts', alerts: event.alerts })) },
    // Back on the page: the feed and the followed stories refetch when stale.
    'feed.visible': { actions: [forwardTo('feed'), sendTo('follows', { type: 'follows.refresh' })] },
    'feed.focus': { actions: [forwardTo('feed'), sendTo('follows', { type: 'follows.refresh' })] },
    'theme.system.changed': { actions: forwardTo('theme') },
    'theme.storage.changed': { actions: forwardTo('theme') },
    'bookmarks.storage.changed': { actions: forwardTo('bookmarks') },
    'saved.storage.changed': { actions: forwardTo('bookmarks') },
    'saved.refresh': { actions: forwardTo('bookmarks') },
    'follows.storage.changed': { actions: forwardTo('follows') },
    'alerts.storage.changed': { actions: forwardTo('alerts') },
    'hidden.storage.changed': { actions: forwardTo('hiddenSources') },
    'read.storage.changed': { actions: forwardTo('readMarks') },
    // A file of "Your reading": each section to its owner, which joins it to its own (docs/product.md#your-reading-in-another-browser);
    // the saved stories' copies are then refreshed, and new follows asked for at once.
    'reading.imported': {
      actions: [
        sendTo('bookmarks', ({ event }) => ({ type: 'bookmarks.import' as const, ...event.reading.bookmarks })),
        sendTo('bookmarks', { type: 'saved.refresh' }),
        sendTo('follows', ({ event }) => ({ type: 'follows.import' as const, follows: event.reading.follows })),
        sendTo('hiddenSources', ({ event }) => ({ type: 'hidden.import' as const, sources: event.reading.hiddenSources })),
        sendTo('readMarks', ({ event }) => ({ type: 'read.import' as const, ids: event.reading.read })),
        sendTo('alerts', ({ event }) => ({ type: 'alerts.import' as const, alerts: event.reading.alerts })),
      ],
    },
  },
});
