/**
 * A story's page (docs/product.md#a-page-for-each-story): every state and transition of its call,
 * replayed with a fake `?story=` call on a simulated clock: loaded, gone (404), failed (5xx or no
 * answer within 10 s, with "Try again"), offline (what the browser keeps, or nothing).
 */
import { expect } from 'vitest';
import { storyPageMachine, type StoryOutcome, type StoryPageContext } from '../../machines/storyPage.ts';
import type { Story, StoryCoverage } from '../../src/domain/story.ts';
import { definePathSuite } from './paths.ts';

const story = (id: string, source: string): Story => ({ id, title: 'Harbour bridge reopens', summary: '', source, url: `https://${source.toLowerCase()}.example/${id}`, published_at: '2026-11-20T09:00:00.000Z', category: 'World' });
const lead = { ...story('g1', 'Gamma'), related: [{ source: 'Beta', url: 'https://beta.example/b1' }] };
const coverage: StoryCoverage = { story: lead, reports: [story('g1', 'Gamma'), story('b1', 'Beta')], generated_at: '2026-11-20T10:00:00.000Z' };
const found: StoryOutcome = { kind: 'found', coverage };

definePathSuite({
  name: 'storyPage',
  machine: storyPageMachine,
  events: [
    { type: 'story.open', id: 'g1', kept: null },
    // A followed story, asked for by one of its group's other reports.
    { type: 'story.open', id: 'b1', kept: story('b1', 'Beta') },
    { type: 'story.retry' },
    { type: 'story.close' },
    { type: 'xstate.done.actor.fetchStory', output: found },
    { type: 'xstate.done.actor.fetchStory', output: { kind: 'gone', coverage: null } },
    { type: 'xstate.done.actor.fetchStory', output: { kind: 'offline', coverage: null } },
    { type: 'xstate.error.actor.fetchStory', error: new Error('The fetch-news function answered with a non-2xx status: 503') },
  ],
  delays: { timeout: 10_000 },
  expectedPaths: 59,
  arrange: (fakes) => storyPageMachine.provide({ actors: { fetchStory: fakes.actor<StoryOutcome, { id: string }>('fetchStory') } }),
  check({ event, before, after, fakes }) {
    const context = after.context as StoryPageContext;
    const earlier = before.context as StoryPageContext;
    if (event.type === 'story.open') {
      // The page asks for its story at once, with what the browser keeps of it; nothing of another story stays.
      expect(fakes.calls.at(-1)?.input).toEqual({ id: event.id });
      expect(context).toEqual({ id: event.id, kept: event.kept, coverage: null });
      if (before.hasTag('loading')) expect(fakes.calls.at(-2)?.signal.aborted).toBe(true);
    }
    if (event.type === 'story.retry') {
      // "Try again" asks again, from failed or offline only.
      if (before.hasTag('failed') || before.hasTag('offline')) expect(fakes.calls.at(-1)?.input).toEqual({ id: earlier.id });
      else expect(after.value).toEqual(before.value);
    }
    if (event.type === 'story.close') {
      // Leaving the page cancels its call.
      expect(after.value).toBe('idle');
      expect(fakes.isPending('fetchStory')).toBe(false);
    }
    if (event.type === 'xstate.done.actor.fetchStory') {
      const outcome = event.output as StoryOutcome;
      // Found: the coverage shows; 404: gone, with its own words; no connection: offline, with what is kept.
      expect(after.hasTag(outcome.kind === 'found' ? 'loaded' : outcome.kind)).toBe(true);
      expect(context.coverage).toEqual(outcome.kind === 'found' ? coverage : null);
      expect(context.kept).toEqual(earlier.kept);
    }
    // A 5xx, a failed request, or no answer within 10 s: "This story could not load".
    if (event.type === 'xstate.error.actor.fetchStory' || event.type.startsWith('xstate.after.')) expect(after.hasTag('failed')).toBe(true);
    expect(fakes.isPending('fetchStory')).toBe(after.hasTag('loading'));
  },
});
