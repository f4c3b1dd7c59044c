// @vitest-environment jsdom
/**
 * What a reader keeps and can reach (docs/product.md#saved-stories-last, #older-stories,
 * #the-last-30-days), through roles and accessible names; the backend answers `?before=`,
 * `?ids=` and `?q=` as the test scripts it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story.ts';
import { liveAnswer, renderApp, showLiveStories, storyArea } from './harness.tsx';

const stories = liveAnswer.stories;
const titles = () => within(storyArea()).getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
const searchbox = () => screen.getByRole('searchbox', { name: 'Search news stories' });

/** A story the first page does not hold. */
function olderStory(n: number, title: string): Story {
  return {
    id: `older-${n}`,
    title,
    summary: `An older report, number ${n}.`,
    source: 'BBC News',
    url: `https://news.example.org/older/${n}`,
    published_at: `2026-11-0${(n % 9) + 1}T08:00:00Z`,
    category: 'World',
  };
}

describe('Saved stories last', () => {
  it('shows a saved story the current answer no longer holds, from its kept copy, and refreshes the copies with ?ids=', async () => {
    const gone = olderStory(1, 'A story the feed has dropped');
    localStorage.setItem('newsBookmarks', JSON.stringify([stories[0]!.id, gone.id]));
    localStorage.setItem('newsSavedStories', JSON.stringify([gone, stories[0]]));
    const { backend, user } = await renderApp({ path: '/?saved=1' });
    // On load: one ?ids= call for the saved ids, newest saved first.
    expect(await backend.answerCall('ids', { stories: [{ ...stories[0]!, title: 'A fresher headline' }] })).toEqual({ ids: [gone.id, stories[0]!.id] });
    await showLiveStories(backend);
    // In the order saved; the page's own copy wins over the kept one.
    await waitFor(() => expect(titles()).toEqual([stories[0]!.title, 'A story the feed has dropped']));
    // Removing the bookmark removes its kept copy.
    await user.click(within(screen.getByRole('article', { name: /A story the feed has dropped/ })).getByRole('button', { name: 'Remove bookmark' }));
    await waitFor(() => expect(titles()).toEqual([stories[0]!.title]));
    expect(JSON.parse(localStorage.getItem('newsSavedStories') ?? '[]').map((story: Story) => story.id)).toEqual([stories[0]!.id]);
  });

  it('shows the saved stories over the sample stories when the function fails', async () => {
    const gone = olderStory(2, 'Saved before the outage');
    localStorage.setItem('newsBookmarks', JSON.stringify([gone.id]));
    localStorage.setItem('newsSavedStories', JSON.stringify([gone]));
    const { backend } = await renderApp({ path: '/?saved=1' });
    await backend.failCall('ids');
    // The call and its retry fail: the sample stories show, and Saved holds the kept copy.
    await backend.fail();
    await backend.fail();
    await screen.findByText('Currently showing demo content. The live news feed will be available once API access is configured.');
    await waitFor(() => expect(titles()).toEqual(['Saved before the outage']));
  });

  it('a bookmark made in another tab shows under Saved with its copy', async () => {
    const { backend } = await renderApp({ path: '/?saved=1' });
    await backend.answer(liveAnswer);
    const other = olderStory(3, 'Saved in another tab');
    act(() => {
      localStorage.setItem('newsBookmarks', JSON.stringify([other.id]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'newsBookmarks', newValue: JSON.stringify([other.id]) }));
      localStorage.setItem('newsSavedStories', JSON.stringify([other]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'newsSavedStories', newValue: JSON.stringify([other]) }));
    });
    await waitFor(() => expect(titles()).toEqual(['Saved in another tab']));
    expect(screen.getByRole('button', { name: /Saved/ })).toHaveTextContent('1');
  });
});

// Two pages of cards rendered in jsdom: 13 s alone on a loaded 2-core machine, over the 20 s default beside other suites.
describe('Older stories', { timeout: 60_000 }, () => {
  it('"Show older stories" appends the next page, and goes when there is none', async () => {
    const { backend, user } = await renderApp();
    await showLiveStories(backend, { ...liveAnswer, next: 'cursor-1' });
    await user.click(await screen.findByRole('button', { name: 'Show older stories' }));
    expect(await backend.answerCall('before', { stories: [olderStory(4, 'The first older story')], next: 'cursor-2' })).toEqual({ before: 'cursor-1' });
    await waitFor(() => expect(titles().at(-1)).toBe('The first older story'));
    expect(titles()).toHaveLength(15);

    await user.click(await screen.findByRole('button', { name: 'Show older stories' }));
    expect(await backend.answerCall('before', { stories: [olderStory(5, 'The oldest story')] })).toEqual({ before: 'cursor-2' });
    await waitFor(() => expect(titles().slice(-2)).toEqual(['The first older story', 'The oldest story']));
    expect(screen.queryByRole('button', { name: 'Show older stories' })).toBeNull();
  });

  it('a failed page says "Could not load older stories", keeps what is shown, and "Try again" loads it', async () => {
    const { backend, user } = await renderApp();
    await showLiveStories(backend, { ...liveAnswer, next: 'cursor-1' });
    await user.click(await screen.findByRole('button', { name: 'Show older stories' }));
    await backend.failCall('before');
    expect(await screen.findByText('Could not load older stories')).toBeInTheDocument();
    expect(titles()).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await backend.answerCall('before', { stories: [olderStory(6, 'Loaded on the second try')] })).toEqual({ before: 'cursor-1' });
    await waitFor(() => expect(titles().at(-1)).toBe('Loaded on the second try'));
    expect(screen.queryByText('Could not load older stories')).toBeNull();
  });

  it('no "Show older stories" when the answer has no next', async () => {
    const { backend } = await renderApp();
    await showLiveStories(backend);
    await waitFor(() => expect(titles()).toHaveLength(14));
    expect(screen.queryByRole('button', { name: 'Show older stories' })).toBeNull();
  });

  it('search and Saved apply to the older stories too', async () => {
    const { backend, user } = await renderApp();
    await showLiveStories(backend, { ...liveAnswer, next: 'cursor-1' });
    await user.click(await screen.findByRole('button', { name: 'Show older stories' }));
    await backend.answerCall('before', { stories: [olderStory(7, 'Glacier retreat measured from orbit')] });
    await waitFor(() => expect(titles()).toHaveLength(15));
    await user.type(searchbox(), 'glacier');
    await waitFor(() => expect(titles()).toEqual(['Glacier retreat measured from orbit']));
    await user.click(within(screen.getByRole('article')).getByRole('button', { name: 'Bookmark story' }));
    await user.clear(searchbox());
    await user.click(screen.getByRole('button', { name: /^Saved/ }));
    await waitFor(() => expect(titles()).toEqual(['Glacier retreat measured from orbit']));
  });
});

describe('The last 30 days', () => {
  it('"Search the last 30 days" follows the results while the box holds text, and shows the matches not on the page', async () => {
    const { backend, user, history } = await renderApp();
    await showLiveStories(backend);
    expect(screen.queryByRole('button', { name: 'Search the last 30 days' })).toBeNull();
    await user.type(searchbox(), 'wind');
    await user.click(await screen.findByRole('button', { name: 'Search the last 30 days' }));
    const onPage = stories.find((story) => story.title.startsWith('Offshore wind'))!;
    expect(await backend.answerCall('q', { stories: [onPage, olderStory(8, 'Wind turbines off the coast, a year on')] })).toEqual({ query: 'wind' });
    const section = (await screen.findByRole('heading', { level: 2, name: 'From the last 30 days' })).closest('section') as HTMLElement;
    // Only the match not already on the page, as a card with every feature.
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(1));
    const card = within(section).getByRole('article');
    expect(within(card).getByRole('heading')).toHaveTextContent('Wind turbines off the coast, a year on');
    expect(within(card).getByRole('button', { name: 'Bookmark story' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Read more/ })).toHaveAttribute('href', 'https://news.example.org/older/8');
    await waitFor(() => expect(history.location.search).toBe('?q=wind&archive=1'));

    // A new query hides the section until the button is pressed again.
    await user.type(searchbox(), 's');
    expect(screen.queryByRole('heading', { name: 'From the last 30 days' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Search the last 30 days' })).toBeInTheDocument();
    await waitFor(() => expect(history.location.search).toBe('?q=winds'));
  });

  it('is offered on "No stories found" too, and says "Nothing older matches" when every match is on the page or none', async () => {
    const { backend, user } = await renderApp();
    await showLiveStories(backend);
    await user.type(searchbox(), 'zeppelin');
    expect(await screen.findByRole('heading', { name: 'No stories found' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Search the last 30 days' }));
    await backend.answerCall('q', { stories: [] });
    expect(await screen.findByText('Nothing older matches')).toBeInTheDocument();
  });

  it('a failed search says "Could not search older stories", and "Try again" searches the same text', async () => {
    const { backend, user } = await renderApp();
    await showLiveStories(backend);
    await user.type(searchbox(), 'rover');
    await user.click(await screen.findByRole('button', { name: 'Search the last 30 days' }));
    await backend.failCall('q');
    expect(await screen.findByText('Could not search older stories')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await backend.answerCall('q', { stories: [olderStory(9, 'Rover finds layered rock')] })).toEqual({ query: 'rover' });
    expect(await screen.findByRole('heading', { name: 'Rover finds layered rock' })).toBeInTheDocument();
  });

  it('opening a URL with q=…&archive=1 runs the search', async () => {
    const { backend } = await renderApp({ path: '/?q=rover&archive=1' });
    await backend.answer(liveAnswer);
    expect(await backend.answerCall('q', { stories: [olderStory(10, 'Rover climbs the crater rim')] })).toEqual({ query: 'rover' });
    expect(await screen.findByRole('heading', { level: 2, name: 'From the last 30 days' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Rover climbs the crater rim' })).toBeInTheDocument();
  });
});
