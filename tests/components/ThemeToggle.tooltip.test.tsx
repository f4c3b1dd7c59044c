// @vitest-environment jsdom
// Own file: RAC keeps tooltip warm-up state in module globals, and vitest isolates modules per file.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ThemeToggle } from '../../src/appearance/later/ThemeToggle.tsx';
import { renderWithTheme } from './render.tsx';

// fireEvent, not user-event: user-event's async wrapper waits on a setTimeout(0) that
// vitest's fake timers never run.
beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-theme');
  // Let RAC's global cool-down run out so no test starts warmed up.
  act(() => vi.advanceTimersByTime(5000));
  vi.useRealTimers();
});

function hover(element: HTMLElement) {
  fireEvent.pointerMove(element, { pointerType: 'mouse' });
  fireEvent.pointerEnter(element, { pointerType: 'mouse' });
}

function unhover(element: HTMLElement) {
  fireEvent.pointerLeave(element, { pointerType: 'mouse' });
}

function wait(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

test('the tooltip shows the button name after a 700 ms hover', () => {
  renderWithTheme(<ThemeToggle theme="light" onToggle={() => {}} />);
  hover(screen.getByRole('button', { name: 'Switch to dark theme' }));
  wait(699);
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  wait(1);
  expect(screen.getByRole('tooltip')).toHaveTextContent('Switch to dark theme');
});

test('the tooltip closes 300 ms after the pointer leaves', () => {
  document.documentElement.dataset.theme = 'dark';
  renderWithTheme(<ThemeToggle theme="dark" onToggle={() => {}} />);
  const button = screen.getByRole('button', { name: 'Switch to light theme' });
  hover(button);
  wait(700);
  expect(screen.getByRole('tooltip')).toHaveTextContent('Switch to light theme');
  unhover(button);
  wait(299);
  expect(screen.getByRole('tooltip')).toBeInTheDocument();
  wait(1);
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
});

test('coming back within 300 ms skips the open delay', () => {
  renderWithTheme(<ThemeToggle theme="light" onToggle={() => {}} />);
  const button = screen.getByRole('button', { name: 'Switch to dark theme' });
  hover(button);
  wait(700);
  unhover(button);
  wait(250);
  hover(button);
  wait(400);
  expect(screen.getByRole('tooltip')).toBeInTheDocument();
});

test('keyboard focus shows the tooltip without the hover delay', () => {
  renderWithTheme(<ThemeToggle theme="light" onToggle={() => {}} />);
  fireEvent.keyDown(document.body, { key: 'Tab' });
  act(() => screen.getByRole('button', { name: 'Switch to dark theme' }).focus());
  expect(screen.getByRole('tooltip')).toHaveTextContent('Switch to dark theme');
});
