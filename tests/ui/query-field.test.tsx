// @vitest-environment jsdom
/**
 * The search box on the search machine (docs/product.md#search-categories-and-the-url): the URL
 * owns the query and the box shows it; what is typed shows at once, and reaches the URL once
 * typing pauses for 300 ms; a query changed elsewhere while typing replaces the text and drops
 * its write. The URL is a recorder here (the box is re-rendered with the query it would hold);
 * the whole page is in home.test.tsx.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { createActor, setup } from 'xstate';
import { searchMachine } from '../../machines/search.ts';
import { QueryField } from '../../src/search/QueryField.tsx';
import { SystemProvider } from '../../src/ui/frame.ts';
import { renderWithTheme } from '../components/render.tsx';

/** docs/product.md#timings-and-constants: the query reaches the URL once typing pauses for 300 ms. */
const PAUSE_MS = 300;

/** The box on a search machine, in a system of its own, whose URL writes are recorded. */
function renderField(query = '') {
  const written: string[] = [];
  const search = searchMachine.provide({ actions: { writeQuery: (_, params) => void written.push(params.query) } });
  const page = setup({ actors: { search } }).createMachine({ invoke: { id: 'search', systemId: 'search', src: 'search' } });
  const live = createActor(page).start();
  const ui = (url: string) => (
    <SystemProvider live={live} frame={createActor(page)}>
      <QueryField query={url} />
    </SystemProvider>
  );
  const { rerender } = renderWithTheme(ui(query));
  /** The URL's query is now `to` (the box's own write coming back, or another change). */
  const urlIs = (to: string) => act(() => rerender(ui(to)));
  /** A change of the query made elsewhere (Back, Forward), as the page tells the machine. */
  const changedElsewhere = (to: string) =>
    act(() => {
      live.system.get('search')?.send({ type: 'search.reset' });
      rerender(ui(to));
    });
  return { written, urlIs, changedElsewhere };
}

const box = () => screen.getByRole('searchbox', { name: 'Search news stories' });
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, PAUSE_MS * 2)));

test("shows the URL's query", () => {
  renderField('jupiter');
  expect(box()).toHaveValue('jupiter');
});

test('writes once per pause, and keeps keys typed while its own write comes back', async () => {
  const user = userEvent.setup();
  const { written, urlIs } = renderField();
  await user.type(box(), 'ha');
  await waitFor(() => expect(written).toEqual(['ha']));
  // Typed after the pause, before the URL has caught up with "ha".
  await user.type(box(), 'rb');
  urlIs('ha');
  expect(box()).toHaveValue('harb');
  await waitFor(() => expect(written).toEqual(['ha', 'harb']));
  urlIs('harb');
  expect(box()).toHaveValue('harb');
  await pause();
  expect(written).toEqual(['ha', 'harb']);
});

test('a query changed elsewhere replaces the text and drops the write under way', async () => {
  const user = userEvent.setup();
  const { written, urlIs, changedElsewhere } = renderField();
  await user.type(box(), 'rail');
  await waitFor(() => expect(written).toEqual(['rail']));
  urlIs('rail');
  changedElsewhere('tax');
  expect(box()).toHaveValue('tax');
  await user.type(box(), 'i');
  expect(box()).toHaveValue('taxi');
  changedElsewhere('bus');
  expect(box()).toHaveValue('bus');
  await pause();
  expect(written).toEqual(['rail']);
});

test('the clear button and Escape empty the box and the URL at once', async () => {
  const user = userEvent.setup();
  const { written, urlIs } = renderField('mars');
  await user.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(written).toEqual(['']);
  urlIs('');
  expect(box()).toHaveValue('');
  await user.type(box(), 'moon');
  await user.keyboard('{Escape}');
  expect(written).toEqual(['', '']);
  urlIs('');
  expect(box()).toHaveValue('');
  await pause();
  expect(written).toEqual(['', '']);
});
