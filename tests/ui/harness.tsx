/**
 * Renders the whole app (router, machines, theme, toasts) in jsdom with a scripted backend.
 * Only the network is faked: storage, clipboard and window.open are jsdom's or stubbed
 * per test, and the machines are the app's own, with their real browser effects.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { appBookmarksMachine } from '../../src/bookmarks/actors.ts';
import { appFeedMachine, appOlderStoriesMachine } from '../../src/feed/actors.ts';
import { appFollowsMachine } from '../../src/follow/actors.ts';
import { followedFromAnswer } from '../../src/domain/follow-answer.ts';
import type { Followed } from '../../src/domain/follows.ts';
import { appArchiveSearchMachine } from '../../src/search/actors.ts';
import { App } from '../../src/app/App.tsx';
import { createAppRouter } from '../../src/app/router.tsx';
import { pageFromAnswer } from '../../src/api/fetch-news.ts';
import type { FeedPage } from '../../src/domain/story.ts';
import { sampleStories } from '../../src/domain/samples.ts';
import type { Story } from '../../src/domain/story.ts';
import liveAnswerJson from '../fixtures/live-answer.json';
import { FakeActors } from '../support/fake-actors.ts';

export const liveAnswer: { stories: Story[] } = liveAnswerJson;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('data-theme');
});

/** The fetch-news function, answered by the test, and the samples chunk. */
export class ScriptedBackend {
  readonly fakes = new FakeActors();
  samplesFail = false;

  /** A scripted fetch-news answer, validated as src/api/fetch-news.ts validates it. */
  readonly fetchStories = fromPromise<FeedPage>(async ({ signal }) => pageFromAnswer(await this.fakes.call('fetch-news', undefined, signal)));

  /** `?before=<cursor>`: an older page; the call's input is `{ before }`. */
  readonly fetchOlder = fromPromise<FeedPage, { before: string }>(async ({ input, signal }) => pageFromAnswer(await this.fakes.call('fetch-news?before', input, signal)));

  /** `?q=<text>`: the last 30 days; the call's input is `{ query }`. */
  readonly searchArchive = fromPromise<Story[], { query: string }>(
    async ({ input, signal }) => pageFromAnswer(await this.fakes.call('fetch-news?q', input, signal)).stories,
  );

  /** `?ids=`: the saved stories the store still has; the call's input is `{ ids }`. */
  readonly fetchSaved = fromPromise<Story[], { ids: string[] }>(async ({ input, signal }) => pageFromAnswer(await this.fakes.call('fetch-news?ids', input, signal)).stories);

  /** `?follow=`: the followed stories now; the call's input is `{ ids }`. */
  readonly fetchFollowed = fromPromise<Followed[], { ids: string[] }>(async ({ input, signal }) => followedFromAnswer(await this.fakes.call('fetch-news?follow', input, signal)));

  readonly loadSamples = fromPromise<Story[]>(async () => {
    if (this.samplesFail) throw new Error('chunk failed');
    return sampleStories(Date.now());
  });

  /** How many calls of the function the page made. */
  get fetchCount(): number {
    return this.fakes.count('fetch-news');
  }

  /** Answers the next call with this parsed JSON body. */
  async answer(body: unknown) {
    (await this.fakes.nextCall('fetch-news')).resolve(body);
  }

  /** Answers the next call of `?before=`, `?q=` or `?ids=` with this parsed JSON body; resolves with the call's input. */
  async answerCall(kind: 'before' | 'q' | 'ids' | 'follow', body: unknown): Promise<unknown> {
    const call = await this.fakes.nextCall(`fetch-news?${kind}`);
    call.resolve(body);
    return call.input;
  }

  /** Fails the next call of `?before=`, `?q=` or `?ids=`. */
  async failCall(kind: 'before' | 'q' | 'ids' | 'follow') {
    (await this.fakes.nextCall(`fetch-news?${kind}`)).reject(new Error('FunctionsFetchError: connection refused'));
  }

  /** How many calls of `?before=`, `?q=` or `?ids=` the page made. */
  callCount(kind: 'before' | 'q' | 'ids' | 'follow'): number {
    return this.fakes.count(`fetch-news?${kind}`);
  }

  /** Fails the next call, as supabase-js does when the function cannot be reached or answers non-2xx. */
  async fail(error: unknown = new Error('FunctionsFetchError: connection refused')) {
    (await this.fakes.nextCall('fetch-news')).reject(error);
  }
}

export function stubMatchMedia(prefersDark = false) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: prefersDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => ({ ...query, media, matches: media.includes('dark') ? query.matches : false }));
  return {
    change(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
  };
}

export function stubClipboard(outcome: 'works' | 'refuses' | 'missing') {
  const written: string[] = [];
  const clipboard =
    outcome === 'missing'
      ? undefined
      : {
          writeText: (text: string) => {
            if (outcome === 'refuses') return Promise.reject(new DOMException('Write permission denied', 'NotAllowedError'));
            written.push(text);
            return Promise.resolve();
          },
        };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return written;
}

export async function renderApp({ path = '/', prefersDark = false, waitFor: until = 'heading' }: { path?: string; prefersDark?: boolean; waitFor?: 'heading' | 'nothing' } = {}) {
  const system = stubMatchMedia(prefersDark);
  const backend = new ScriptedBackend();
  // Retry timing is the machine's (tests/machines/timing.test.ts); here the retry follows at once.
  const feed = appFeedMachine.provide({ actors: { fetchStories: backend.fetchStories, loadSamples: backend.loadSamples }, delays: { retryDelay: 0 } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(history);
  const user = userEvent.setup();
  const bookmarks = appBookmarksMachine.provide({ actors: { fetchSaved: backend.fetchSaved } });
  const older = appOlderStoriesMachine.provide({ actors: { fetchOlder: backend.fetchOlder } });
  const archive = appArchiveSearchMachine.provide({ actors: { searchArchive: backend.searchArchive } });
  const follows = appFollowsMachine(() => Promise.reject(new Error('no follow effects in this test'))).provide({ actors: { fetchFollowed: backend.fetchFollowed } });
  const view = render(<App logic={{ feed, bookmarks, older, archive, follows }} router={router} />);
  // The router renders its first match asynchronously (a story's page: its heading comes with the story).
  if (until === 'heading') await screen.findByRole('heading', { level: 1 });
  return { user, backend, router, history, system, view };
}

export async function showLiveStories(backend: ScriptedBackend, body: unknown = liveAnswer) {
  await backend.answer(body);
  await screen.findByRole('heading', { level: 2, name: 'Top Stories' });
}

export function storyArea(): HTMLElement {
  const area = document.getElementById('stories');
  if (!area) throw new Error('The story area is missing');
  return area;
}

export async function waitForLoaded() {
  await waitFor(() => {
    if (storyArea().getAttribute('aria-busy') === 'true') throw new Error('still loading');
  });
}
