// @vitest-environment jsdom
/**
 * A card's parts beyond StoryCard.test.tsx (docs/product.md#following-a-story, #accessible-names):
 * the follow toggle, "{N} new reports", the lead image loaded at once, an empty summary or
 * related list drawing nothing; and the sections giving each card its follow state, its count
 * of new reports and the lead image (Top Stories' first image).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { Story } from '../../src/domain/story.ts';
import { StoryCard, type StoryCardProps } from '../../src/stories/StoryCard.tsx';
import { StorySections } from '../../src/stories/StorySections.tsx';
import { makeStory } from './fixtures.ts';
import { renderWithTheme } from './render.tsx';
import { cardParts } from './parts.ts';

function renderCard(story: Story = makeStory(), props: Partial<StoryCardProps> = {}) {
  renderWithTheme(<StoryCard parts={cardParts} story={story} variant="compact" isBookmarked={false} onToggleBookmark={() => {}} onShare={() => {}} {...props} />);
  return screen.getByRole('article', { name: story.title });
}

describe('the follow toggle', () => {
  test('is absent where the page follows no stories', () => {
    const card = renderCard();
    expect(within(card).queryByRole('button', { name: /follow story/i })).not.toBeInTheDocument();
  });

  test('is "Follow story", not pressed, and reports the story when pressed', async () => {
    const user = userEvent.setup();
    const onToggleFollow = vi.fn();
    const story = makeStory();
    const card = renderCard(story, { onToggleFollow });
    const toggle = within(card).getByRole('button', { name: 'Follow story' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(onToggleFollow).toHaveBeenCalledExactlyOnceWith(story);
  });

  test('is "Unfollow story", pressed, when the story is followed', () => {
    const card = renderCard(makeStory(), { onToggleFollow: () => {}, isFollowed: true });
    expect(within(card).getByRole('button', { name: 'Unfollow story' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('new reports', () => {
  test.each([
    [1, '1 new report'],
    [3, '3 new reports'],
  ])('%i: the card says "%s"', (count, text) => {
    const card = renderCard(makeStory(), { newReports: count });
    expect(within(card).getByText(text)).toBeInTheDocument();
  });

  test('none: no count', () => {
    const card = renderCard(makeStory(), { newReports: 0 });
    expect(within(card).queryByText(/new report/)).not.toBeInTheDocument();
  });
});

test('the lead image is fetched at once and first', () => {
  const card = renderCard(makeStory(), { hasLeadImage: true });
  const image = within(card).getByRole('presentation');
  expect(image).toHaveAttribute('loading', 'eager');
  expect(image).toHaveAttribute('fetchpriority', 'high');
});

test('any other image waits until it nears the screen, at the usual priority', () => {
  const image = within(renderCard()).getByRole('presentation');
  expect(image).toHaveAttribute('loading', 'lazy');
  expect(image).toHaveAttribute('fetchpriority', 'auto');
});

test('an empty summary draws no paragraph, and an empty related list no disclosure', () => {
  const card = renderCard(makeStory({ summary: '', related: [] }));
  expect(card.querySelector('p')).toBeNull();
  expect(within(card).queryByRole('button', { name: /Also covered by/ })).not.toBeInTheDocument();
});

describe('the sections give each card', () => {
  const top = [makeStory({ id: 't0', title: 'No image', image: undefined }), makeStory({ id: 't1', title: 'First image' }), makeStory({ id: 't2', title: 'Second image' })];
  const more = [makeStory({ id: 'm0', title: 'More one' }), makeStory({ id: 'm1', title: 'More two' })];
  const card = (title: string) => screen.getByRole('article', { name: title });

  test('its follow state and its count of new reports', () => {
    renderWithTheme(
      <StorySections parts={cardParts} top={top} more={more} bookmarks={new Set()} onToggleBookmark={() => {}} onShare={() => {}} follows={new Set(['t1', 'm1'])} onToggleFollow={() => {}} newReports={{ m1: 2 }} />,
    );
    expect(within(card('First image')).getByRole('button', { name: 'Unfollow story' })).toBeInTheDocument();
    expect(within(card('Second image')).getByRole('button', { name: 'Follow story' })).toBeInTheDocument();
    expect(within(card('More two')).getByText('2 new reports')).toBeInTheDocument();
    expect(within(card('More one')).queryByText(/new report/)).not.toBeInTheDocument();
    // Only the story with a count shows one.
    expect(screen.getAllByText(/new reports?$/)).toHaveLength(1);
  });

  test('no follow toggle where the page follows nothing, and no count for a story named like an object key', () => {
    const odd = makeStory({ id: 'toString', title: 'Odd id' });
    renderWithTheme(<StorySections parts={cardParts} top={top} more={[odd]} bookmarks={new Set()} onToggleBookmark={() => {}} onShare={() => {}} newReports={{}} />);
    expect(screen.queryByRole('button', { name: /follow story/i })).not.toBeInTheDocument();
    expect(within(card('Odd id')).queryByText(/new report/)).not.toBeInTheDocument();
  });

  test('the lead image: Top Stories\' first story with an image, and no other', () => {
    renderWithTheme(<StorySections parts={cardParts} top={top} more={more} bookmarks={new Set()} onToggleBookmark={() => {}} onShare={() => {}} />);
    expect(within(card('First image')).getByRole('presentation')).toHaveAttribute('fetchpriority', 'high');
    for (const title of ['Second image', 'More one', 'More two']) expect(within(card(title)).getByRole('presentation')).toHaveAttribute('fetchpriority', 'auto');
  });
});
