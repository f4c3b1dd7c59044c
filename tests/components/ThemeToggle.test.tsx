// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { ThemeToggle } from '../../src/appearance/later/ThemeToggle.tsx';
import { renderWithTheme } from './render.tsx';

afterEach(() => document.documentElement.removeAttribute('data-theme'));

/** The toggle in `theme`, as the page has it: the theme on the document too (theme-boot, then the theme machine). */
function setup(theme: 'light' | 'dark') {
  document.documentElement.dataset.theme = theme;
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

test('shows one face: the moon in the light theme, the sun in the dark one', () => {
  setup('dark');
  const button = screen.getByRole('button', { name: 'Switch to light theme' });
  expect(button).not.toHaveAccessibleName(/dark/);
  expect(screen.queryByRole('button', { name: /Switch to dark theme/ })).toBeNull();
});

test('works from the keyboard', async () => {
  const { user, onToggle } = setup('light');
  await user.tab();
  expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await user.keyboard(' ');
  expect(onToggle).toHaveBeenCalledTimes(2);
});
