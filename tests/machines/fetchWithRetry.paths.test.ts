import { expect } from 'vitest';
import { fetchWithRetryMachine } from '../../machines/fetchWithRetry.ts';
import type { Story } from '../../src/domain/story.ts';
import { definePathSuite } from './paths.ts';

const story: Story = { id: 'a', title: 'Live story', summary: 'From the wire', source: 'Wire', url: 'https://news.example.org/a', published_at: '', category: 'World' };

definePathSuite({
  name: 'fetchWithRetry',
  machine: fetchWithRetryMachine,
  events: [
    { type: 'xstate.done.actor.fetchStories', output: [story] },
    { type: 'xstate.done.actor.fetchStories', output: [] },
    { type: 'xstate.error.actor.fetchStories', error: new Error('FunctionsHttpError: 503') },
  ],
  // docs/product.md#timings-and-constants: no answer in 10 s is a failure; the one retry follows about 1 s later.
  delays: { timeout: 10_000, retryDelay: 1_000 },
  expectedPaths: 9,
  arrange: (fakes) => fetchWithRetryMachine.provide({ actors: { fetchStories: fakes.actor<Story[]>('fetchStories') } }),
  check({ event, after, fakes }) {
    // Exactly one call is in flight while attempting; never more than one retry.
    expect(fakes.isPending('fetchStories')).toBe(after.matches('attempt') || after.matches('retry'));
    const calls = fakes.count('fetchStories');
    if (after.matches('attempt') || after.matches('backoff')) expect(calls).toBe(1);
    else if (after.matches('retry') || after.matches('failed')) expect(calls).toBe(2);
    else expect(calls).toBeLessThanOrEqual(2);
    // A call that times out is abandoned (its request aborted), not left to land later.
    if (event.type.startsWith('xstate.after.timeout.')) expect(fakes.calls.at(-1)?.signal.aborted).toBe(true);
    if (after.matches('gotStories')) expect(after.output).toEqual({ result: 'stories', stories: [story] });
    if (after.matches('empty')) expect(after.output).toEqual({ result: 'empty', stories: [] });
    if (after.matches('failed')) expect(after.output).toEqual({ result: 'failed', stories: [] });
    expect(after.status).toBe(after.matches('gotStories') || after.matches('empty') || after.matches('failed') ? 'done' : 'active');
  },
});
