// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { StoryCard, type StoryCardProps } from '../../src/stories/StoryCard.tsx';
import type { Story } from '../../src/domain/story.ts';
import { makeStory } from './fixtures.ts';
import { renderWithTheme } from './render.tsx';
import { cardParts } from './parts.ts';

function renderCard(story: Story = makeStory(), props: Partial<StoryCardProps> = {}) {
  const onToggleBookmark = vi.fn();
  const onShare = vi.fn();
  renderWithTheme(
    <StoryCard parts={cardParts}
      story={story}
      variant="large"
      isBookmarked={false}
      onToggleBookmark={onToggleBookmark}
      onShare={onShare}
      {...props}
    />,
  );
  const card = screen.getByRole('article', { name: story.title });
  return { card, onToggleBookmark, onShare };
}

test('is an article named by its h3 title, with source badge, summary and date', () => {
  const story = makeStory();
  const { card } = renderCard(story);
  expect(within(card).getByRole('heading', { level: 3, name: story.title })).toBeInTheDocument();
  expect(within(card).getAllByRole('heading')).toHaveLength(1);
  expect(within(card).getByText('Tech Daily')).toBeInTheDocument();
  expect(within(card).getByText(story.summary)).toBeInTheDocument();
});

describe('date', () => {
  test('is a <time> with an ISO datetime and the en-US short text', () => {
    const { card } = renderCard(makeStory({ published_at: '2025-11-21T15:05:00Z' }));
    const time = within(card).getByRole('time');
    expect(time).toHaveAttribute('datetime', '2025-11-21T15:05:00.000Z');
    const expected = new Date('2025-11-21T15:05:00Z').toLocaleString('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(time).toHaveTextContent(expected);
  });

  test('is left out entirely when published_at does not parse', () => {
    const { card } = renderCard(makeStory({ published_at: 'not a date' }));
    expect(within(card).queryByRole('time')).not.toBeInTheDocument();
    expect(within(card).queryByText(/invalid/i)).not.toBeInTheDocument();
  });
});

describe('image', () => {
  test('is lazy, async, decorative, and has the story image as src', () => {
    const { card } = renderCard();
    const image = within(card).getByRole('presentation');
    expect(image).toHaveAttribute('src', 'https://images.example.com/quantum.jpg');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
  });

  test('is removed after a load error', () => {
    const { card } = renderCard();
    fireEvent.error(within(card).getByRole('presentation'));
    expect(within(card).queryByRole('presentation')).not.toBeInTheDocument();
    expect(card.querySelector('img')).toBeNull();
  });

  test('is not rendered without an image or for a non-http(s) URL', () => {
    renderCard(makeStory({ id: 'a', title: 'No image', image: undefined }));
    renderCard(makeStory({ id: 'b', title: 'Data image', image: 'data:image/png;base64,AAAA' }));
    renderCard(makeStory({ id: 'c', title: 'Script image', image: 'javascript:alert(1)' }));
    for (const title of ['No image', 'Data image', 'Script image']) {
      expect(screen.getByRole('article', { name: title }).querySelector('img')).toBeNull();
    }
  });
});

describe('Read more', () => {
  test('shows "Read more" and is named after the story it opens', () => {
    const { card } = renderCard();
    const link = within(card).getByRole('link', { name: 'Read more about Quantum chip breaks efficiency record' });
    // The title part is visually hidden: what shows is "Read more".
    expect(link.firstChild?.textContent?.trim()).toBe('Read more');
  });

  test('links to the story in a new tab without an opener', () => {
    const { card } = renderCard();
    const link = within(card).getByRole('link', { name: /^Read more about / });
    expect(link).toHaveAttribute('href', 'https://example.com/quantum-chip');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('is not rendered for a javascript: URL', () => {
    const { card } = renderCard(makeStory({ url: 'javascript:alert(1)' }));
    expect(within(card).queryByRole('link', { name: /Read more/ })).not.toBeInTheDocument();
    expect(card.innerHTML).not.toContain('javascript:');
    // Its own page stays: the site's address, whatever the story's.
    expect(within(card).getByRole('link', { name: 'Full coverage' })).toHaveAttribute('href', '/story/story-1');
  });
});

test('title and summary are rendered as text, never as HTML', () => {
  const { card } = renderCard(
    makeStory({
      title: '<img src=x onerror=alert(1)> headline',
      summary: '<script>alert("x")</script> summary',
    }),
  );
  expect(within(card).getByRole('heading')).toHaveTextContent('<img src=x onerror=alert(1)> headline');
  expect(within(card).getByText('<script>alert("x")</script> summary')).toBeInTheDocument();
  expect(card.querySelector('script')).toBeNull();
  expect(card.querySelectorAll('img')).toHaveLength(1);
});

describe('bookmark', () => {
  test('is "Bookmark story", not pressed, and reports the story when pressed', async () => {
    const user = userEvent.setup();
    const story = makeStory();
    const { card, onToggleBookmark } = renderCard(story);
    const button = within(card).getByRole('button', { name: 'Bookmark story' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(onToggleBookmark).toHaveBeenCalledExactlyOnceWith(story);
  });

  test('is "Remove bookmark", pressed, when the story is saved', async () => {
    const user = userEvent.setup();
    const story = makeStory();
    const { card, onToggleBookmark } = renderCard(story, { isBookmarked: true });
    const button = within(card).getByRole('button', { name: 'Remove bookmark' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    expect(onToggleBookmark).toHaveBeenCalledExactlyOnceWith(story);
  });
});

describe('share menu', () => {
  test.each([
    ['Share to Twitter', 'twitter'],
    ['Share to Facebook', 'facebook'],
    ['Copy Link', 'copy'],
  ])('"%s" calls onShare(story, "%s") and closes the menu', async (name, target) => {
    const user = userEvent.setup();
    const story = makeStory();
    const { card, onShare } = renderCard(story);
    await user.click(within(card).getByRole('button', { name: 'Share story' }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Share to Twitter',
      'Share to Facebook',
      'Copy Link',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name }));

    expect(onShare).toHaveBeenCalledExactlyOnceWith(story, target);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  test('is a collapsed menu button; a click opens the menu and focuses it', async () => {
    const user = userEvent.setup();
    const { card } = renderCard(makeStory());
    const button = within(card).getByRole('button', { name: 'Share story' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Share story' });
    await waitFor(() => expect(menu).toHaveFocus());
    // The open menu hides the rest of the page from assistive technology.
    expect(within(card).getByRole('button', { name: 'Share story', hidden: true })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // React Aria gives focus back on the next frame.
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Share story' })).toHaveFocus());
  });

  test('opens and acts from the keyboard', async () => {
    const user = userEvent.setup();
    const story = makeStory();
    const { card, onShare } = renderCard(story);
    within(card).getByRole('button', { name: 'Share story' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Share to Twitter' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onShare).toHaveBeenCalledExactlyOnceWith(story, 'copy');
  });

  test('the Enter that chooses an item leaves the menu closed, though the key comes up with focus back on the button', async () => {
    const user = userEvent.setup();
    const story = makeStory();
    const { card, onShare } = renderCard(story);
    const button = within(card).getByRole('button', { name: 'Share story' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Share to Twitter' })).toHaveFocus());
    // Enter held down on "Copy Link": the menu acts and closes, and focus goes back to the button.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter>}');
    expect(onShare).toHaveBeenCalledExactlyOnceWith(story, 'copy');
    await waitFor(() => expect(button).toHaveFocus());
    await user.keyboard('{/Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the compact variant has the same parts: title, source, date, summary, image, Read more, bookmark and share', () => {
  // A local noon, the same calendar day in every time zone the tests may run in.
  const { card } = renderCard(makeStory({ published_at: '2025-11-21T12:05:00' }), { variant: 'compact' });
  expect(within(card).getByRole('heading', { level: 3, name: 'Quantum chip breaks efficiency record' })).toBeInTheDocument();
  expect(within(card).getByText('Tech Daily')).toBeInTheDocument();
  expect(within(card).getByRole('time')).toHaveTextContent('Nov 21, 12:05 PM');
  expect(within(card).getByText('Researchers report a new processor design that uses a fraction of the energy.')).toBeInTheDocument();
  expect(within(card).getByRole('presentation')).toHaveAttribute('src', 'https://images.example.com/quantum.jpg');
  expect(within(card).getByRole('link', { name: /^Read more about / })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Bookmark story' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Share story' })).toBeInTheDocument();
});
