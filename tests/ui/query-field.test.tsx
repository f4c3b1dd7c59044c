// @vitest-environment jsdom
/**
 * The search box on the search machine (docs/product.md#search-categories-and-the-url): the
 * box shows what is typed, the URL's write waits for the 300 ms pause, and a URL changed
 * elsewhere replaces the text. The URL is a recorder here; the whole page is in home.test.tsx.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import { searchMachine } from '../../machines/search.ts';
import { SearchActor } from '../../src/search/actors.ts';
import { QueryField } from '../../src/search/QueryField.tsx';
import { renderWithTheme } from '../components/render.tsx';

/** docs/product.md#timings-and-constants: the query reaches the URL once typing pauses for 300 ms. */
const PAUSE_MS = 300;

function Grab({ into }: { into: { actor?: ActorRefFrom<typeof searchMachine> } }) {
  into.actor = SearchActor.useActorRef();
  return null;
}

/** The box on a search machine whose URL writes are recorded; `urlChanged` plays a change of the URL. */
function renderField(query = '') {
  const written: string[] = [];
  const logic = searchMachine.provide({ actions: { writeQuery: (_, params) => void written.push(params.query) } });
  const held: { actor?: ActorRefFrom<typeof searchMachine> } = {};
  renderWithTheme(
    <SearchActor.Provider logic={logic} options={{ input: { query } }}>
      <QueryField />
      <Grab into={held} />
    </SearchActor.Provider>,
  );
  const urlChanged = (to: string) => act(() => held.actor?.send({ type: 'search.urlChanged', query: to }));
  return { written, urlChanged };
}

const box = () => screen.getByRole('searchbox', { name: 'Search news stories' });
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, PAUSE_MS * 2)));

test('starts with the URL\'s query', () => {
  renderField('jupiter');
  expect(box()).toHaveValue('jupiter');
});

test('writes once per pause, and keeps keys typed while its own write comes back', async () => {
  const user = userEvent.setup();
  const { written, urlChanged } = renderField();
  await user.type(box(), 'ha');
  await waitFor(() => expect(written).toEqual(['ha']));
  // Typed after the pause, before the URL has caught up with "ha".
  await user.type(box(), 'rb');
  urlChanged('ha');
  expect(box()).toHaveValue('harb');
  await waitFor(() => expect(written).toEqual(['ha', 'harb']));
  urlChanged('harb');
  expect(box()).toHaveValue('harb');
  await pause();
  expect(written).toEqual(['ha', 'harb']);
});

test('a query changed elsewhere replaces the text and drops the write under way', async () => {
  const user = userEvent.setup();
  const { written, urlChanged } = renderField();
  await user.type(box(), 'rail');
  await waitFor(() => expect(written).toEqual(['rail']));
  urlChanged('rail');
  urlChanged('tax');
  expect(box()).toHaveValue('tax');
  await user.type(box(), 'i');
  urlChanged('bus');
  expect(box()).toHaveValue('bus');
  await pause();
  expect(written).toEqual(['rail']);
});

test('the clear button and Escape empty the box and the URL at once', async () => {
  const user = userEvent.setup();
  const { written } = renderField('mars');
  await user.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(box()).toHaveValue('');
  expect(written).toEqual(['']);
  await user.type(box(), 'moon');
  await user.keyboard('{Escape}');
  expect(box()).toHaveValue('');
  expect(written).toEqual(['', '']);
  await pause();
  expect(written).toEqual(['', '']);
});
