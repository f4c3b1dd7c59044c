// @vitest-environment jsdom
/**
 * The story components' edges beyond StoryCard.test.tsx and states.test.tsx: keys on the share
 * button (a Tab that lands on it, keys other than Enter), a date that does not parse, Retry while
 * retrying whatever clicks it, the sections' share sheet and a Top Stories list without images.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test, vi } from 'vitest';
import { ErrorState } from '../../src/stories/ErrorState.tsx';
import { StoryCard } from '../../src/stories/StoryCard.tsx';
import { StorySections } from '../../src/stories/StorySections.tsx';
import { makeStory } from './fixtures.ts';
import { renderWithTheme } from './render.tsx';
import { cardParts } from './parts.ts';

// Compiled once here: the menu's code comes on demand (see StorySections.test.tsx).
beforeAll(async () => {
  await import('../../src/share/later/ShareMenu.tsx');
});

function renderCard() {
  const story = makeStory();
  renderWithTheme(
    <>
      <a href="https://news.example.org/">Before the card</a>
      <StoryCard parts={cardParts} story={story} variant="large" isBookmarked={false} onToggleBookmark={() => {}} onShare={() => {}} />
    </>,
  );
  return screen.getByRole('article', { name: story.title });
}

test('Tab onto "Share story", and a key other than Enter let go on it, open nothing', async () => {
  const user = userEvent.setup();
  const card = renderCard();
  const share = within(card).getByRole('button', { name: 'Share story' });
  within(card).getByRole('button', { name: 'Bookmark story' }).focus();
  await user.tab();
  expect(share).toHaveFocus();
  await user.keyboard('{/Enter}');
  await user.keyboard('a');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(share).toHaveAttribute('aria-expanded', 'false');
});

test('only a keyup of the Enter that went down on "Share story" opens the menu', () => {
  const card = renderCard();
  const share = within(card).getByRole('button', { name: 'Share story' });
  fireEvent.keyUp(share, { key: 'Enter' });
  fireEvent.keyDown(share, { key: 'Enter' });
  fireEvent.keyUp(share, { key: 'a' });
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(share).toHaveAttribute('aria-expanded', 'false');
});

test('a key other than Enter pressed on "Share story" keeps its default', () => {
  const card = renderCard();
  const share = within(card).getByRole('button', { name: 'Share story' });
  // fireEvent returns false when a listener prevented the default.
  expect(fireEvent.keyDown(share, { key: ' ' })).toBe(true);
  expect(fireEvent.keyDown(share, { key: 'Enter' })).toBe(false);
});

test('a date that does not parse draws no time element at all', () => {
  renderWithTheme(<StoryCard parts={cardParts} story={makeStory({ published_at: 'yesterday-ish' })} variant="compact" isBookmarked={false} onToggleBookmark={() => {}} onShare={() => {}} />);
  expect(screen.getByRole('article').querySelector('time')).toBeNull();
});

test('not retrying, "Try Again" is not marked disabled', () => {
  renderWithTheme(<ErrorState onRetry={() => {}} />);
  expect(screen.getByRole('button', { name: 'Try Again' })).not.toHaveAttribute('aria-disabled');
});

test('while retrying, a click from anywhere (a screen reader too) does not retry', () => {
  const onRetry = vi.fn();
  renderWithTheme(<ErrorState onRetry={onRetry} isRetrying />);
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(onRetry).not.toHaveBeenCalled();
});

test('the sections offer no system share sheet unless told the browser has one', async () => {
  const user = userEvent.setup();
  renderWithTheme(<StorySections parts={cardParts} top={[makeStory()]} more={[]} bookmarks={new Set()} onToggleBookmark={() => {}} onShare={() => {}} />);
  await user.click(screen.getByRole('button', { name: 'Share story' }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Share to Twitter', 'Share to Facebook', 'Copy Link']);
});

test('Top Stories with no image at all: every card drawn, none with an image', () => {
  const top = [makeStory({ id: 'a', title: 'A', image: undefined }), makeStory({ id: 'b', title: 'B', image: 'not a url' })];
  renderWithTheme(<StorySections parts={cardParts} top={top} more={[]} bookmarks={new Set()} onToggleBookmark={() => {}} onShare={() => {}} />);
  expect(screen.getAllByRole('article')).toHaveLength(2);
  expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
});
