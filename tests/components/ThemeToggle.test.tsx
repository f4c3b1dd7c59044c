// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ThemeToggle } from '../../src/appearance/ThemeToggle.tsx';
import { renderWithTheme } from './render.tsx';

function setup(theme: 'light' | 'dark') {
  const onToggle = vi.fn();
  const user = userEvent.setup();
  renderWithTheme(<ThemeToggle theme={theme} onToggle={onToggle} />);
  return { user, onToggle };
}

test('in the light theme it offers the dark theme and calls onToggle when pressed', async () => {
  const { user, onToggle } = setup('light');
  await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
  expect(onToggle).toHaveBeenCalledTimes(1);
});

test('in the dark theme it offers the light theme', async () => {
  const { user, onToggle } = setup('dark');
  await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
  expect(onToggle).toHaveBeenCalledTimes(1);
});

test('works from the keyboard', async () => {
  const { user, onToggle } = setup('light');
  await user.tab();
  expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await user.keyboard(' ');
  expect(onToggle).toHaveBeenCalledTimes(2);
});
