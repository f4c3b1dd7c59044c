// @vitest-environment jsdom
/**
 * Following a story in the whole app (docs/product.md#following-a-story): the card's toggle and
 * its toasts, `f`, the Following view and its empty text, the notice on return with "Show",
 * "{N} new reports", a follow the store no longer has, storage that refuses, and notifications
 * the browser blocks. Only the network and the browser's push API are stand-ins.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Story } from '../../src/domain/story.ts';
import { liveAnswer, renderApp, showLiveStories, storyArea } from './harness.tsx';

const first = liveAnswer.stories[0]!;
const second = liveAnswer.stories[1]!;

const articleOf = (title: string) => screen.getAllByRole('article').find((article) => within(article).queryByRole('heading', { name: title }))!;

function storeFollows(entries: Array<{ story: Story; seen: number; reports?: number }>) {
  const value = entries.map(({ story, seen, reports }) => ({ id: story.id, followed_at: '2026-11-27T08:00:00.000Z', seen, ...(reports === undefined ? {} : { reports }), story }));
  localStorage.setItem('newsFollows', JSON.stringify(value));
}

/** The function's `?follow=` answer: each story with the ids it answers for and its reports. */
const followAnswer = (...entries: Array<{ story: Story; follows: string[]; reports: number }>) => ({
  stories: entries.map(({ story, follows, reports }) => ({ ...story, follows, reports })),
  generated_at: '2026-11-28T08:00:00.000Z',
  sources: [],
});

describe('following a story from its card', () => {
  it('"Follow story" follows it, with the toast, and keeps it in newsFollows; pressed again it unfollows', async () => {
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    localStorage.setItem('newsBookmarks', '["other"]');
    await user.click(within(articleOf(first.title)).getByRole('button', { name: 'Follow story' }));
    const unfollow = within(articleOf(first.title)).getByRole('button', { name: 'Unfollow story' });
    expect(unfollow).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Following this story')).toBeInTheDocument();
    expect(screen.getByText('New reports on it will show under Following')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('newsFollows')!)).toEqual([expect.objectContaining({ id: first.id, seen: 1 })]);
    // A new follow asks the function at once, for what the visitor has seen of it.
    expect(await backend.answerCall('follow', followAnswer({ story: first, follows: [first.id], reports: 1 }))).toEqual({ ids: [first.id] });
    await user.click(unfollow);
    expect(await screen.findByText('Story unfollowed')).toBeInTheDocument();
    expect(screen.getByText('You will no longer hear of new reports on it')).toBeInTheDocument();
    expect(within(articleOf(first.title)).getByRole('button', { name: 'Follow story' })).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem('newsFollows')!)).toEqual([]);
    // Other keys are never touched.
    expect(localStorage.getItem('newsBookmarks')).toBe('["other"]');
  });

  it('f follows the focused story, and the shortcuts dialog lists it', async () => {
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    await user.keyboard('j');
    expect(document.activeElement).toBe(articleOf(first.title));
    await user.keyboard('f');
    expect(within(articleOf(first.title)).getByRole('button', { name: 'Unfollow story' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Follow or unfollow the focused story')).toBeInTheDocument();
  });

  it('storage that refuses the write keeps following for the page, and loses no other key', async () => {
    const { user, backend } = await renderApp();
    await showLiveStories(backend);
    localStorage.setItem('newsFollows', '[]');
    localStorage.setItem('theme', 'dark');
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === 'newsFollows') throw new DOMException('Quota exceeded', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    await user.click(within(articleOf(first.title)).getByRole('button', { name: 'Follow story' }));
    await user.click(within(articleOf(second.title)).getByRole('button', { name: 'Follow story' }));
    expect(within(articleOf(first.title)).getByRole('button', { name: 'Unfollow story' })).toBeInTheDocument();
    expect(within(articleOf(second.title)).getByRole('button', { name: 'Unfollow story' })).toBeInTheDocument();
    expect(localStorage.getItem('newsFollows')).toBe('[]');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe('the Following view', () => {
  it('with nothing followed: the empty text; "Following" is pressed and the URL has following=1', async () => {
    const { user, backend, router } = await renderApp();
    await showLiveStories(backend);
    const toggle = screen.getByRole('button', { name: 'Following' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(await screen.findByText('You are not following any stories')).toBeInTheDocument();
    expect(screen.getByText('Follow a story to see new reports on it here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.searchStr).toBe('?following=1');
  });

  it('on return: the notice counts the stories with new reports, "Show" opens the view with "1 new report", and seeing it marks them seen', async () => {
    // Followed earlier: the first story with 2 reports seen, the second with 1.
    storeFollows([
      { story: first, seen: 2, reports: 2 },
      { story: second, seen: 1, reports: 1 },
    ]);
    const { user, backend, router } = await renderApp();
    expect(await backend.answerCall('follow', followAnswer({ story: first, follows: [first.id], reports: 3 }, { story: second, follows: [second.id], reports: 1 }))).toEqual({
      ids: [first.id, second.id],
    });
    const notice = await screen.findByText('1 story you follow has new reports');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?following=1'));
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([first.title, second.title]);
    expect(within(cards[0]!).getByText('1 new report')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText(/new report/)).toBeNull();
    expect(screen.queryByText('1 story you follow has new reports')).toBeNull();
    expect(JSON.parse(localStorage.getItem('newsFollows')!)[0]).toMatchObject({ id: first.id, seen: 3, reports: 3 });
  });

  it('"{N} stories you follow have new reports" for several; a followed story the store no longer has ends with a note', async () => {
    const third = liveAnswer.stories[2]!;
    storeFollows([
      { story: first, seen: 1, reports: 1 },
      { story: second, seen: 1, reports: 1 },
      { story: third, seen: 1, reports: 1 },
    ]);
    const { user, backend } = await renderApp();
    // The first story's group is now led by another story with 4 reports; the third is gone.
    const leader: Story = { ...second, id: 'leader', title: 'The story now leading the first one’s coverage' };
    await backend.answerCall('follow', followAnswer({ story: leader, follows: [first.id], reports: 4 }, { story: second, follows: [second.id], reports: 3 }));
    expect(await screen.findByText('2 stories you follow have new reports')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(`“${third.title}” is no longer available, so following it ended`)).toBeInTheDocument();
    const cards = within(storyArea()).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([leader.title, second.title]);
    expect(within(cards[0]!).getByText('3 new reports')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('2 new reports')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('newsFollows')!).map((entry: { id: string }) => entry.id)).toEqual([first.id, second.id]);
  });

  it('offline, it shows the stories as last known', async () => {
    storeFollows([{ story: first, seen: 1, reports: 1 }]);
    const { backend } = await renderApp({ path: '/?following=1' });
    await backend.failCall('follow');
    expect(await screen.findByRole('heading', { level: 3, name: first.title })).toBeInTheDocument();
  });
});

describe('notifications', () => {
  it('the browser is asked only on a press; refused, the view says so and following goes on', async () => {
    const requestPermission = vi.fn(async () => 'denied' as const);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration: async () => undefined }, configurable: true });
    try {
      storeFollows([{ story: first, seen: 1, reports: 1 }]);
      const { user, backend } = await renderApp({ path: '/?following=1' });
      await backend.answerCall('follow', followAnswer({ story: first, follows: [first.id], reports: 1 }));
      const notify = await screen.findByRole('button', { name: 'Notify me of new reports' });
      expect(requestPermission).not.toHaveBeenCalled();
      await waitFor(() => expect(notify).toBeEnabled());
      await user.click(notify);
      expect(await screen.findByText('Notifications are blocked in this browser')).toBeInTheDocument();
      expect(requestPermission).toHaveBeenCalledTimes(1);
      await user.click(within(articleOf(first.title)).getByRole('button', { name: 'Unfollow story' }));
      expect(await screen.findByText('You are not following any stories')).toBeInTheDocument();
    } finally {
      await act(async () => {
        Reflect.deleteProperty(navigator, 'serviceWorker');
      });
    }
  });
});
