/**
 * The machines as the Stately visualizer loads them, with no effects provided: their stand-in
 * actors reject, so each machine lands in its failure state instead of hanging or throwing.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { bookmarksMachine, parseStoredBookmarks } from '../../machines/bookmarks.ts';
import { copyLinkMachine } from '../../machines/copyLink.ts';
import { feedMachine, type FeedInput, type FeedPage } from '../../machines/feed.ts';
import { olderStoriesMachine, type OlderStoriesInput } from '../../machines/olderStories.ts';
import { searchMachine, type SearchInput } from '../../machines/search.ts';
import { themeMachine } from '../../machines/theme.ts';
import type { Story } from '../../src/domain/story.ts';
import { flush } from './paths.ts';

const story: Story = { id: 'a', title: 'A', summary: '', source: 'Wire', url: 'https://news.example.org/a', published_at: '', category: 'World' };

describe('machines without provided effects', () => {
  it('feed: both attempts and the samples fail, so it ends in error', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(feedMachine, { clock, input: { kept: null } }).start();
    await flush();
    expect(actor.getSnapshot().value).toEqual({ call: 'backoff' });
    clock.increment(1_000);
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.stories).toEqual([]);
  });

  it('feed: with no input at all (as Stately starts it), a first visit; the stand-in keepForNextVisit keeps nothing and breaks nothing', async () => {
    const machine = feedMachine.provide({ actors: { fetchStories: fromPromise<FeedPage>(() => Promise.resolve({ stories: [story], next: 'page-2' })) } });
    const actor = createActor(machine, { input: undefined as unknown as FeedInput }).start();
    expect(actor.getSnapshot().context.source).toBeNull();
    await flush();
    expect(actor.getSnapshot().value).toEqual({ showing: 'fresh' });
    expect(actor.getSnapshot().context).toMatchObject({ stories: [story], next: 'page-2', source: 'live', keptAt: null, incoming: [] });
  });

  it('feed: with no isReading provided, the visitor is not reading: a live answer replaces kept stories at once', async () => {
    const kept = { id: 'k', title: 'K', summary: '', source: 'Wire', url: 'https://news.example.org/k', published_at: '', category: 'World' };
    const story = { ...kept, id: 'a', url: 'https://news.example.org/a' };
    const machine = feedMachine.provide({ actors: { fetchStories: fromPromise<FeedPage>(() => Promise.resolve({ stories: [story], next: null })) } });
    const actor = createActor(machine, { input: { kept: { savedAt: '2026-11-20T10:00:00.000Z', stories: [kept] } } }).start();
    expect(actor.getSnapshot().context.stories).toEqual([kept]);
    await flush();
    expect(actor.getSnapshot().hasTag('newStories')).toBe(false);
    expect(actor.getSnapshot().context.stories).toEqual([story]);
  });

  it('search: with no input (as Stately starts it) the box is empty; typing still reaches the query after the pause, written nowhere', () => {
    const clock = new SimulatedClock();
    const actor = createActor(searchMachine, { clock, input: undefined as unknown as SearchInput }).start();
    expect(actor.getSnapshot().context).toEqual({ text: '', query: '' });
    actor.send({ type: 'search.type', text: 'mars' });
    clock.increment(300);
    expect(actor.getSnapshot().context).toEqual({ text: 'mars', query: 'mars' });
  });

  it('bookmarks: the first save fails, so bookmarks live in memory', async () => {
    const actor = createActor(bookmarksMachine, { input: { stored: null, savedStories: [] } }).start();
    actor.send({ type: 'bookmark.toggle', story });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ storage: 'memoryOnly', refresh: 'idle' });
    expect(actor.getSnapshot().context).toEqual({ ids: ['a'], stories: [story] });
  });

  it('bookmarks: the stand-in refresh fails, and the kept copy stays', async () => {
    const actor = createActor(bookmarksMachine, { input: { stored: '["a"]', savedStories: [story] } }).start();
    actor.send({ type: 'saved.refresh' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ storage: 'saved', refresh: 'idle' });
    expect(actor.getSnapshot().context).toEqual({ ids: ['a'], stories: [story] });
  });

  it('olderStories: with no input (as Stately starts it) there is nothing older; with a cursor the stand-in page fails', async () => {
    expect(createActor(olderStoriesMachine, { input: undefined as unknown as OlderStoriesInput }).start().getSnapshot().value).toBe('exhausted');
    const actor = createActor(olderStoriesMachine, { input: { next: 'cursor-1' } }).start();
    actor.send({ type: 'older.load' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('archiveSearch: the stand-in search fails, and says so', async () => {
    const actor = createActor(archiveSearchMachine).start();
    actor.send({ type: 'archive.search', query: 'mars' });
    await flush();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
  });

  it('theme: the toggle works with nothing stored (the stand-in persistTheme stores nothing)', () => {
    const actor = createActor(themeMachine, { input: { stored: null, systemPrefersDark: false } }).start();
    actor.send({ type: 'theme.toggle' });
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(actor.getSnapshot().context.theme).toBe('dark');
  });

  it('copyLink: the clipboard write fails, and the failure is announced', async () => {
    const actor = createActor(copyLinkMachine).start();
    const announced: unknown[] = [];
    actor.on('*', (event) => announced.push(event));
    actor.send({ type: 'link.copy', url: 'https://example.org/' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(announced).toEqual([{ type: 'link.copyFailed', url: 'https://example.org/' }]);
  });
});

describe('reading stored values', () => {
  it.each([
    [null, []],
    ['["a","b","a",""]', ['a', 'b']],
    ['[1, null, "c"]', ['c']],
    ['{"a":1}', []],
    ['"a"', []],
    ['{not json', []],
  ])('bookmarks %j read as %j', (stored, ids) => {
    expect(parseStoredBookmarks(stored)).toEqual(ids);
  });
});
