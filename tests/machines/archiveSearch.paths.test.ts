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

/** Calls made before the current step, per replay (each starts with xstate.init). */
let callsBefore = 0;

definePathSuite({
  name: 'archiveSearch',
  machine: archiveSearchMachine,
  events: [
    // The URL asks for the last 30 days with a query (padded as typed), with another one, with a blank one.
    { type: 'archive.search', query: '  mars rover ' },
    { type: 'archive.search', query: 'venus' },
    { type: 'archive.search', query: '   ' },
    { type: 'archive.retry' },
    { type: 'archive.hide' },
    // The visitor types on in the search box, or only pads the same query.
    { type: 'archive.typed', text: 'mars rove' },
    { type: 'archive.typed', text: 'mars rover ' },
    { type: 'xstate.done.actor.searchArchive', output: matches },
    { type: 'xstate.done.actor.searchArchive', output: [] },
    { type: 'xstate.error.actor.searchArchive', error: new Error('FunctionsHttpError: 503 store_unavailable') },
  ],
  // docs/product.md#timings-and-constants: a search with no answer within 10 s has failed.
  delays: { timeout: 10_000 },
  // 11 snapshots (hidden for no query, for each of the two; searching or failed for each; answered with or without matches for each), each by every event it accepts.
  expectedPaths: 70,
  arrange: (fakes) => archiveSearchMachine.provide({ actors: { searchArchive: fakes.actor<Story[], { query: string }>('searchArchive') } }),
  check({ event, before, after, fakes }) {
    const newCall = fakes.calls.length > callsBefore;
    if (event.type === 'xstate.init') expect(fakes.calls).toHaveLength(0);
    callsBefore = fakes.calls.length;
    // The section "From the last 30 days" shows in every state but hidden; the call runs only while searching.
    expect(after.hasTag('shown')).toBe(!after.matches('hidden'));
    expect(fakes.isPending('searchArchive')).toBe(after.hasTag('searching'));
    const unchanged = () => {
      expect(after.value).toEqual(before.value);
      expect(after.context).toEqual(before.context);
      expect(newCall).toBe(false);
    };
    if (event.type === 'archive.search') {
      const query = String(event.query).trim();
      if (query === '' || (before.hasTag('shown') && query === before.context.query)) {
        // A blank query asks for nothing; the query already shown is not asked for again.
        unchanged();
      } else {
        // A new query: the section shows, searching it (trimmed), and an answer for the old one never shows.
        expect(newCall).toBe(true);
        expect(fakes.calls.at(-1)?.input).toEqual({ query });
        expect(after.hasTag('searching')).toBe(true);
        expect(after.context).toEqual({ query, matches: [] });
        if (before.hasTag('searching')) expect(fakes.calls.at(-2)?.signal.aborted).toBe(true);
      }
    }
    if (event.type === 'archive.retry') {
      expect(newCall).toBe(true);
      expect(fakes.calls.at(-1)?.input).toEqual({ query: before.context.query });
    }
    if (event.type === 'xstate.done.actor.searchArchive') {
      expect(after.hasTag('answered')).toBe(true);
      expect(after.context.matches).toEqual(event.output);
    }
    if (event.type === 'xstate.error.actor.searchArchive' || event.type.startsWith('xstate.after.')) {
      // "Could not search older stories": a call with no answer is abandoned.
      expect(after.hasTag('failed')).toBe(true);
      expect(fakes.calls.at(-1)?.signal.aborted).toBe(event.type.startsWith('xstate.after.'));
    }
    const hides = event.type === 'archive.hide' || (event.type === 'archive.typed' && before.hasTag('shown') && String(event.text).trim() !== before.context.query);
    if (hides) {
      // The URL drops archive=1, or the box no longer holds the query shown: the section goes at once, and an answer still on its way is dropped.
      expect(after.matches('hidden')).toBe(true);
      expect(after.context.matches).toEqual([]);
      if (before.hasTag('searching')) expect(fakes.calls.at(-1)?.signal.aborted).toBe(true);
    } else if (event.type === 'archive.typed') {
      unchanged();
    }
  },
});
