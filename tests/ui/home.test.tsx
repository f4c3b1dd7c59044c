// @vitest-environment jsdom
/**
 * The home page as a visitor meets it (docs/product.md#screens-and-states,
 * docs/product.md#accessible-names), through
 * roles and accessible names only. The backend is scripted; everything else is the real app.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { liveAnswer, renderApp, showLiveStories, storyArea, stubClipboard } from './harness.tsx';

const stories = liveAnswer.stories;
const articles = () => within(storyArea()).getAllByRole('article');
const titles = () => articles().map((article) => within(article).getByRole('heading').textContent);
const searchbox = () => screen.getByRole('searchbox', { name: 'Search news stories' });
const categoriesButton = () => screen.getByRole('button', { name: /^Categories/ });
/**
 * Lets animation frames run (up to 60) until the story area shows the search `query`: a typed
 * search shows in a React transition, a frame or more after the key. For tests whose
 * timers stand still, so nothing that waits for the typing's pause can happen meanwhile.
 */
/**
 * The theme toggle with its tooltip arrives in its own chunk and takes the stand-in's place: wait
 * for that chunk, so that the button found is not swapped out before it is used.
 */
async function toggleLoaded() {
  await act(() => import('../../src/appearance/later/ThemeToggle.tsx'));
}

async function framesUntilTheListShows(query: string) {
  for (let frame = 0; frame < 60 && storyArea().getAttribute('data-query') !== query; frame += 1) {
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  }
}

describe('header and theme', () => {
  it('shows the title, the tagline and a theme toggle that switches, applies and stores the theme', async () => {
    const { user } = await renderApp();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Newsroom');
    expect(screen.getByText('Stay informed with the latest news')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');

    await toggleLoaded();
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(await screen.findByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('starts from the stored theme, else the system preference, and follows the system while nothing is stored', async () => {
    localStorage.setItem('theme', 'dark');
    const first = await renderApp({ prefersDark: false });
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    first.view.unmount();

    localStorage.setItem('theme', '{corrupt');
    const { system } = await renderApp({ prefersDark: true });
    await toggleLoaded();
    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    act(() => system.change(false));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  });

  it('adopts a theme chosen in another tab', async () => {
    await renderApp();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });
    await toggleLoaded();
    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });
});

describe('stories', () => {
  it('shows the first three matches as Top Stories and the rest as More Stories, in the answer order', async () => {
    const { backend } = await renderApp();
    await showLiveStories(backend);
    const top = screen.getByRole('heading', { level: 2, name: 'Top Stories' }).closest('section') as HTMLElement;
    const more = screen.getByRole('heading', { level: 2, name: 'More Stories' }).closest('section') as HTMLElement;
    expect(within(top).getAllByRole('article')).toHaveLength(3);
    // The cards past the first ones follow in batches, a frame apart (src/stories/StoryArea.tsx).
    await waitFor(() => expect(within(more).getAllByRole('article')).toHaveLength(stories.length - 3));
    expect(titles()).toEqual(stories.map((story) => story.title));
  });

  it('gives each card a source badge, a machine-readable date, a summary and a safe "Read more" link', async () => {
    const { backend } = await renderApp();
    await showLiveStories(backend);
    const story = stories[0]!;
    const card = articles()[0]!;
    expect(within(card).getByRole('heading', { name: story.title })).toBeInTheDocument();
    expect(within(card).getByText(story.source)).toBeInTheDocument();
    expect(within(card).getByText(story.summary)).toBeInTheDocument();
    expect(card.querySelector('time')).toHaveAttribute('datetime', new Date(story.published_at).toISOString());
    const link = within(card).getByRole('link', { name: /^Read more about / });
    expect(link).toHaveAttribute('href', story.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('hides an image that fails to load', async () => {
    const { backend } = await renderApp();
    await showLiveStories(backend);
    const card = articles()[0]!;
    const image = card.querySelector('img');
    expect(image).not.toBeNull();
    fireEvent.error(image as HTMLImageElement);
    await waitFor(() => expect(card.querySelector('img')).toBeNull());
  });

  it('keeps only valid live stories and renders hostile text as text', async () => {
    const { backend } = await renderApp();
    await showLiveStories(backend, {
      stories: [
        { id: 'x', title: '<img src=x onerror=alert(1)>', url: 'https://evil.example/x', summary: '<script>alert(1)</script>' },
        { id: 'y', title: 'javascript link', url: 'javascript:alert(1)' },
      ],
    });
    expect(articles()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(within(articles()[0]!).getByText('evil.example')).toBeInTheDocument();
  });
});

describe('search, categories and saved', () => {
  it('searches title, summary and source case-insensitively, mirrored in the URL without new history entries', async () => {
    const { user, backend, router } = await renderApp();
    await showLiveStories(backend);
    expect(searchbox()).toHaveAttribute('placeholder', 'Search news stories...');
    const before = router.history.length;
    await user.type(searchbox(), 'REUTERS');
    await waitFor(() => expect(titles()).toEqual(['Central bank holds rates steady and signals patience']));
    // The stories follow each key; the URL follows once typing pauses.
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'REUTERS' }));
    expect(router.history.length).toBe(before);
    await user.clear(searchbox());
    await user.type(searchbox(), 'drought');
    await waitFor(() => expect(titles()).toHaveLength(3));
  });

  it('filters as the visitor types, without waiting for the pause; the URL and the live region\'s count wait for it', async () => {
    const { backend, router } = await renderApp();
    await showLiveStories(backend);
    const liveRegion = () => storyArea().querySelector('[aria-live="polite"]');
    expect(liveRegion()).toHaveTextContent(`${stories.length} stories`);
    // The pause's clock stands still: nothing that waits for it can happen.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => {
        fireEvent.change(searchbox(), { target: { value: 'reuters' } });
      });
      // The list follows the key in a transition: frames come, the pause's clock does not.
      await framesUntilTheListShows('reuters');
      expect(titles()).toEqual(['Central bank holds rates steady and signals patience']);
      expect(storyArea()).toHaveAttribute('data-query', 'reuters');
      expect(storyArea()).toHaveAttribute('data-count', '1');
      expect(router.state.location.search).toEqual({});
      expect(liveRegion()).toHaveTextContent(`${stories.length} stories`);
      expect(document.title).toBe('Newsroom: Stay informed with the latest news');
      // docs/product.md#search-categories-and-the-url: the query reaches the URL after a 300 ms pause.
      await act(() => vi.advanceTimersByTimeAsync(299));
      expect(router.state.location.search).toEqual({});
      await act(() => vi.advanceTimersByTimeAsync(1));
    } finally {
      vi.useRealTimers();
    }
    expect(liveRegion()).toHaveTextContent(/^1 story$/);
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'reuters' }));
    expect(titles()).toEqual(['Central bank holds rates steady and signals patience']);
    expect(document.title).toBe('“reuters” · Newsroom');
  });

  it('the back button before the pause shows the query it lands on, and the text typed over it never reaches the URL', async () => {
    const { backend, router } = await renderApp();
    await showLiveStories(backend);
    await act(() => router.navigate({ to: '/', search: { q: 'reuters' } }));
    await waitFor(() => expect(searchbox()).toHaveValue('reuters'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => {
        fireEvent.change(searchbox(), { target: { value: 'drought' } });
      });
      await framesUntilTheListShows('drought');
      expect(titles()).toHaveLength(3);
      await act(async () => router.history.back());
      await framesUntilTheListShows('');
      expect(router.state.location.search).toEqual({});
      expect(searchbox()).toHaveValue('');
      expect(storyArea()).toHaveAttribute('data-query', '');
      expect(storyArea()).toHaveAttribute('data-count', String(stories.length));
      await act(() => vi.advanceTimersByTimeAsync(600));
    } finally {
      vi.useRealTimers();
    }
    expect(router.state.location.search).toEqual({});
    expect(searchbox()).toHaveValue('');
    // (The cards past the first ones wait for a timer set while the clock stood still.)
    expect(storyArea()).toHaveAttribute('data-query', '');
    expect(storyArea()).toHaveAttribute('data-count', String(stories.length));
  });

  it('"Clear filters" on the empty state clears the search box too', async () => {
    const { user, backend, router } = await renderApp();
    await showLiveStories(backend);
    await user.type(searchbox(), 'no story says this');
    await screen.findByText('No stories found');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(articles()).toHaveLength(stories.length));
    expect(searchbox()).toHaveValue('');
    expect(router.state.location.searchStr).toBe('');
  });

  it('filters by the selected categories with a count badge and removable chips', async () => {
    const { user, backend, router } = await renderApp();
    await showLiveStories(backend);
    await user.click(categoriesButton());
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemcheckbox');
    expect(items.map((item) => item.textContent)).toEqual(['Business', 'Environment', 'Health', 'Science', 'Sports', 'Technology', 'World']);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Science' }));
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Sports' }));
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Science' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Escape}');

    expect(categoriesButton()).toHaveTextContent('2');
    await waitFor(() => expect(articles()).toHaveLength(4));
    expect(router.state.location.searchStr).toBe('?category=Science&category=Sports');

    await user.click(screen.getByRole('button', { name: 'Remove Science' }));
    await waitFor(() => expect(articles()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Remove Science' })).toBeNull();
    expect(router.state.location.searchStr).toBe('?category=Sports');
  });

  it('applies filters from the URL and ignores categories the data does not have', async () => {
    const { backend } = await renderApp({ path: '/?q=wind&category=Environment&category=Astrology' });
    await showLiveStories(backend);
    expect(titles()).toEqual(['Offshore wind farm begins supplying power to 300,000 homes']);
    expect(searchbox()).toHaveValue('wind');
    expect(screen.getByRole('button', { name: 'Remove Environment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Astrology' })).toBeNull();
  });

  it('"Saved" shows only bookmarked stories, and bookmarks persist in newsBookmarks', async () => {
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    await user.click(within(articles()[1]!).getByRole('button', { name: 'Bookmark story' }));
    expect(JSON.parse(localStorage.getItem('newsBookmarks') ?? 'null')).toEqual([stories[1]!.id]);

    const saved = screen.getByRole('button', { name: 'Saved' });
    expect(saved).toHaveAttribute('aria-pressed', 'false');
    await user.click(saved);
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(titles()).toEqual([stories[1]!.title]));
  });

  it('"/" focuses the search box unless focus is in a text field', async () => {
    const { user } = await renderApp();
    await user.keyboard('/');
    expect(searchbox()).toHaveFocus();
    await user.keyboard('/');
    expect(searchbox()).toHaveValue('/');
  });
});

describe('bookmarks storage', () => {
  it('reads stored bookmarks, survives corrupt storage and picks up other tabs', async () => {
    localStorage.setItem('newsBookmarks', JSON.stringify([stories[2]!.id]));
    const first = await renderApp();
    await showLiveStories(first.backend);
    expect(within(articles()[2]!).getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'newsBookmarks', newValue: JSON.stringify([stories[0]!.id]) }));
    });
    expect(within(articles()[0]!).getByRole('button', { name: 'Remove bookmark' })).toBeInTheDocument();
    expect(within(articles()[2]!).getByRole('button', { name: 'Bookmark story' })).toBeInTheDocument();
    first.view.unmount();

    localStorage.setItem('newsBookmarks', '{"not":"an array"');
    const second = await renderApp();
    await showLiveStories(second.backend);
    expect(within(storyArea()).queryAllByRole('button', { name: 'Remove bookmark' })).toHaveLength(0);
  });

  it('keeps working in memory when storage refuses to write', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    await user.click(within(articles()[0]!).getByRole('button', { name: 'Bookmark story' }));
    await user.click(within(articles()[1]!).getByRole('button', { name: 'Bookmark story' }));
    expect(within(storyArea()).getAllByRole('button', { name: 'Remove bookmark' })).toHaveLength(2);
    // Each bookmark is confirmed, the one after the refused write too.
    const region = await screen.findByRole('region', { name: /notification/i });
    await waitFor(() => expect(within(region).getAllByText('Story bookmarked')).toHaveLength(2));
  });
});

describe('sharing', () => {
  it('opens Twitter and Facebook share URLs in a new tab with the title and URL encoded', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    const story = stories[0]!;
    const card = articles()[0]!;

    await user.click(within(card).getByRole('button', { name: 'Share story' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share to Twitter' }));
    expect(open).toHaveBeenLastCalledWith(
      `https://twitter.com/intent/tweet?text=${encodeURIComponent(story.title)}&url=${encodeURIComponent(story.url)}`,
      '_blank',
      'noopener,noreferrer',
    );

    await user.click(within(card).getByRole('button', { name: 'Share story' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share to Facebook' }));
    expect(open).toHaveBeenLastCalledWith(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(story.url)}&quote=${encodeURIComponent(story.title)}`,
      '_blank',
      'noopener,noreferrer',
    );
  });

  it.each(['missing', 'refuses'] as const)('shows "Copy failed" when the clipboard is %s', async (outcome) => {
    const { user, backend } = await renderApp();
    // After renderApp: user-event installs a clipboard of its own.
    stubClipboard(outcome);
    await showLiveStories(backend);
    await user.click(within(articles()[0]!).getByRole('button', { name: 'Share story' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
    expect(screen.getByText('Could not copy link to clipboard')).toBeInTheDocument();
  });
});

describe('not found', () => {
  it('shows the 404 page, logs the path, and links home', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = await renderApp({ path: '/no/such/page' }).catch(async () => {
      throw new Error('the 404 page has no h1');
    });
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    // Logged by an effect, after the page is on screen.
    await waitFor(() => expect(error).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/no/such/page'));
    const home = screen.getByRole('link', { name: 'Return to Home' });
    expect(home).toHaveAttribute('href', '/');
    await user.click(home);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('searchbox', { name: 'Search news stories' })).toBeInTheDocument();
    // Leaving the 404 page logs nothing more.
    expect(error.mock.calls.filter((args) => String(args[0]).includes('404')).map((args) => args[1])).toEqual(['/no/such/page']);
  });
});
