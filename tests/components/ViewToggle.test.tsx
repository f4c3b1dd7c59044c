// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { BookmarkIcon, FollowIcon } from '../../src/ui/icons.tsx';
import { ViewToggle } from '../../src/ui/ViewToggle.tsx';
import { renderWithTheme } from './render.tsx';

test.each([
  ['Saved', BookmarkIcon],
  ['Following', FollowIcon],
])('is a toggle button named exactly "%s" with aria-pressed from props', (label, Icon) => {
  const { rerender } = renderWithTheme(<ViewToggle label={label} Icon={Icon} isSelected={false} onChange={() => {}} />);
  expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'false');
  rerender(<ViewToggle label={label} Icon={Icon} isSelected onChange={() => {}} />);
  expect(screen.getByRole('button', { name: label, pressed: true })).toBeInTheDocument();
});

test('shows the count without changing the name', () => {
  renderWithTheme(<ViewToggle label="Saved" Icon={BookmarkIcon} isSelected={false} onChange={() => {}} count={4} />);
  const button = screen.getByRole('button', { name: 'Saved' });
  expect(button).toHaveTextContent('Saved4');
});

test('pressing reports the next state', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  const { rerender } = renderWithTheme(<ViewToggle label="Following" Icon={FollowIcon} isSelected={false} onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: 'Following' }));
  expect(onChange).toHaveBeenLastCalledWith(true);

  rerender(<ViewToggle label="Following" Icon={FollowIcon} isSelected onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: 'Following' }));
  expect(onChange).toHaveBeenLastCalledWith(false);
});
