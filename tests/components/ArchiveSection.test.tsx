// @vitest-environment jsdom
/**
 * "Search the last 30 days" and the section it opens (docs/product.md#the-last-30-days), on the
 * page's machines with the archive call faked: the button, "Searching older stories…", the
 * failure with "Try again", "Nothing older matches", and the older stories as cards.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { NOTHING_STORED, pageMachine } from '../../machines/page.ts';
import type { Story } from '../../src/domain/story.ts';
import { ArchiveSection } from '../../src/search/later/ArchiveSection.tsx';
import { SystemProvider } from '../../src/system/page-system.ts';
import { FakeActors } from '../support/fake-actors.ts';
import { makeStory } from './fixtures.ts';
import { renderWithTheme } from './render.tsx';
import { cardParts } from './parts.ts';

const older = makeStory({ id: 'old-1', title: 'Harbour bridge reopens after repairs' });

function renderSection(stories: Story[] = []) {
  const fakes = new FakeActors();
  const page = createActor(pageMachine.provide({ actors: { archive: archiveSearchMachine.provide({ actors: { searchArchive: fakes.actor<Story[], { query: string }>('searchArchive') } }) } }), { input: NOTHING_STORED }).start();
  const onSearch = vi.fn();
  const ui = (list: Story[]) => (
    <SystemProvider page={page}>
      <ArchiveSection parts={cardParts} stories={list} onSearch={onSearch} bookmarks={new Set()} onToggleBookmark={() => {}} onShare={() => {}} />
    </SystemProvider>
  );
  const view = renderWithTheme(ui(stories));
  const search = (query: string) => act(() => page.send({ type: 'url.changed', query, archive: true }));
  const settle = async (outcome: { output: Story[] } | { error: unknown }) => {
    await act(async () => {
      fakes.settle('searchArchive', outcome);
      await Promise.resolve();
    });
  };
  return { fakes, onSearch, search, settle, rerender: (list: Story[]) => view.rerender(ui(list)) };
}

test('hidden, it offers "Search the last 30 days", which asks for the section', async () => {
  const user = userEvent.setup();
  const { onSearch } = renderSection();
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Search the last 30 days' }));
  expect(onSearch).toHaveBeenCalledTimes(1);
});

test('searching, the section is busy and says so; answered, it shows the older stories as cards', async () => {
  const { search, settle, rerender } = renderSection();
  search('harbour');
  const section = screen.getByRole('region', { name: 'From the last 30 days' });
  expect(section).toHaveAttribute('aria-busy', 'true');
  expect(within(section).getByText('Searching older stories…')).toBeInTheDocument();
  await settle({ output: [older] });
  rerender([older]);
  expect(section).toHaveAttribute('aria-busy', 'false');
  expect(within(section).getByRole('heading', { name: 'Harbour bridge reopens after repairs' })).toBeInTheDocument();
  expect(screen.queryByText('Searching older stories…')).not.toBeInTheDocument();
});

test('answered with nothing the page does not show already: "Nothing older matches"', async () => {
  const { search, settle } = renderSection();
  search('harbour');
  await settle({ output: [] });
  expect(screen.getByText('Nothing older matches')).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
});

test('a failed search says so, and "Try again" searches the same query again', async () => {
  const user = userEvent.setup();
  const { search, settle, fakes } = renderSection();
  search('harbour');
  await settle({ error: new Error('FunctionsFetchError: offline') });
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Could not search older stories');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(fakes.calls.filter((call) => call.src === 'searchArchive').map((call) => call.input)).toEqual([{ query: 'harbour' }, { query: 'harbour' }]);
  expect(screen.getByText('Searching older stories…')).toBeInTheDocument();
});
