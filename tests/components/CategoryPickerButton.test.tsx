// @vitest-environment jsdom
/**
 * The Categories button before its first press (src/search/CategoryPickerButton.tsx): a plain
 * button that becomes the real menu when pressed, open, focused as React Aria's trigger would
 * focus it: the first item from the keyboard, the selected one from a pointer. The menu is given,
 * as the page gives it once its later part has come (src/app/HomePage.tsx).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { CategoryPickerButton } from '../../src/search/CategoryPickerButton.tsx';
import { CategoryPicker } from '../../src/search/later/CategoryPicker.tsx';
import { renderWithTheme } from './render.tsx';

const CATEGORIES = ['Finance', 'Health', 'Science'];
const ask = () => Promise.resolve();

test('before a press it is a button named "Categories" that says it opens a menu, closed', () => {
  renderWithTheme(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={CATEGORIES} selected={[]} onChange={() => {}} />);
  const button = screen.getByRole('button', { name: 'Categories' });
  expect(button).toHaveAttribute('aria-haspopup', 'menu');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toBeEnabled();
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});

test('its name counts the selected categories', () => {
  renderWithTheme(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={CATEGORIES} selected={['Health', 'Science']} onChange={() => {}} />);
  expect(screen.getByRole('button', { name: 'Categories 2 selected' })).toBeInTheDocument();
});

test('disabled, it cannot be pressed', () => {
  renderWithTheme(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={CATEGORIES} selected={[]} onChange={() => {}} isDisabled />);
  expect(screen.getByRole('button', { name: 'Categories' })).toBeDisabled();
});

test('a mouse click opens the menu with every category, focus on the one selected, and a choice is reported', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={CATEGORIES} selected={['Health']} onChange={onChange} />);
  // A mouse click (detail 1). user-event's click would go on pressing the real button that replaced it.
  fireEvent.click(screen.getByRole('button', { name: 'Categories 1 selected' }), { detail: 1 });

  const menu = await screen.findByRole('menu');
  expect(within(menu).getAllByRole('menuitemcheckbox').map((item) => item.textContent)).toEqual(CATEGORIES);
  expect(within(menu).getByRole('menuitemcheckbox', { name: 'Health' })).toHaveAttribute('aria-checked', 'true');
  // As React Aria's own trigger opens it for a pointer: at the selection, not the first item.
  await waitFor(() => expect(within(menu).getByRole('menuitemcheckbox', { name: 'Health' })).toHaveFocus());
  await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Science' }));
  expect(onChange).toHaveBeenLastCalledWith(['Health', 'Science']);
});

test('Enter opens the menu on its keyup, with the first category focused', async () => {
  const user = userEvent.setup();
  renderWithTheme(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={CATEGORIES} selected={[]} onChange={() => {}} />);
  const button = screen.getByRole('button', { name: 'Categories' });
  button.focus();
  await user.keyboard('{Enter>}');
  // Still the stand-in while Enter is down: the menu would take the key's keyup otherwise.
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  await user.keyboard('{/Enter}');
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(within(menu).getByRole('menuitemcheckbox', { name: 'Finance' })).toHaveFocus());
});

test('a mouse click with nothing selected focuses the menu itself, not its first item', async () => {
  renderWithTheme(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={CATEGORIES} selected={[]} onChange={() => {}} />);
  fireEvent.click(screen.getByRole('button', { name: 'Categories' }), { detail: 1 });
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(menu).toHaveFocus());
});

test('a keyup of Enter that went down elsewhere, or of another key, opens nothing', async () => {
  const user = userEvent.setup();
  renderWithTheme(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={CATEGORIES} selected={[]} onChange={() => {}} />);
  const button = screen.getByRole('button', { name: 'Categories' });
  button.focus();
  await user.keyboard('{/Enter}');
  await user.keyboard('{a}');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('only a keyup of the Enter that went down on it opens the menu; other keys keep their default', () => {
  renderWithTheme(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={CATEGORIES} selected={[]} onChange={() => {}} />);
  const button = screen.getByRole('button', { name: 'Categories' });
  // fireEvent returns false when a listener prevented the default.
  expect(fireEvent.keyDown(button, { key: ' ' })).toBe(true);
  fireEvent.keyUp(button, { key: 'Enter' });
  expect(fireEvent.keyDown(button, { key: 'Enter' })).toBe(false);
  fireEvent.keyUp(button, { key: 'a' });
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(button).toHaveAttribute('aria-haspopup', 'menu');
});

test('a press while there are no categories yet opens the menu when they come', async () => {
  const { rerender } = renderWithTheme(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={[]} selected={[]} onChange={() => {}} />);
  fireEvent.click(screen.getByRole('button', { name: 'Categories' }), { detail: 1 });
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Categories' })).toHaveAttribute('aria-haspopup', 'menu');

  act(() => rerender(<CategoryPickerButton Picker={CategoryPicker} onAsk={ask} categories={CATEGORIES} selected={[]} onChange={() => {}} />));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getAllByRole('menuitemcheckbox')).toHaveLength(3);
});
