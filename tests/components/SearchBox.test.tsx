// @vitest-environment jsdom
import { createRef, useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { SearchBox } from '../../src/search/SearchBox.tsx';
import { renderWithTheme } from './render.tsx';

/** The box with its text held by a caller, as the page holds it (in the search machine). */
function Host({ initial = '', onChange = () => {}, onClear = () => {} }: { initial?: string; onChange?(value: string): void; onClear?(): void }) {
  const [value, setValue] = useState(initial);
  return (
    <SearchBox
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      onClear={() => {
        setValue('');
        onClear();
      }}
    />
  );
}

test('is a searchbox named "Search news stories" with the placeholder "Search news stories..."', () => {
  renderWithTheme(<Host />);
  const input = screen.getByRole('searchbox', { name: 'Search news stories' });
  expect(input).toHaveAttribute('placeholder', 'Search news stories...');
  expect(input).toHaveValue('');
});

test('reports every keystroke', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<Host onChange={onChange} />);
  await user.type(screen.getByRole('searchbox', { name: 'Search news stories' }), 'mars');
  expect(onChange).toHaveBeenLastCalledWith('mars');
  expect(screen.getByRole('searchbox')).toHaveValue('mars');
});

test('shows the clear button only when there is text, and it clears', async () => {
  const user = userEvent.setup();
  const onClear = vi.fn();
  renderWithTheme(<Host onClear={onClear} />);
  expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

  await user.type(screen.getByRole('searchbox'), 'ai');
  await user.click(screen.getByRole('button', { name: 'Clear search' }));

  expect(onClear).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('searchbox')).toHaveValue('');
  expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
});

test('Escape clears the text', async () => {
  const user = userEvent.setup();
  const onClear = vi.fn();
  renderWithTheme(<Host onClear={onClear} />);
  await user.type(screen.getByRole('searchbox'), 'climate');
  await user.keyboard('{Escape}');
  expect(onClear).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('searchbox')).toHaveValue('');
});

test('the "/" hint is hidden from assistive technology, and not shown once there is text', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Host />);
  const hint = screen.getByText('/');
  expect(hint).toHaveAttribute('aria-hidden', 'true');
  expect(hint).toBeVisible();
  await user.type(screen.getByRole('searchbox'), 'x');
  expect(hint).not.toBeVisible();
  await user.keyboard('{Backspace}');
  expect(hint).toBeVisible();
});

test('shows the text it is given', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<Host initial="rail" onChange={onChange} />);
  expect(screen.getByRole('searchbox')).toHaveValue('rail');
  expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
  await user.type(screen.getByRole('searchbox'), 's');
  expect(onChange).toHaveBeenLastCalledWith('rails');
  expect(screen.getByRole('searchbox')).toHaveValue('rails');
});

test('forwards inputRef to the input, so the app can focus it on "/"', () => {
  const inputRef = createRef<HTMLInputElement>();
  renderWithTheme(<SearchBox value="" onChange={() => {}} onClear={() => {}} inputRef={inputRef} />);
  expect(inputRef.current).toBe(screen.getByRole('searchbox'));
});
