import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { tellPage, type Reporting } from './report.ts';
import { storageMachine } from './storage.ts';
import { adoptAnswer, isFollowed, markSeen, mergeFollows, newReports, withFollow, withoutFollow, type Follow, type Followed } from '../src/domain/follows.ts';
import { CALL_TIMEOUT_MS, isSampleStory, type Story } from '../src/domain/story.ts';

/**
 * Following stories (docs/product.md#following-a-story). Each change of the follows goes to the
 * child `storage` (machines/storage.ts) to be written to `newsFollows`; a refused write leaves
 * following in memory for the page's life. Two regions. `refresh`: `follows.refresh` asks the function for the followed stories (`?follow=`) unless the
 * last answer is under 5 minutes old, and a new follow asks at once, so that the first answer
 * counts what the visitor has seen; a follow the answer lacks ends. `view`: while the Following
 * view shows, whatever is counted is seen, and its marks stay until the view closes. Each change
 * of the followed ids goes to the page, for `notifications` (machines/notifications.ts).
 */

export interface FollowsInput {
  /** The stored follows (`newsFollows`), read; [] when absent or unreadable. */
  follows: Follow[];
}

export interface FollowsContext extends Reporting {
  /** Newest followed first, at most 50. */
  follows: Follow[];
  /** While the view shows: each followed id's new reports as the visitor came to see them. */
  marks: Record<string, number>;
  /** Follows the answers ended (the store no longer has them), each once, for the view's note. */
  ended: Follow[];
}

export type FollowsEvent =
  /** A card's follow button (or the `f` key): the story itself, kept as its last known copy, and the time (ISO). */
  | { type: 'follow.toggle'; story: Story; at: string }
  /** The stored follows changed in another tab, read. */
  | { type: 'follows.storage.changed'; follows: Follow[] }
  /** A file of "Your reading" brought these, read: joined to the follows here, and asked for at once. */
  | { type: 'follows.import'; follows: Follow[] }
  /** Fetch the followed stories unless the last answer is fresh (the page opening, shown or focused again). */
  | { type: 'follows.refresh' }
  /** The Following view shows, or no longer does (the URL's `following=1`). */
  | { type: 'following.shown' }
  | { type: 'following.hidden' }
  /** Raised by the machine: the follows changed (written), one was added (asked at once), an answer came (seen while the view shows). */
  | { type: 'follows.changed' }
  | { type: 'follows.added' }
  | { type: 'follows.answered' };

export type FollowsEmitted = { type: 'follow.added'; id: string } | { type: 'follow.removed'; id: string } | { type: 'follow.refused'; id: string };

const idsOf = (follows: readonly Follow[]) => follows.map((follow) => follow.id);

/** What following tells the page (machines/page.ts): the followed ids at each change, which notifications cover (machines/notifications.ts). */
export type FollowsReport = { type: 'follows.ids'; ids: string[] };

/** What the page is told of the follows: their ids. */
const idsReport = (follows: readonly Follow[]): FollowsReport => ({ type: 'follows.ids', ids: idsOf(follows) });

export const followsMachine = setup({
  types: {
    context: {} as FollowsContext,
    events: {} as FollowsEvent,
    input: {} as FollowsInput & Reporting,
    emitted: {} as FollowsEmitted,
  },
  actors: {
    /** Writes `newsFollows` (its `write` injected: rejects when storage refuses). */
    storage: storageMachine,
    /** Injected: the followed stories (`?follow=`), validated; rejects when the call fails. */
    fetchFollowed: fromPromise<Followed[], { ids: string[] }>(() => Promise.reject(new Error('fetchFollowed is provided by the app'))),
  },
  actions: {
    toggle: enqueueActions(({ context, enqueue, self }, { story, at }: { story: Story; at: string }) => {
      let follows: Follow[] | null;
      if (isFollowed(context.follows, story.id)) {
        follows = withoutFollow(context.follows, story.id);
        enqueue.emit({ type: 'follow.removed', id: story.id });
      } else {
        follows = withFollow(context.follows, story, at);
        if (follows === null) {
          enqueue.emit({ type: 'follow.refused', id: story.id });
          return;
        }
        enqueue.emit({ type: 'follow.added', id: story.id });
        enqueue.raise({ type: 'follows.added' });
      }
      enqueue.assign({ follows });
      enqueue.raise({ type: 'follows.changed' });
      tellPage({ context, self, enqueue }, idsReport(follows));
    }),
    adoptStored: enqueueActions(({ context, enqueue, self }, { follows }: { follows: Follow[] }) => {
      enqueue.assign({ follows });
      tellPage({ context, self, enqueue }, idsReport(follows));
    }),
    /** Imported follows join these (docs/product.md#your-reading-in-another-browser); new ones are asked for at once, as a new follow is. */
    adoptImported: enqueueActions(({ context, enqueue, self }, { follows: imported }: { follows: Follow[] }) => {
      const follows = mergeFollows(context.follows, imported);
      if (follows.length === context.follows.length) return;
      enqueue.assign({ follows });
      enqueue.raise({ type: 'follows.changed' });
      enqueue.raise({ type: 'follows.added' });
      tellPage({ context, self, enqueue }, idsReport(follows));
    }),
    adoptAnswer: enqueueActions(({ context, enqueue, self }, { answer }: { answer: Followed[] }) => {
      const { follows, ended } = adoptAnswer(context.follows, answer);
      const known = new Set(idsOf(context.ended));
      enqueue.assign({ follows, ended: [...context.ended, ...ended.filter((follow) => !known.has(follow.id))] });
      enqueue.raise({ type: 'follows.changed' });
      enqueue.raise({ type: 'follows.answered' });
      if (ended.length > 0) tellPage({ context, self, enqueue }, idsReport(follows));
    }),
    /** The new reports counted so far become marks on the view, and are seen. */
    see: enqueueActions(({ context, enqueue }) => {
      const unseen = context.follows.filter((follow) => newReports(follow) > 0);
      if (unseen.length === 0) return;
      const marks = { ...context.marks };
      for (const follow of unseen) marks[follow.id] = (marks[follow.id] ?? 0) + newReports(follow);
      enqueue.assign({ marks, follows: markSeen(context.follows) });
      enqueue.raise({ type: 'follows.changed' });
    }),
    forgetMarks: assign({ marks: {}, ended: [] }),
    /** The follows as they are now, to storage. */
    save: sendTo('storage', ({ context }) => ({ type: 'storage.write' as const, value: { follows: context.follows } })),
  },
  guards: {
    hasFollows: ({ context }) => context.follows.length > 0,
    /** A sample story cannot be followed: nothing will ever report on it (the `f` key on its card does nothing). */
    canFollow: (_, { story }: { story: Story }) => !isSampleStory(story),
  },
  delays: {
    timeout: CALL_TIMEOUT_MS,
    /** An answer younger than 5 minutes is not asked again (the feed's staleAfter). */
    staleAfter: 5 * 60_000,
  },
}).createMachine({
  id: 'follows',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => ({ follows: input?.follows ?? [], marks: {}, ended: [], reportTo: input?.reportTo }),
  type: 'parallel',
  invoke: { id: 'storage', src: 'storage' },
  on: {
    'follow.toggle': { guard: { type: 'canFollow', params: ({ event }) => event }, actions: { type: 'toggle', params: ({ event }) => event } },
    'follows.storage.changed': { actions: { type: 'adoptStored', params: ({ event }) => event } },
    'follows.import': { actions: { type: 'adoptImported', params: ({ event }) => event } },
    'follows.changed': { actions: 'save' },
  },
  states: {
    refresh: {
      initial: 'stale',
      states: {
        stale: {
          on: {
            'follows.refresh': { guard: 'hasFollows', target: 'refreshing' },
            'follows.added': { target: 'refreshing' },
          },
        },
        refreshing: {
          tags: ['refreshing'],
          // A follow added while the call is out (a toggle, an import) asks again for them all: the answer under way lacks it, and would end it.
          on: { 'follows.added': { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'fetchFollowed',
            src: 'fetchFollowed',
            input: ({ context }) => ({ ids: idsOf(context.follows) }),
            onDone: { target: 'fresh', actions: { type: 'adoptAnswer', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'stale' },
          },
          after: { timeout: { target: 'stale' } },
        },
        fresh: {
          after: { staleAfter: { target: 'stale' } },
          on: { 'follows.added': { target: 'refreshing' } },
        },
      },
    },
    view: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'following.shown': { target: 'shown' } },
        },
        shown: {
          tags: ['viewing'],
          entry: 'see',
          exit: 'forgetMarks',
          on: {
            'following.hidden': { target: 'hidden' },
            // New reports that come while the view shows are seen too.
            'follows.answered': { actions: 'see' },
          },
        },
      },
    },
  },
});
