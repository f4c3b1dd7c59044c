// @vitest-environment jsdom
/**
 * The search box on the page's machines (docs/product.md#search-categories-and-the-url): it shows
 * the search machine's text; what is typed shows at once, and the page writes it into the URL once
 * typing pauses for 300 ms; a query changed elsewhere (Back, Forward) replaces the text and drops
 * its write. The page's URL writes are recorded here, and the URL's changes sent by hand; the
 * whole page is in home.test.tsx.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { NOTHING_STORED, pageMachine, type PageEvent, type UrlPatch } from '../../machines/page.ts';
import { QueryField } from '../../src/search/QueryField.tsx';
import { SystemProvider } from '../../src/system/page-system.ts';
import { renderWithTheme } from '../components/render.tsx';

/** docs/product.md#timings-and-constants: the query reaches the URL once typing pauses for 300 ms. */
const PAUSE_MS = 300;

/** The box on the page's machines, the URL's query `query` as the page opens; the queries the page writes are recorded. */
function renderField(query = '') {
  const written: (string | undefined)[] = [];
  const page = pageMachine.provide({
    actions: { navigate: (_, { patch }: { patch: UrlPatch }) => void written.push(patch.q ?? '') },
    actors: { urlChanges: fromCallback<PageEvent>(({ sendBack }) => sendBack({ type: 'url.changed', query, archive: false })) },
  });
  const live = createActor(page, { input: NOTHING_STORED }).start();
  renderWithTheme(
    <SystemProvider page={live}>
      <QueryField />
    </SystemProvider>,
  );
  /** A change of the query made elsewhere (Back, Forward), as the router tells the page. */
  const changedElsewhere = (to: string) => act(() => live.send({ type: 'url.changed', query: to, archive: false }));
  return { written, changedElsewhere };
}

const box = () => screen.getByRole('searchbox', { name: 'Search news stories' });
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, PAUSE_MS * 2)));

test("shows the URL's query", () => {
  renderField('jupiter');
  expect(box()).toHaveValue('jupiter');
});

test('writes once per pause, and keeps keys typed right after a write', async () => {
  const user = userEvent.setup();
  const { written } = renderField();
  await user.type(box(), 'ha');
  await waitFor(() => expect(written).toEqual(['ha']));
  await user.type(box(), 'rb');
  expect(box()).toHaveValue('harb');
  await waitFor(() => expect(written).toEqual(['ha', 'harb']));
  expect(box()).toHaveValue('harb');
  await pause();
  expect(written).toEqual(['ha', 'harb']);
});

test('a query changed elsewhere replaces the text and drops the write under way', async () => {
  const user = userEvent.setup();
  const { written, changedElsewhere } = renderField();
  await user.type(box(), 'rail');
  await waitFor(() => expect(written).toEqual(['rail']));
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
  const { written } = renderField('mars');
  await user.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(written).toEqual(['']);
  expect(box()).toHaveValue('');
  await user.type(box(), 'moon');
  await user.keyboard('{Escape}');
  expect(written).toEqual(['', '']);
  expect(box()).toHaveValue('');
  await pause();
  expect(written).toEqual(['', '']);
});
