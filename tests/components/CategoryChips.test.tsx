// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { CategoryChips } from '../../src/search/later/CategoryChips.tsx';
import { renderWithTheme } from './render.tsx';

test('renders nothing when no category is selected', () => {
  const { container } = renderWithTheme(<CategoryChips selected={[]} onRemove={() => {}} />);
  expect(container).toBeEmptyDOMElement();
});

test('shows one chip per category, each with a "Remove {category}" button', () => {
  renderWithTheme(<CategoryChips selected={['Science', 'Sports']} onRemove={() => {}} />);
  expect(screen.getByRole('grid', { name: 'Selected categories' })).toBeInTheDocument();
  expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual(['Science', 'Sports']);
  expect(screen.getByRole('button', { name: 'Remove Science' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Remove Sports' })).toBeInTheDocument();
});

test('the remove button reports its category', async () => {
  const user = userEvent.setup();
  const onRemove = vi.fn();
  renderWithTheme(<CategoryChips selected={['Science', 'Sports']} onRemove={onRemove} />);
  await user.click(screen.getByRole('button', { name: 'Remove Sports' }));
  expect(onRemove).toHaveBeenCalledExactlyOnceWith('Sports');
});

test('Delete on a focused chip removes it', async () => {
  const user = userEvent.setup();
  const onRemove = vi.fn();
  renderWithTheme(<CategoryChips selected={['Science', 'Sports']} onRemove={onRemove} />);
  await user.tab();
  expect(screen.getByRole('row', { name: 'Science' })).toHaveFocus();
  await user.keyboard('{Delete}');
  expect(onRemove).toHaveBeenCalledExactlyOnceWith('Science');
});

test('"Clear all" appears only with onClearAll and calls it', async () => {
  const user = userEvent.setup();
  const onClearAll = vi.fn();
  const { rerender } = renderWithTheme(<CategoryChips selected={['Science']} onRemove={() => {}} />);
  expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  rerender(<CategoryChips selected={['Science']} onRemove={() => {}} onClearAll={onClearAll} />);
  await user.click(screen.getByRole('button', { name: 'Clear all' }));
  expect(onClearAll).toHaveBeenCalledTimes(1);
});
