// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test, vi } from 'vitest';
import { SkeletonCards } from '../../src/stories/SkeletonCards.tsx';
import { StorySections, type StorySectionsProps } from '../../src/stories/StorySections.tsx';
import { makeStory } from './fixtures.ts';
import { renderWithTheme } from './render.tsx';
import { cardParts } from './parts.ts';

const stories = Array.from({ length: 6 }, (_, index) =>
  makeStory({ id: `s${index}`, title: `Story number ${index}` }),
);

// The share menu's code is loaded on demand (ShareMenuButton). Compiling it the first time can
// take seconds on a busy machine, longer than a find waits; compiled here, the tests below check
// the callbacks rather than the compiler's speed (StoryCard.test.tsx presses before the code is there).
beforeAll(async () => {
  await import('../../src/share/later/ShareMenu.tsx');
});

function renderSections(props: Partial<StorySectionsProps> = {}) {
  const onToggleBookmark = vi.fn();
  const onShare = vi.fn();
  renderWithTheme(
    <StorySections parts={cardParts}
      top={stories.slice(0, 3)}
      more={stories.slice(3)}
      bookmarks={new Set(['s1', 's4'])}
      onToggleBookmark={onToggleBookmark}
      onShare={onShare}
      {...props}
    />,
  );
  return { onToggleBookmark, onShare };
}

function titlesIn(section: HTMLElement) {
  return within(section)
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 3 }).textContent);
}

test('Top Stories and More Stories are sections named by their h2', () => {
  renderSections();
  const top = screen.getByRole('region', { name: 'Top Stories' });
  const more = screen.getByRole('region', { name: 'More Stories' });
  expect(within(top).getByRole('heading', { level: 2, name: 'Top Stories' })).toBeInTheDocument();
  expect(within(more).getByRole('heading', { level: 2, name: 'More Stories' })).toBeInTheDocument();
  expect(titlesIn(top)).toEqual(['Story number 0', 'Story number 1', 'Story number 2']);
  expect(titlesIn(more)).toEqual(['Story number 3', 'Story number 4', 'Story number 5']);
});

test('cards are list items of a list, one heading each', () => {
  renderSections();
  const top = screen.getByRole('region', { name: 'Top Stories' });
  const items = within(within(top).getByRole('list')).getAllByRole('listitem');
  expect(items).toHaveLength(3);
  for (const item of items) expect(within(item).getAllByRole('heading')).toHaveLength(1);
});

test('bookmarked stories show "Remove bookmark"', () => {
  renderSections();
  const pressed = screen.getAllByRole('button', { name: 'Remove bookmark', pressed: true });
  expect(pressed).toHaveLength(2);
  expect(screen.getAllByRole('button', { name: 'Bookmark story', pressed: false })).toHaveLength(4);
  const saved = screen.getByRole('article', { name: 'Story number 4' });
  expect(within(saved).getByRole('button', { name: 'Remove bookmark' })).toBeInTheDocument();
});

test('card callbacks receive the card story', async () => {
  const user = userEvent.setup();
  const { onToggleBookmark, onShare } = renderSections();
  const card = screen.getByRole('article', { name: 'Story number 5' });
  await user.click(within(card).getByRole('button', { name: 'Bookmark story' }));
  expect(onToggleBookmark).toHaveBeenCalledExactlyOnceWith(stories[5]);
  await user.click(within(card).getByRole('button', { name: 'Share story' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Share to Facebook' }));
  expect(onShare).toHaveBeenCalledExactlyOnceWith(stories[5], 'facebook');
});

test('a section with no stories is not rendered', () => {
  renderSections({ more: [] });
  expect(screen.getByRole('heading', { name: 'Top Stories' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'More Stories' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'More Stories' })).not.toBeInTheDocument();
});

test('skeleton cards are hidden from assistive technology', () => {
  const { container } = renderWithTheme(<SkeletonCards />);
  expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  expect(within(container).getAllByRole('listitem', { hidden: true })).toHaveLength(3 + 8);
});
