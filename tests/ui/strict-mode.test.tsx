// @vitest-environment jsdom
/**
 * The app under React's StrictMode in development (src/app/mount.tsx), where React starts the
 * page's actors, stops them and starts them again at once (@xstate/react keeps the same actors and
 * their snapshots): a call made before the stop is aborted, and its failure must not count against
 * the call the restarted actor makes. Here the `?follow=` call is the app's own (src/follow/actors.ts,
 * through the later part); only `fetch` is a stand-in, which rejects an aborted call as browsers do.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { expect, it, vi } from 'vitest';
import { App } from '../../src/app/App.tsx';
import { createAppRouter } from '../../src/app/router.tsx';
import { appFeedMachine } from '../../src/feed/actors.ts';
import { liveAnswer, ScriptedBackend, showLiveStories, stubMatchMedia } from './harness.tsx';

const first = liveAnswer.stories[0]!;

/** The function's `?follow=` answer, for every call that is not aborted: the first story has 2 reports now. */
function stubFollowCalls(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const signal = init?.signal;
    if (signal?.aborted) return Promise.reject(new DOMException('signal is aborted without reason', 'AbortError'));
    if (!url.searchParams.has('follow')) return Promise.reject(new TypeError('Failed to fetch'));
    asked.push(url.searchParams.get('follow')!);
    const body = { stories: [{ ...first, follows: [first.id], reports: 2 }], generated_at: '2026-11-28T08:00:00.000Z', sources: [] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  return asked;
}

it('on return in StrictMode: the `?follow=` answer is applied, and the notice says "1 story you follow has new reports"', async () => {
  localStorage.setItem('newsFollows', JSON.stringify([{ id: first.id, followed_at: '2026-11-27T08:00:00.000Z', seen: 1, reports: 1, story: first }]));
  stubMatchMedia();
  const asked = stubFollowCalls();
  const backend = new ScriptedBackend();
  const feed = appFeedMachine.provide({ actors: { fetchStories: backend.fetchStories, loadSamples: backend.loadSamples } });
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
  render(
    <StrictMode>
      <App logic={{ feed }} router={router} />
    </StrictMode>,
  );
  await showLiveStories(backend);
  expect(await screen.findByText('1 story you follow has new reports', {}, { timeout: 5_000 })).toBeInTheDocument();
  expect(asked).toEqual([first.id]);
  expect(JSON.parse(localStorage.getItem('newsFollows')!)[0]).toMatchObject({ id: first.id, seen: 1, reports: 2 });
});
