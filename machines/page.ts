import { assign, forwardTo, fromCallback, sendTo, setup } from 'xstate';
import { archiveSearchMachine } from './archiveSearch.ts';
import { bookmarksMachine, type BookmarksInput } from './bookmarks.ts';
import { feedMachine, type FeedInput } from './feed.ts';
import { followsMachine, type FollowsInput } from './follows.ts';
import { notificationsMachine } from './notifications.ts';
import { olderStoriesMachine } from './olderStories.ts';
import { searchMachine } from './search.ts';
import { shareMachine } from './share.ts';
import { themeMachine, type ThemeInput } from './theme.ts';
import type { ThemeName } from '../src/domain/theme.ts';
import type { Follow } from '../src/domain/follows.ts';
import type { Story } from '../src/domain/story.ts';

/**
 * The home page's actors as one system (docs/machines.md): every machine of the page runs here,
 * under its id, and the page passes between them what one learns for another. The feed tells the
 * older pages each first page it shows, and the search box tells the last 30 days what is typed,
 * each through the system (`system.get`). The URL's filters (TanStack Router owns them) and the
 * browser's events come in from two injected callbacks and go to the machines they concern.
 */

export interface PageInput {
  feed: FeedInput;
  bookmarks: BookmarksInput;
  /** Absent: nothing followed. */
  follows?: FollowsInput;
  theme: ThemeInput;
  /** The URL's search as the page opens. */
  url: UrlSearch;
}

/** The URL's search, as the page reads it: its query, whether "From the last 30 days" shows, whether the Following view does. */
export interface UrlSearch {
  query: string;
  archive: boolean;
  /** Absent: not shown. */
  following?: boolean;
}

export type PageEvent =
  /** The URL's search changed (Back, Forward, a filter, the search box's own write). */
  | ({ type: 'url.changed' } & UrlSearch)
  /** The page became visible again, or took focus: the feed refetches when it is stale. */
  | { type: 'feed.visible' }
  | { type: 'feed.focus' }
  | { type: 'theme.system.changed'; prefersDark: boolean }
  /** Another tab changed what is stored, read (src/domain/): the theme, the bookmarks, their copies. */
  | { type: 'theme.storage.changed'; theme: ThemeName | null }
  | { type: 'bookmarks.storage.changed'; ids: string[] }
  | { type: 'saved.storage.changed'; stories: Story[] }
  | { type: 'follows.storage.changed'; follows: Follow[] }
  /** A story another tab saved may have no copy here yet: fetch the saved stories. */
  | { type: 'saved.refresh' };

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
    notifications: notificationsMachine,
    theme: themeMachine,
    share: shareMachine,
    /** Injected: sends url.changed whenever the URL's search changes. */
    urlChanges: fromCallback<PageEvent>(() => () => {}),
    /** Injected: sends the browser's events the page follows (visibility, focus, other tabs' storage, the system's colours). */
    browserEvents: fromCallback<PageEvent>(() => () => {}),
  },
  guards: {
    /** Another query than the URL had: text still being typed gives way to it (Back, Forward, "Clear filters"). */
    changesQuery: ({ context }, { query }: UrlSearch) => query !== (context?.url?.query ?? ''),
  },
  actions: {
    noteUrl: assign((_, url: UrlSearch) => ({ url: { query: url.query, archive: url.archive, following: url.following === true } })),
    /** "From the last 30 days" shows while the URL asks for it with a query. */
    tellArchive: sendTo('archive', (_, { query, archive }: UrlSearch) =>
      archive && query.trim() !== '' ? { type: 'archive.search' as const, query } : { type: 'archive.hide' as const },
    ),
    /** The Following view shows while the URL asks for it: what it shows is seen (docs/product.md#following-a-story). */
    tellFollows: sendTo('follows', (_, { following }: UrlSearch) => (following === true ? { type: 'following.shown' as const } : { type: 'following.hidden' as const })),
  },
}).createMachine({
  id: 'page',
  // Stately's visualizer and inspector start the machine with no input at all: every machine then starts from its defaults.
  context: ({ input }) => input,
  invoke: [
    { id: 'feed', systemId: 'feed', src: 'feed', input: ({ context }) => context?.feed },
    { id: 'older', systemId: 'older', src: 'older', input: { next: null } },
    { id: 'archive', systemId: 'archive', src: 'archive' },
    { id: 'search', systemId: 'search', src: 'search' },
    { id: 'bookmarks', systemId: 'bookmarks', src: 'bookmarks', input: ({ context }) => context?.bookmarks },
    { id: 'follows', systemId: 'follows', src: 'follows', input: ({ context }) => context?.follows ?? { follows: [] } },
    { id: 'notifications', systemId: 'notifications', src: 'notifications', input: ({ context }) => ({ ids: context?.follows?.follows.map((follow) => follow.id) ?? [] }) },
    { id: 'theme', systemId: 'theme', src: 'theme', input: ({ context }) => context?.theme },
    { id: 'share', systemId: 'share', src: 'share' },
    { id: 'urlChanges', src: 'urlChanges' },
    { id: 'browserEvents', src: 'browserEvents' },
  ],
  // As the page opens: the saved stories' copies and the followed stories refreshed (docs/product.md#saved-stories-last, #following-a-story), the URL's archive and Following view followed.
  entry: [
    sendTo('bookmarks', { type: 'saved.refresh' }),
    sendTo('follows', { type: 'follows.refresh' }),
    { type: 'tellArchive', params: ({ context }) => context?.url ?? { query: '', archive: false } },
    { type: 'tellFollows', params: ({ context }) => context?.url ?? { query: '', archive: false } },
  ],
  on: {
    'url.changed': [
      {
        guard: { type: 'changesQuery', params: ({ event }) => event },
        actions: [
          { type: 'noteUrl', params: ({ event }) => event },
          sendTo('search', { type: 'search.reset' }),
          { type: 'tellArchive', params: ({ event }) => event },
          { type: 'tellFollows', params: ({ event }) => event },
        ],
      },
      { actions: [{ type: 'noteUrl', params: ({ event }) => event }, { type: 'tellArchive', params: ({ event }) => event }, { type: 'tellFollows', params: ({ event }) => event }] },
    ],
    // Back on the page: the feed and the followed stories refetch when stale.
    'feed.visible': { actions: [forwardTo('feed'), sendTo('follows', { type: 'follows.refresh' })] },
    'feed.focus': { actions: [forwardTo('feed'), sendTo('follows', { type: 'follows.refresh' })] },
    'theme.system.changed': { actions: forwardTo('theme') },
    'theme.storage.changed': { actions: forwardTo('theme') },
    'bookmarks.storage.changed': { actions: forwardTo('bookmarks') },
    'saved.storage.changed': { actions: forwardTo('bookmarks') },
    'saved.refresh': { actions: forwardTo('bookmarks') },
    'follows.storage.changed': { actions: forwardTo('follows') },
  },
});
