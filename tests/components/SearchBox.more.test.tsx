// @vitest-environment jsdom
/**
 * The search box's edges (src/search/SearchBox.tsx) beyond SearchBox.test.tsx: text typed into the
 * page's frame before the app took over is kept and reported; Escape in an empty box is left to
 * the page (a dialog or menu closes on it); no spelling marks under a query; the clear button is
 * reached by pointer, not by Tab.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, expect, test, vi } from 'vitest';
import { SearchBox } from '../../src/search/SearchBox.tsx';
import { renderWithTheme } from './render.tsx';

let page = new AbortController();
afterEach(() => {
  page.abort();
  page = new AbortController();
  document.body.innerHTML = '';
});

/** The box as the build draws it, hydrated after `typed` was typed into the drawn input. */
async function hydrateAfterTyping(typed: string) {
  const onChange = vi.fn();
  const box = (
    <SearchBox value="" onChange={onChange} onClear={() => {}} />
  );
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(box);
  const input = container.querySelector('input')!;
  input.value = typed;
  const root = await act(async () => hydrateRoot(container, box));
  return { onChange, root };
}

test('text typed before the app took over is reported once, as the first edit', async () => {
  const { onChange, root } = await hydrateAfterTyping('mars');
  expect(onChange).toHaveBeenCalledExactlyOnceWith('mars');
  act(() => root.unmount());
});

test('with nothing typed before the app took over, nothing is reported', async () => {
  const { onChange, root } = await hydrateAfterTyping('');
  expect(onChange).not.toHaveBeenCalled();
  act(() => root.unmount());
});

test('Escape in an empty box clears nothing and reaches the page', async () => {
  const user = userEvent.setup();
  const onClear = vi.fn();
  const pageKeys = vi.fn();
  document.addEventListener('keydown', (event) => pageKeys(event.key, event.defaultPrevented), { signal: page.signal });
  renderWithTheme(<SearchBox value="" onChange={() => {}} onClear={onClear} />);
  await user.click(screen.getByRole('searchbox', { name: 'Search news stories' }));
  await user.keyboard('{Escape}');
  expect(onClear).not.toHaveBeenCalled();
  expect(pageKeys).toHaveBeenCalledWith('Escape', false);
});

test('Escape with text clears it and does not reach the page', () => {
  const onClear = vi.fn();
  const pageKeys = vi.fn();
  document.addEventListener('keydown', (event) => pageKeys(event.key), { signal: page.signal });
  renderWithTheme(<SearchBox value="mars" onChange={() => {}} onClear={onClear} />);
  fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' });
  expect(onClear).toHaveBeenCalledTimes(1);
  expect(pageKeys).not.toHaveBeenCalled();
});

test('a query is not spell-checked', () => {
  renderWithTheme(<SearchBox value="" onChange={() => {}} onClear={() => {}} />);
  expect(screen.getByRole('searchbox')).toHaveAttribute('spellcheck', 'false');
});

test('Tab never stops on the clear button (Escape and the pointer clear; the box keeps focus)', async () => {
  const user = userEvent.setup();
  renderWithTheme(
    <>
      <a href="https://news.example.org/before">Before on the page</a>
      <SearchBox value="mars" onChange={() => {}} onClear={() => {}} />
      <a href="https://news.example.org/after">Next on the page</a>
    </>,
  );
  const clear = screen.getByRole('button', { name: 'Clear search' });
  const stops: Array<Element | null> = [];
  for (let step = 0; step < 4; step += 1) {
    await user.tab();
    stops.push(document.activeElement);
  }
  expect(stops).not.toContain(clear);
  expect(stops).toContain(screen.getByRole('searchbox'));
});
