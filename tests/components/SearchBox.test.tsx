// @vitest-environment jsdom
import { createRef, useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { SearchBox } from '../../src/components/SearchBox.tsx';
import { renderWithTheme } from './render.tsx';

/** The parent owns the value, as the app does. */
function ControlledSearchBox({ onChange }: { onChange(value: string): void }) {
  const [value, setValue] = useState('');
  return (
    <SearchBox
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

test('is a searchbox named "Search news stories" with the placeholder "Search news stories..."', () => {
  renderWithTheme(<SearchBox value="" onChange={() => {}} />);
  const input = screen.getByRole('searchbox', { name: 'Search news stories' });
  expect(input).toHaveAttribute('placeholder', 'Search news stories...');
  expect(input).toHaveValue('');
});

test('reports every keystroke', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<ControlledSearchBox onChange={onChange} />);
  await user.type(screen.getByRole('searchbox', { name: 'Search news stories' }), 'mars');
  expect(onChange).toHaveBeenLastCalledWith('mars');
  expect(screen.getByRole('searchbox')).toHaveValue('mars');
});

test('shows the clear button only when there is text, and it clears', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<ControlledSearchBox onChange={onChange} />);
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
  renderWithTheme(<ControlledSearchBox onChange={onChange} />);
  await user.type(screen.getByRole('searchbox'), 'climate');
  await user.keyboard('{Escape}');
  expect(onChange).toHaveBeenLastCalledWith('');
  expect(screen.getByRole('searchbox')).toHaveValue('');
});

test('the "/" hint is hidden from assistive technology, and not shown once there is text', () => {
  const { rerender } = renderWithTheme(<SearchBox value="" onChange={() => {}} />);
  const hint = screen.getByText('/');
  expect(hint).toHaveAttribute('aria-hidden', 'true');
  expect(hint).toBeVisible();
  rerender(<SearchBox value="x" onChange={() => {}} />);
  expect(hint).not.toBeVisible();
  rerender(<SearchBox value="" onChange={() => {}} />);
  expect(hint).toBeVisible();
});

test('forwards inputRef to the input, so the app can focus it on "/"', () => {
  const inputRef = createRef<HTMLInputElement>();
  renderWithTheme(<SearchBox value="" onChange={() => {}} inputRef={inputRef} />);
  expect(inputRef.current).toBe(screen.getByRole('searchbox'));
});
