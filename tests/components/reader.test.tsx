// @vitest-environment jsdom
/**
 * The reader features on a card and in the shortcuts dialog, by role and accessible name
 * (docs/product.md#accessible-names): the related-sources disclosure, "New", "More sharing
 * options", dir="auto", and the "Keyboard shortcuts" dialog.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ShortcutsDialog } from '../../src/reader/later/ShortcutsDialog.tsx';
import { StoryCard, type StoryCardProps } from '../../src/stories/StoryCard.tsx';
import { StorySections } from '../../src/stories/StorySections.tsx';
import { SHORTCUTS } from '../../src/domain/shortcuts.ts';
import type { Story } from '../../src/domain/story.ts';
import { makeStory } from './fixtures.ts';
import { renderWithTheme } from './render.tsx';
import { cardParts } from './parts.ts';

function renderCard(story: Story = makeStory(), props: Partial<StoryCardProps> = {}) {
  const onShare = vi.fn();
  renderWithTheme(<StoryCard parts={cardParts} story={story} variant="large" isBookmarked={false} onToggleBookmark={vi.fn()} onShare={onShare} {...props} />);
  return { card: screen.getByRole('article', { name: story.title }), onShare };
}

const RELATED = [
  { source: 'Harbour Gazette', url: 'https://gazette.example/bridge' },
  { source: 'صحيفة الميناء', url: 'https://mina.example/bridge' },
];

describe('several sources, one story', () => {
  test('a button "Also covered by N more sources" discloses a link per source', async () => {
    const user = userEvent.setup();
    const { card } = renderCard(makeStory({ related: RELATED }));
    const button = await within(card).findByRole('button', { name: 'Also covered by 2 more sources' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByRole('link', { name: 'Harbour Gazette' })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    for (const { source, url } of RELATED) {
      const link = within(card).getByRole('link', { name: source });
      expect(link).toHaveAttribute('href', url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(card).getByText('صحيفة الميناء')).toHaveAttribute('dir', 'auto');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByRole('link', { name: 'Harbour Gazette' })).not.toBeInTheDocument();
  });

  test('says "1 more source" for one, and opens from the keyboard', async () => {
    const user = userEvent.setup();
    const { card } = renderCard(makeStory({ related: RELATED.slice(0, 1) }));
    const button = await within(card).findByRole('button', { name: 'Also covered by 1 more source' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByRole('link', { name: 'Harbour Gazette' })).toBeInTheDocument();
  });

  test('shows no disclosure without related entries', () => {
    const { card } = renderCard(makeStory());
    expect(within(card).queryByRole('button', { name: /^Also covered by/ })).not.toBeInTheDocument();
  });
});

describe('New since your last visit', () => {
  test('a card carries "New" only when told so', () => {
    renderCard(makeStory({ id: 'a', title: 'Fresh' }), { isNew: true });
    renderCard(makeStory({ id: 'b', title: 'Old' }));
    expect(within(screen.getByRole('article', { name: 'Fresh' })).getByText('New')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Old' })).queryByText('New')).not.toBeInTheDocument();
  });

  test('the sections mark the stories published after the previous visit, none on a first visit', () => {
    const stories = [
      makeStory({ id: 'a', title: 'After', published_at: '2026-03-02T10:00:00.000Z' }),
      makeStory({ id: 'b', title: 'Before', published_at: '2026-03-01T10:00:00.000Z' }),
      makeStory({ id: 'c', title: 'Undated', published_at: 'soon' }),
    ];
    const props = { top: stories, more: [], bookmarks: new Set<string>(), onToggleBookmark: vi.fn(), onShare: vi.fn() };
    const { rerender } = renderWithTheme(<StorySections parts={cardParts} {...props} lastVisit={Date.parse('2026-03-02T00:00:00.000Z')} />);
    const badged = () => screen.getAllByRole('article').filter((article) => within(article).queryByText('New') !== null);
    expect(badged().map((article) => within(article).getByRole('heading').textContent)).toEqual(['After']);
    rerender(<StorySections parts={cardParts} {...props} lastVisit={null} />);
    expect(badged()).toEqual([]);
  });
});

describe('native share', () => {
  test('"More sharing options" is in the menu only where the system share sheet exists', async () => {
    const user = userEvent.setup();
    const story = makeStory();
    const { card, onShare } = renderCard(story, { canShareNatively: true });
    await user.click(within(card).getByRole('button', { name: 'Share story' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Share to Twitter',
      'Share to Facebook',
      'Copy Link',
      'More sharing options',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'More sharing options' }));
    expect(onShare).toHaveBeenCalledExactlyOnceWith(story, 'native');
  });

  test('is absent otherwise', async () => {
    const user = userEvent.setup();
    const { card } = renderCard(makeStory());
    await user.click(within(card).getByRole('button', { name: 'Share story' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'More sharing options' })).not.toBeInTheDocument();
  });
});

test('title, summary and source name read in their own direction (dir="auto")', () => {
  const story = makeStory({ title: 'افتتاح معرض الكتاب في المدينة القديمة', summary: 'يستمر المعرض أسبوعين.', source: 'מקור' });
  const { card } = renderCard(story);
  expect(within(card).getByRole('heading', { name: story.title })).toHaveAttribute('dir', 'auto');
  expect(within(card).getByText(story.summary)).toHaveAttribute('dir', 'auto');
  expect(within(card).getByText(story.source)).toHaveAttribute('dir', 'auto');
});

test('the card itself can take focus (for j / k) but is not a tab stop', () => {
  const { card } = renderCard();
  expect(card).toHaveAttribute('tabindex', '-1');
  card.focus();
  expect(card).toHaveFocus();
});

describe('Keyboard shortcuts dialog', () => {
  test('is a dialog named "Keyboard shortcuts" listing every shortcut', () => {
    renderWithTheme(<ShortcutsDialog isOpen onOpenChange={vi.fn()} shortcuts={SHORTCUTS} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = [...dialog.querySelectorAll('kbd')].map((kbd) => kbd.textContent);
    expect(keys).toEqual(['j', 'k', 'o', 'b', 'f', 'm', '/', '?', 'Esc']);
    for (const { description } of SHORTCUTS) expect(within(dialog).getByText(description)).toBeInTheDocument();
  });

  test('Escape and the close button ask to close it', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithTheme(<ShortcutsDialog isOpen onOpenChange={onOpenChange} shortcuts={SHORTCUTS} />);
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  test('renders nothing when closed', () => {
    renderWithTheme(<ShortcutsDialog isOpen={false} onOpenChange={vi.fn()} shortcuts={SHORTCUTS} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
