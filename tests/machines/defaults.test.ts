/**
 * The machines as the Stately visualizer loads them, with no effects provided: their stand-in
 * actors reject, so each machine lands in its failure state instead of hanging or throwing.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { bookmarksMachine, parseStoredBookmarks } from '../../machines/bookmarks.ts';
import { copyLinkMachine } from '../../machines/copyLink.ts';
import { feedMachine, type FeedInput } from '../../machines/feed.ts';
import { fetchWithRetryMachine } from '../../machines/fetchWithRetry.ts';
import { olderStoriesMachine, type OlderStoriesInput } from '../../machines/olderStories.ts';
import { themeMachine } from '../../machines/theme.ts';
import type { Story } from '../../src/domain/story.ts';
import { flush } from './paths.ts';

const story: Story = { id: 'a', title: 'A', summary: '', source: 'Wire', url: 'https://news.example.org/a', published_at: '', category: 'World' };

describe('machines without provided effects', () => {
  it('feed: both attempts and the samples fail, so it ends in error', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(feedMachine, { clock, input: { kept: null } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    clock.increment(1_000);
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.stories).toEqual([]);
  });

  it('feed: with no input at all (as Stately starts it), a first visit; the stand-in keepForNextVisit keeps nothing and breaks nothing', async () => {
    const machine = feedMachine.provide({
      actors: { fetchWithRetry: fetchWithRetryMachine.provide({ actors: { fetchStories: fromPromise(() => Promise.resolve([story])) } }) },
    });
    const actor = createActor(machine, { input: undefined as unknown as FeedInput }).start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ live: 'fresh' });
    expect(actor.getSnapshot().context).toEqual({ stories: [story], keptAt: null, incoming: [] });
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
