// @vitest-environment jsdom
import { createRef } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { SearchBox } from '../../src/components/SearchBox.tsx';
import { renderWithTheme } from './render.tsx';

test('is a searchbox named "Search news stories" with the placeholder "Search news stories..."', () => {
  renderWithTheme(<SearchBox onChange={() => {}} />);
  const input = screen.getByRole('searchbox', { name: 'Search news stories' });
  expect(input).toHaveAttribute('placeholder', 'Search news stories...');
  expect(input).toHaveValue('');
});

test('reports every keystroke', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<SearchBox onChange={onChange} />);
  await user.type(screen.getByRole('searchbox', { name: 'Search news stories' }), 'mars');
  expect(onChange).toHaveBeenLastCalledWith('mars');
  expect(screen.getByRole('searchbox')).toHaveValue('mars');
});

test('shows the clear button only when there is text, and it clears', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<SearchBox onChange={onChange} />);
  expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

  await user.type(screen.getByRole('searchbox'), 'ai');
  await user.click(screen.getByRole('button', { name: 'Clear search' }));

  expect(onChange).toHaveBeenLastCalledWith('');
  expect(screen.getByRole('searchbox')).toHaveValue('');
  expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
});

test('Escape clears the text', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<SearchBox onChange={onChange} />);
  await user.type(screen.getByRole('searchbox'), 'climate');
  await user.keyboard('{Escape}');
  expect(onChange).toHaveBeenLastCalledWith('');
  expect(screen.getByRole('searchbox')).toHaveValue('');
});

test('the "/" hint is hidden from assistive technology, and not shown once there is text', async () => {
  const user = userEvent.setup();
  renderWithTheme(<SearchBox onChange={() => {}} />);
  const hint = screen.getByText('/');
  expect(hint).toHaveAttribute('aria-hidden', 'true');
  expect(hint).toBeVisible();
  await user.type(screen.getByRole('searchbox'), 'x');
  expect(hint).not.toBeVisible();
  await user.keyboard('{Backspace}');
  expect(hint).toBeVisible();
});

test('starts with the text it is given, and a key renders nothing', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<SearchBox defaultValue="rail" onChange={onChange} />);
  expect(screen.getByRole('searchbox')).toHaveValue('rail');
  expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
  await user.type(screen.getByRole('searchbox'), 's');
  expect(onChange).toHaveBeenLastCalledWith('rails');
  expect(screen.getByRole('searchbox')).toHaveValue('rails');
});

test('forwards inputRef to the input, so the app can focus it on "/"', () => {
  const inputRef = createRef<HTMLInputElement>();
  renderWithTheme(<SearchBox onChange={() => {}} inputRef={inputRef} />);
  expect(inputRef.current).toBe(screen.getByRole('searchbox'));
});
