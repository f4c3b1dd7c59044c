/**
 * "Search the last 30 days" (docs/product.md#the-last-30-days): every state and transition of
 * the archive-search machine, replayed with a fake `?q=` call on a simulated clock.
 */
import { expect } from 'vitest';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import type { Story } from '../../src/domain/story.ts';
import { definePathSuite } from './paths.ts';

const match = (id: string): Story => ({ id, title: `Mars rover ${id}`, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-02T09:00:00.000Z', category: 'Science' });
const matches = [match('m1'), match('m2')];

definePathSuite({
  name: 'archiveSearch',
  machine: archiveSearchMachine,
  events: [
    { type: 'archive.search', query: '  mars rover ' },
    { type: 'archive.search', query: '   ' },
    { type: 'archive.retry' },
    { type: 'archive.hide' },
    { type: 'xstate.done.actor.searchArchive', output: matches },
    { type: 'xstate.done.actor.searchArchive', output: [] },
    { type: 'xstate.error.actor.searchArchive', error: new Error('FunctionsHttpError: 503 store_unavailable') },
  ],
  // docs/product.md#timings-and-constants: a search with no answer within 10 s has failed.
  delays: { timeout: 10_000 },
  expectedPaths: 23,
  arrange: (fakes) => archiveSearchMachine.provide({ actors: { searchArchive: fakes.actor<Story[], { query: string }>('searchArchive') } }),
  check({ event, before, after, fakes }) {
    // The section "From the last 30 days" shows in every state but hidden; the call runs only while searching.
    expect(after.hasTag('shown')).toBe(!after.matches('hidden'));
    expect(fakes.isPending('searchArchive')).toBe(after.hasTag('searching'));
    if (event.type === 'archive.search') {
      if (String(event.query).trim() === '') {
        // A blank query asks for nothing.
        expect(after.value).toEqual(before.value);
        expect(after.context).toEqual(before.context);
      } else {
        expect(fakes.calls.at(-1)?.input).toEqual({ query: 'mars rover' });
        expect(after.context.matches).toEqual([]);
      }
    }
    if (event.type === 'archive.retry') expect(fakes.calls.at(-1)?.input).toEqual({ query: before.context.query });
    if (event.type === 'xstate.done.actor.searchArchive') {
      expect(after.hasTag('answered')).toBe(true);
      expect(after.context.matches).toEqual(event.output);
    }
    if (event.type === 'xstate.error.actor.searchArchive' || event.type.startsWith('xstate.after.')) {
      // "Could not search older stories": a call with no answer is abandoned.
      expect(after.hasTag('failed')).toBe(true);
      expect(fakes.calls.at(-1)?.signal.aborted).toBe(event.type.startsWith('xstate.after.'));
    }
    if (event.type === 'archive.hide') {
      // A new query hides the section; an answer still on its way is dropped.
      expect(after.matches('hidden')).toBe(true);
      expect(after.context.matches).toEqual([]);
      if (before.hasTag('searching')) expect(fakes.calls.at(-1)?.signal.aborted).toBe(true);
    }
  },
});
