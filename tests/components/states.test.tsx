// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { DemoNotice } from '../../src/feed/DemoNotice.tsx';
import { EmptyState } from '../../src/stories/later/EmptyState.tsx';
import { ErrorState } from '../../src/stories/ErrorState.tsx';
import { renderWithTheme } from './render.tsx';

test('the demo notice is a status with the exact demo text', () => {
  renderWithTheme(<DemoNotice />);
  expect(screen.getByRole('status')).toHaveTextContent(
    /^Currently showing demo content\. The live news feed will be available once API access is configured\.$/,
  );
});

test('the empty state says no stories were found', () => {
  renderWithTheme(<EmptyState />);
  expect(screen.getByRole('heading', { level: 2, name: 'No stories found' })).toBeInTheDocument();
  expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('the empty state offers "Clear filters" when given a handler', async () => {
  const user = userEvent.setup();
  const onClearFilters = vi.fn();
  renderWithTheme(<EmptyState onClearFilters={onClearFilters} />);
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(onClearFilters).toHaveBeenCalledTimes(1);
});

test('the error state is an alert with a "Try Again" button', async () => {
  const user = userEvent.setup();
  const onRetry = vi.fn();
  renderWithTheme(<ErrorState onRetry={onRetry} />);
  const alert = screen.getByRole('alert');
  expect(within(alert).getByRole('heading', { name: 'Error Loading News' })).toBeInTheDocument();
  expect(within(alert).getByText('Failed to fetch the latest stories')).toBeInTheDocument();
  await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('while retrying, "Try Again" keeps its name but ignores presses', async () => {
  const user = userEvent.setup();
  const onRetry = vi.fn();
  renderWithTheme(<ErrorState onRetry={onRetry} isRetrying />);
  const button = screen.getByRole('button', { name: 'Try Again' });
  expect(button).toHaveAttribute('aria-disabled', 'true');
  await user.click(button);
  expect(onRetry).not.toHaveBeenCalled();
});
