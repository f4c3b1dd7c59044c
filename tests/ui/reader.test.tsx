// @vitest-environment jsdom
/**
 * The reader features in the whole app (docs/product.md#accessible-names,
 * docs/product.md#stored-in-the-browser): reading keys and the shortcuts dialog, "New" since
 * the previous visit, the system share sheet, and related sources from a live answer.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveAnswer, renderApp, showLiveStories, storyArea } from './harness.tsx';

const stories = liveAnswer.stories;
const articles = () => within(storyArea()).getAllByRole('article');
const searchbox = () => screen.getByRole('searchbox', { name: 'Search news stories' });
const newBadges = () => articles().filter((article) => within(article).queryByText('New') !== null);

function stubShare(share: ((data: ShareData) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('reading with the keyboard', () => {
  it('j / k move focus between the cards, o opens and b bookmarks the focused one', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    // The keys arrive with the cards' chunk.
    await waitFor(async () => {
      await user.keyboard('j');
      expect(articles()[0]).toHaveFocus();
    });
    await user.keyboard('j');
    expect(articles()[1]).toHaveFocus();
    await user.keyboard('jk');
    expect(articles()[1]).toHaveFocus();

    await user.keyboard('o');
    expect(open).toHaveBeenCalledExactlyOnceWith(stories[1]!.url, '_blank', 'noopener,noreferrer');

    await user.keyboard('b');
    expect(within(articles()[1]!).getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('newsBookmarks') ?? '[]')).toEqual([stories[1]!.id]);
    await user.keyboard('b');
    expect(within(articles()[1]!).getByRole('button', { name: 'Bookmark story' })).toBeInTheDocument();
  });

  it('j from a control inside a card moves to the next card; k stops at the first', async () => {
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    within(articles()[2]!).getByRole('link', { name: /^Read more about / }).focus();
    await waitFor(async () => {
      await user.keyboard('j');
      expect(articles()[3]).toHaveFocus();
    });
    await user.keyboard('kkkkk');
    expect(articles()[0]).toHaveFocus();
  });

  it('? opens the "Keyboard shortcuts" dialog listing every shortcut; Escape closes it and focus returns', async () => {
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    await waitFor(async () => {
      await user.keyboard('j');
      expect(articles()[0]).toHaveFocus();
    });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect([...dialog.querySelectorAll('kbd')].map((kbd) => kbd.textContent)).toEqual(['j', 'k', 'o', 'b', 'f', 'm', '/', '?', 'Esc']);
    // Inside the dialog the letters do nothing.
    await user.keyboard('jb');
    expect(within(storyArea()).queryAllByRole('button', { name: 'Remove bookmark' })).toHaveLength(0);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(articles()[0]).toHaveFocus());
  });

  it('none of the keys fire while typing in a field', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    // Wait for the keys to be live, then type into the search box.
    await waitFor(async () => {
      await user.keyboard('j');
      expect(articles()[0]).toHaveFocus();
    });
    await user.click(searchbox());
    await user.keyboard('jkob?');
    expect(searchbox()).toHaveValue('jkob?');
    expect(searchbox()).toHaveFocus();
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('newsBookmarks')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves keys with Ctrl, Meta or Alt to the browser', async () => {
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    await waitFor(async () => {
      await user.keyboard('j');
      expect(articles()[0]).toHaveFocus();
    });
    await user.keyboard('{Control>}j{/Control}{Alt>}j{/Alt}{Meta>}b{/Meta}');
    expect(articles()[0]).toHaveFocus();
    expect(localStorage.getItem('newsBookmarks')).toBeNull();
  });
});

describe('new since your last visit', () => {
  it('shows nothing on a first visit, and records the visit', async () => {
    const before = Date.now();
    const { backend } = await renderApp();
    await showLiveStories(backend);
    await act(async () => {});
    expect(newBadges()).toHaveLength(0);
    expect(screen.queryByText(/new since your last visit/)).not.toBeInTheDocument();
    const stored = localStorage.getItem('newsLastVisit');
    expect(stored).not.toBeNull();
    expect(new Date(stored!).toISOString()).toBe(stored);
    expect(Date.parse(stored!)).toBeGreaterThanOrEqual(before);
  });

  it('marks the stories published after the previous visit and counts them near the top', async () => {
    // Six of the fixture's stories (14:55 down to 11:50) are after 11:30.
    localStorage.setItem('newsLastVisit', '2026-11-21T11:30:00.000Z');
    const { backend } = await renderApp();
    await showLiveStories(backend);
    expect(await screen.findByText('6 new since your last visit')).toBeInTheDocument();
    const titles = newBadges().map((article) => within(article).getByRole('heading').textContent);
    expect(titles).toEqual(stories.filter((story) => Date.parse(story.published_at) > Date.parse('2026-11-21T11:30:00.000Z')).map((story) => story.title));
    expect(titles).toHaveLength(6);
    // This visit is recorded for the next one; the previous value is what counts on this page.
    expect(Date.parse(localStorage.getItem('newsLastVisit')!)).toBeGreaterThan(Date.parse('2026-11-21T11:30:00.000Z'));
    expect(screen.getByText('6 new since your last visit')).toBeInTheDocument();
  });

  it('a second visit right after the first has nothing new', async () => {
    const first = await renderApp();
    await showLiveStories(first.backend);
    first.view.unmount();
    const second = await renderApp();
    await showLiveStories(second.backend);
    await act(async () => {});
    expect(newBadges()).toHaveLength(0);
    expect(screen.queryByText(/new since your last visit/)).not.toBeInTheDocument();
  });

  it('treats a malformed stored value as a first visit', async () => {
    localStorage.setItem('newsLastVisit', 'last tuesday');
    const { backend } = await renderApp();
    await showLiveStories(backend);
    await act(async () => {});
    expect(newBadges()).toHaveLength(0);
    expect(screen.queryByText(/new since your last visit/)).not.toBeInTheDocument();
  });

  it('keeps the page working when storage throws on read and write', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const { backend } = await renderApp();
    await showLiveStories(backend);
    await waitFor(() => expect(articles()).toHaveLength(stories.length));
    expect(newBadges()).toHaveLength(0);
  });

  it('never marks the sample stories', async () => {
    localStorage.setItem('newsLastVisit', '2000-01-01T00:00:00.000Z');
    const { backend } = await renderApp();
    await backend.fail();
    await backend.fail();
    await screen.findByRole('heading', { level: 2, name: 'Top Stories' });
    await act(async () => {});
    expect(newBadges()).toHaveLength(0);
    expect(screen.queryByText(/new since your last visit/)).not.toBeInTheDocument();
  });
});

describe('native share', () => {
  it('"More sharing options" hands the title and url to navigator.share', async () => {
    const share = vi.fn(() => Promise.resolve());
    stubShare(share);
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    await user.click(within(articles()[0]!).getByRole('button', { name: 'Share story' }));
    await user.click(await screen.findByRole('menuitem', { name: 'More sharing options' }));
    expect(share).toHaveBeenCalledExactlyOnceWith({ title: stories[0]!.title, url: stories[0]!.url });
  });

  it('a cancelled share shows nothing', async () => {
    const error = vi.spyOn(console, 'error');
    const share = vi.fn(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    stubShare(share);
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    await user.click(within(articles()[0]!).getByRole('button', { name: 'Share story' }));
    await user.click(await screen.findByRole('menuitem', { name: 'More sharing options' }));
    expect(share).toHaveBeenCalledOnce();
    await act(async () => {});
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it('is absent where navigator.share does not exist', async () => {
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    await user.click(within(articles()[0]!).getByRole('button', { name: 'Share story' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Share to Twitter', 'Share to Facebook', 'Copy Link']);
  });
});

describe('several sources, one story', () => {
  it('shows a live story’s valid related entries, and search sees the group once', async () => {
    const body = {
      stories: [
        {
          ...stories[0],
          related: [
            { source: 'Harbour Gazette', url: 'https://gazette.example/chips' },
            { source: '', url: 'https://nameless.example/chips' },
            { source: 'Self', url: stories[0]!.url },
            { source: 'Script', url: 'javascript:alert(1)' },
          ],
        },
        ...stories.slice(1),
      ],
    };
    const { user, backend } = await renderApp();
    await showLiveStories(backend, body);
    const card = articles()[0]!;
    await user.click(await within(card).findByRole('button', { name: 'Also covered by 1 more source' }));
    expect(within(card).getByRole('link', { name: 'Harbour Gazette' })).toHaveAttribute('href', 'https://gazette.example/chips');

    await user.type(searchbox(), stories[0]!.title.slice(0, 20));
    await waitFor(() => expect(articles()).toHaveLength(1));
  });
});
