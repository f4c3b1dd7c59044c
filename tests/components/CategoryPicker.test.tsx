// @vitest-environment jsdom
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { CategoryPicker } from '../../src/search/later/CategoryPicker.tsx';
import { renderWithTheme } from './render.tsx';

const CATEGORIES = ['Finance', 'Health', 'Science', 'Sports'];

function ControlledPicker({ initial = [], onChange }: { initial?: string[]; onChange(selected: string[]): void }) {
  const [selected, setSelected] = useState(initial);
  return (
    <CategoryPicker
      categories={CATEGORIES}
      selected={selected}
      onChange={(next) => {
        setSelected(next);
        onChange(next);
      }}
    />
  );
}

test('the button is named "Categories" and shows no badge when nothing is selected', () => {
  renderWithTheme(<CategoryPicker categories={CATEGORIES} selected={[]} onChange={() => {}} />);
  const button = screen.getByRole('button', { name: 'Categories' });
  expect(button).toHaveTextContent(/^Categories$/);
});

test('with N selected, the name starts with "Categories" and the badge shows N', () => {
  renderWithTheme(<CategoryPicker categories={CATEGORIES} selected={['Health', 'Sports']} onChange={() => {}} />);
  const button = screen.getByRole('button', { name: /^Categories/ });
  expect(button).toHaveAccessibleName('Categories 2 selected');
  expect(within(button).getByText('2')).toBeVisible();
});

test('opens a menu with one checkable item per category, reflecting the selection', async () => {
  const user = userEvent.setup();
  renderWithTheme(<CategoryPicker categories={CATEGORIES} selected={['Science']} onChange={() => {}} />);
  await user.click(screen.getByRole('button', { name: /^Categories/ }));

  const menu = screen.getByRole('menu');
  const items = within(menu).getAllByRole('menuitemcheckbox');
  expect(items.map((item) => item.textContent)).toEqual(CATEGORIES);
  expect(within(menu).getByRole('menuitemcheckbox', { name: 'Science' })).toHaveAttribute('aria-checked', 'true');
  expect(within(menu).getByRole('menuitemcheckbox', { name: 'Health' })).toHaveAttribute('aria-checked', 'false');
});

test('toggling items reports the new selection, updates the badge and keeps the menu open', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<ControlledPicker onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: 'Categories' }));

  await user.click(screen.getByRole('menuitemcheckbox', { name: 'Science' }));
  expect(onChange).toHaveBeenLastCalledWith(['Science']);
  await user.click(screen.getByRole('menuitemcheckbox', { name: 'Finance' }));
  expect(onChange).toHaveBeenLastCalledWith(['Science', 'Finance']);

  expect(screen.getByRole('menu')).toBeInTheDocument();
  expect(screen.getByRole('menuitemcheckbox', { name: 'Finance' })).toHaveAttribute('aria-checked', 'true');

  await user.click(screen.getByRole('menuitemcheckbox', { name: 'Science' }));
  expect(onChange).toHaveBeenLastCalledWith(['Finance']);

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Categories 1 selected' })).toHaveTextContent('Categories 1 selected');
});

test('works with the keyboard: Enter opens, arrows move, Space toggles without closing', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<ControlledPicker onChange={onChange} />);
  await user.tab();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('menuitemcheckbox', { name: 'Finance' })).toHaveFocus();

  await user.keyboard('{ArrowDown}');
  await user.keyboard(' ');
  expect(onChange).toHaveBeenLastCalledWith(['Health']);
  expect(screen.getByRole('menu')).toBeInTheDocument();

  await user.keyboard('{ArrowDown}{Enter}');
  expect(onChange).toHaveBeenLastCalledWith(['Health', 'Science']);
  expect(screen.getByRole('menu')).toBeInTheDocument();
});

test('is disabled when there are no categories, or when asked', () => {
  const { rerender } = renderWithTheme(<CategoryPicker categories={[]} selected={[]} onChange={() => {}} />);
  expect(screen.getByRole('button', { name: 'Categories' })).toBeDisabled();
  rerender(<CategoryPicker categories={CATEGORIES} selected={[]} onChange={() => {}} isDisabled />);
  expect(screen.getByRole('button', { name: 'Categories' })).toBeDisabled();
});

test('a check mark shows beside each chosen category, and only there', async () => {
  const user = userEvent.setup();
  renderWithTheme(<CategoryPicker categories={CATEGORIES} selected={['Health', 'Sports']} onChange={() => {}} />);
  await user.click(screen.getByRole('button', { name: /^Categories/ }));
  const marked = screen.getAllByRole('menuitemcheckbox').filter((item) => item.querySelector('svg') !== null);
  expect(marked.map((item) => item.textContent)).toEqual(['Health', 'Sports']);
});

test('selecting all at once (Ctrl+A) reports every category', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  renderWithTheme(<CategoryPicker categories={CATEGORIES} selected={[]} onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: 'Categories' }));
  await user.keyboard('{Control>}a{/Control}');
  expect(onChange).toHaveBeenLastCalledWith(CATEGORIES);
});
