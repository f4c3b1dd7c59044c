// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { StoryArea } from '../../src/stories/StoryArea.tsx';
import type { Story } from '../../src/domain/story.ts';
import { makeStory } from '../components/fixtures.ts';
import { renderWithTheme } from '../components/render.tsx';

function renderArea(matches: Story[]) {
  const props = { status: 'live' as const, bookmarks: new Set<string>(), onRetry: vi.fn(), onClearFilters: vi.fn(), onToggleBookmark: vi.fn(), onShare: vi.fn() };
  return renderWithTheme(<StoryArea {...props} matches={matches} />);
}

// docs/product.md#screens-and-states: 3 Top Stories, every other match in More Stories, with no paging;
// a first screenful of 11 cards at once, and the rest a few cards per task after it.
test('shows 11 cards at once, then every match: the first 3 as Top Stories, the other 207 of 210 as More Stories, with no "Show more" button', { timeout: 90_000 }, async () => {
  const stories = Array.from({ length: 210 }, (_, index) => makeStory({ id: `s${index}`, title: `Story ${index}` }));
  const { container } = renderArea(stories);
  // Counted by selector: role queries over 210 cards take jsdom minutes.
  const [top, more] = container.querySelectorAll('section');
  expect(top?.querySelector('h2')).toHaveTextContent('Top Stories');
  expect(top?.querySelectorAll('article')).toHaveLength(3);
  expect(more?.querySelector('h2')).toHaveTextContent('More Stories');
  expect(more?.querySelectorAll('article')).toHaveLength(8);
  expect(within(container).getByText('210 stories')).toBeInTheDocument();
  await waitFor(() => expect(more?.querySelectorAll('article')).toHaveLength(207), { timeout: 60_000 });
  expect([...(more?.querySelectorAll('h3') ?? [])].at(-1)).toHaveTextContent('Story 209');
  expect([...container.querySelectorAll('button')].some((button) => /show more/i.test(button.textContent ?? ''))).toBe(false);
});

test('announces "1 story" for a single match', () => {
  renderArea([makeStory()]);
  expect(screen.getByText('1 story')).toBeInTheDocument();
});
