// @vitest-environment jsdom
// Story images come from the publishers' hosts: the browser must not tell them which page shows them.
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { StoryCard } from '../../src/stories/StoryCard.tsx';
import { makeStory } from './fixtures.ts';
import { renderWithTheme } from './render.tsx';
import { cardParts } from './parts.ts';

test.each(['large', 'compact'] as const)('the %s card loads its story image with referrerpolicy="no-referrer"', (variant) => {
  const story = makeStory();
  renderWithTheme(<StoryCard parts={cardParts} story={story} variant={variant} isBookmarked={false} onToggleBookmark={() => undefined} onShare={() => undefined} />);
  const image = screen.getByRole('article', { name: story.title }).querySelector('img');
  expect(image).toHaveAttribute('src', story.image);
  expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
});
