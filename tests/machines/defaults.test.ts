/**
 * The machines as the Stately visualizer loads them, with no effects provided: their stand-in
 * actors reject, so each machine lands in its failure state instead of hanging or throwing.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import { alertsMachine } from '../../machines/alerts.ts';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { bookmarksMachine } from '../../machines/bookmarks.ts';
import { feedMachine } from '../../machines/feed.ts';
import { followsMachine } from '../../machines/follows.ts';
import { hiddenSourcesMachine } from '../../machines/hiddenSources.ts';
import { notificationsMachine, type PushState } from '../../machines/notifications.ts';
import { olderStoriesMachine, type OlderStoriesInput } from '../../machines/olderStories.ts';
import { pageMachine, type PageInput } from '../../machines/page.ts';
import { readingMachine } from '../../machines/reading.ts';
import { readMarksMachine, type ReadMarksInput } from '../../machines/readMarks.ts';
import type { HiddenSourcesInput } from '../../machines/hiddenSources.ts';
import { searchMachine } from '../../machines/search.ts';
import { shareMachine } from '../../machines/share.ts';
import { storyPageMachine } from '../../machines/storyPage.ts';
import { themeMachine } from '../../machines/theme.ts';
import type { Story, FeedPage } from '../../src/domain/story.ts';
import { flush } from './paths.ts';

const story: Story = { id: 'a', title: 'A', summary: '', source: 'Wire', url: 'https://news.example.org/a', published_at: '', category: 'World' };

describe('machines without provided effects', () => {
  it('feed: both attempts and the samples fail, so it ends in error', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(feedMachine, { clock }).start();
    actor.send({ type: 'feed.visitor', kept: null, lastVisit: null });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ call: 'backoff' });
    clock.increment(1_000);
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.stories).toEqual([]);
  });

  it('feed: the frame until told what was kept (as Stately starts it); then a first visit, and the stand-in keepForNextVisit keeps nothing and breaks nothing', async () => {
    const machine = feedMachine.provide({ actors: { fetchStories: fromPromise<FeedPage>(() => Promise.resolve({ stories: [story], next: 'page-2' })) } });
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().value).toBe('starting');
    expect(actor.getSnapshot().context.source).toBeNull();
    actor.send({ type: 'feed.visitor', kept: null, lastVisit: null });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ showing: 'fresh' });
    expect(actor.getSnapshot().context).toMatchObject({ stories: [story], next: 'page-2', source: 'live', keptAt: null, incoming: [] });
  });

  it('feed: with no isReading provided, the visitor is not reading: a live answer replaces kept stories at once', async () => {
    const kept = { id: 'k', title: 'K', summary: '', source: 'Wire', url: 'https://news.example.org/k', published_at: '', category: 'World' };
    const story = { ...kept, id: 'a', url: 'https://news.example.org/a' };
    const machine = feedMachine.provide({ actors: { fetchStories: fromPromise<FeedPage>(() => Promise.resolve({ stories: [story], next: null })) } });
    const actor = createActor(machine).start();
    actor.send({ type: 'feed.visitor', kept: { savedAt: '2026-11-20T10:00:00.000Z', stories: [kept] }, lastVisit: null });
    expect(actor.getSnapshot().context.stories).toEqual([kept]);
    await flush();
    expect(actor.getSnapshot().hasTag('newStories')).toBe(false);
    expect(actor.getSnapshot().context.stories).toEqual([story]);
  });

  it('follows: run alone, a follow stays in memory when the stand-in storage refuses it, and the stand-in ?follow= call leaves it stale', async () => {
    const actor = createActor(followsMachine, { input: { follows: [] } }).start();
    actor.send({ type: 'follow.toggle', story, at: '2026-11-28T10:00:00.000Z' });
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ refresh: 'stale' });
    expect(actor.getSnapshot().children.storage?.getSnapshot().hasTag('memoryOnly')).toBe(true);
    expect(actor.getSnapshot().context.follows.map((follow) => follow.id)).toEqual(['a']);
  });

  it('alerts: run alone, an alert stays in memory when the stand-in storage refuses it', async () => {
    const actor = createActor(alertsMachine, { input: { alerts: [] } }).start();
    actor.send({ type: 'alert.add', text: 'climate', at: '2026-11-28T10:00:00.000Z' });
    await flush();
    expect(actor.getSnapshot().children.storage?.getSnapshot().hasTag('memoryOnly')).toBe(true);
    expect(actor.getSnapshot().context.alerts).toEqual([{ words: 'climate', created_at: '2026-11-28T10:00:00.000Z' }]);
  });

  it('notifications: run alone, the stand-in check says unsupported', async () => {
    const actor = createActor(notificationsMachine, { input: { ids: ['a'] } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('unsupported');
  });

  it.each<[PushState, string]>([
    ['off', 'failed'],
    ['on', 'off'],
  ])('notifications: run alone from %s, the stand-in subscribe fails, and the stand-in send and unsubscribe still end in %s', async (state, end) => {
    const machine = notificationsMachine.provide({ actors: { checkPush: fromPromise<PushState>(() => Promise.resolve(state)) } });
    const actor = createActor(machine, { input: { ids: ['a'] } }).start();
    await flush();
    actor.send({ type: state === 'off' ? 'notify.enable' : 'notify.disable' });
    await flush();
    expect(actor.getSnapshot().value).toBe(end);
  });

  it('search: run alone, what it tells comes back to itself and changes nothing, breaking nothing', () => {
    const clock = new SimulatedClock();
    const actor = createActor(searchMachine, { clock }).start();
    actor.send({ type: 'search.type', text: 'mars' });
    expect(actor.getSnapshot().value).toBe('typing');
    clock.increment(300);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.text).toBe('mars');
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('bookmarks: the first save fails, so bookmarks live in memory', async () => {
    const actor = createActor(bookmarksMachine, { input: { ids: [], savedStories: [] } }).start();
    actor.send({ type: 'bookmark.toggle', story });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().children.storage?.getSnapshot().hasTag('memoryOnly')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ ids: ['a'], stories: [story] });
  });

  it('bookmarks: the stand-in refresh fails, and the kept copy stays', async () => {
    const actor = createActor(bookmarksMachine, { input: { ids: ['a'], savedStories: [story] } }).start();
    actor.send({ type: 'saved.refresh' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ ids: ['a'], stories: [story] });
  });

  it('hiddenSources: with no input (as Stately starts it) nothing is hidden; an outlet hidden stays in memory when the stand-in storage refuses it', async () => {
    const actor = createActor(hiddenSourcesMachine, { input: undefined as unknown as HiddenSourcesInput }).start();
    expect(actor.getSnapshot().context.sources).toEqual([]);
    actor.send({ type: 'hidden.hide', source: 'Wire' });
    await flush();
    expect(actor.getSnapshot().children.storage?.getSnapshot().hasTag('memoryOnly')).toBe(true);
    expect(actor.getSnapshot().context.sources).toEqual(['Wire']);
  });

  it('readMarks: with no input nothing is read; a mark stays in memory when the stand-in storage refuses it', async () => {
    const actor = createActor(readMarksMachine, { input: undefined as unknown as ReadMarksInput }).start();
    expect(actor.getSnapshot().context.ids).toEqual([]);
    actor.send({ type: 'read.mark', id: 'a' });
    await flush();
    expect(actor.getSnapshot().children.storage?.getSnapshot().hasTag('memoryOnly')).toBe(true);
    expect(actor.getSnapshot().context.ids).toEqual(['a']);
  });

  it('reading: the stand-in download fails and says so; the stand-in file read fails, and the file is refused', async () => {
    const actor = createActor(readingMachine).start();
    const announced: unknown[] = [];
    actor.on('*', (event) => announced.push(event));
    actor.send({ type: 'reading.export', reading: { bookmarks: { ids: [], stories: [] }, follows: [], hiddenSources: [], read: [], alerts: [] }, at: '2026-11-21T08:00:00.000Z' });
    await flush();
    actor.send({ type: 'reading.import', file: { size: 10 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(announced).toEqual([{ type: 'reading.exportFailed' }, { type: 'reading.refused' }]);
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

  it('storyPage: the stand-in call fails, so the page says it could not load, and "Try again" asks again', async () => {
    const actor = createActor(storyPageMachine).start();
    actor.send({ type: 'story.open', id: 'a', kept: null });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'story.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('theme: the toggle works with nothing stored (the stand-in persistTheme stores nothing)', () => {
    const actor = createActor(themeMachine, { input: { stored: null, systemPrefersDark: false } }).start();
    actor.send({ type: 'theme.toggle' });
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(actor.getSnapshot().context.theme).toBe('dark');
  });

  it('share: the clipboard write fails, and the failure is announced; the stand-in new tab and share sheet open nothing and break nothing', async () => {
    const actor = createActor(shareMachine).start();
    const announced: unknown[] = [];
    actor.on('*', (event) => announced.push(event));
    actor.send({ type: 'story.share', story, target: 'copy' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(announced).toEqual([{ type: 'link.copyFailed', url: 'https://news.example.org/a' }]);
    actor.send({ type: 'story.share', story, target: 'twitter' });
    actor.send({ type: 'story.share', story, target: 'native' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(announced).toHaveLength(1);
  });

  it('page: with no input at all (as Stately starts it), every machine of the page starts from its defaults and the routing works', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(pageMachine, { clock, input: undefined as unknown as PageInput }).start();
    await flush();
    const child = (id: string) => (actor.getSnapshot().children as Record<string, AnyActorRef>)[id]!.getSnapshot();
    // The feed waits for the home page to show (url.home, which the stand-in URL never sends), then calls.
    expect(child('feed').value).toBe('starting');
    actor.send({ type: 'url.home' });
    await flush();
    expect(child('feed').value).toEqual({ call: 'backoff' });
    expect(child('older').value).toBe('exhausted');
    expect(child('archive').value).toBe('hidden');
    expect(child('bookmarks').context).toEqual({ ids: [], stories: [] });
    expect(child('hiddenSources').context).toEqual({ sources: [] });
    expect(child('readMarks').context).toEqual({ ids: [] });
    expect(child('reading').value).toBe('idle');
    expect(child('theme').value).toBe('followingSystem');
    actor.send({ type: 'url.changed', query: 'mars', archive: true });
    await flush();
    // The stand-in search of the last 30 days fails.
    expect(child('archive').value).toEqual({ shown: 'failed' });
    actor.send({ type: 'theme.storage.changed', theme: 'dark' });
    expect(child('theme').value).toBe('chosen');
    // The stand-in URL write goes nowhere.
    actor.send({ type: 'filters.clear' });
    expect(child('search').context.text).toBe('');
    expect(actor.getSnapshot().status).toBe('active');
  });
});

