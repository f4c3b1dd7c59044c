// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { SavedToggle } from '../../src/bookmarks/SavedToggle.tsx';
import { renderWithTheme } from './render.tsx';

test('is a toggle button named exactly "Saved" with aria-pressed from props', () => {
  const { rerender } = renderWithTheme(<SavedToggle isSelected={false} onChange={() => {}} />);
  expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'false');
  rerender(<SavedToggle isSelected onChange={() => {}} />);
  expect(screen.getByRole('button', { name: 'Saved', pressed: true })).toBeInTheDocument();
});

test('shows the count without changing the name', () => {
  renderWithTheme(<SavedToggle isSelected={false} onChange={() => {}} count={4} />);
  const button = screen.getByRole('button', { name: 'Saved' });
  expect(button).toHaveTextContent('Saved4');
});

test('pressing reports the next state', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  const { rerender } = renderWithTheme(<SavedToggle isSelected={false} onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: 'Saved' }));
  expect(onChange).toHaveBeenLastCalledWith(true);

  rerender(<SavedToggle isSelected onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: 'Saved' }));
  expect(onChange).toHaveBeenLastCalledWith(false);
});
