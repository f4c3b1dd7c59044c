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
import { appFeedMachine } from '../../src/app/actors.ts';
import { App } from '../../src/app/App.tsx';
import { createAppRouter } from '../../src/app/router.tsx';
import { sampleStories } from '../../src/domain/samples.ts';
import type { Story } from '../../src/domain/story.ts';
import liveAnswerJson from '../fixtures/live-answer.json';

export const liveAnswer: { stories: Story[] } = liveAnswerJson;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('data-theme');
});

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** The fetch-news function and the samples chunk, answered by the test. */
export class ScriptedBackend {
  private waiting: Array<(call: Deferred<unknown>) => void> = [];
  private calls: Array<Deferred<unknown>> = [];
  samplesFail = false;
  fetchCount = 0;

  readonly fetchLive = fromPromise<unknown>(
    () =>
      new Promise((resolve, reject) => {
        this.fetchCount += 1;
        const call = { resolve, reject };
        const taker = this.waiting.shift();
        if (taker) taker(call);
        else this.calls.push(call);
      }),
  );

  readonly loadSamples = fromPromise<Story[]>(() =>
    this.samplesFail ? Promise.reject(new Error('chunk failed')) : Promise.resolve(sampleStories(Date.now())),
  );

  /** The next call to the function, once the page makes it. */
  nextCall(): Promise<Deferred<unknown>> {
    const call = this.calls.shift();
    if (call) return Promise.resolve(call);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async answer(body: unknown) {
    (await this.nextCall()).resolve(body);
  }

  async fail(error: unknown = new Error('FunctionsFetchError: connection refused')) {
    (await this.nextCall()).reject(error);
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

export async function renderApp({ path = '/', prefersDark = false }: { path?: string; prefersDark?: boolean } = {}) {
  const system = stubMatchMedia(prefersDark);
  const backend = new ScriptedBackend();
  // Retry timing is the machine's (tests/machines); here the retry follows at once.
  const feed = appFeedMachine.provide({ actors: { fetchLive: backend.fetchLive, loadSamples: backend.loadSamples }, delays: { retryDelay: 0 } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(history);
  const user = userEvent.setup();
  const view = render(<App logic={{ feed }} router={router} />);
  // The router renders its first match asynchronously.
  await screen.findByRole('heading', { level: 1 });
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
