// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { createToastQueue, TOAST_TIMEOUT_MS } from '../../src/toasts/later/toast-queue.ts';
import { ToastRegion } from '../../src/toasts/later/Toasts.tsx';
import { renderWithTheme } from './render.tsx';

afterEach(() => {
  vi.useRealTimers();
});

test('an added toast shows its title and description in a live region', () => {
  const queue = createToastQueue();
  renderWithTheme(<ToastRegion queue={queue} />);
  act(() => {
    queue.add({ title: 'Story bookmarked', description: 'Story saved to your bookmarks', tone: 'success' });
  });

  // RAC names the landmark by count ("1 notification.") and makes each toast an alertdialog
  // whose content is role="alert".
  const region = screen.getByRole('region', { name: /notification/ });
  const toast = within(region).getByRole('alertdialog', { name: 'Story bookmarked' });
  expect(toast).toHaveAccessibleDescription('Story saved to your bookmarks');
  const alert = within(toast).getByRole('alert');
  expect(alert).toHaveTextContent('Story bookmarked');
  expect(alert).toHaveTextContent('Story saved to your bookmarks');
});

test('the close button removes the toast', async () => {
  const user = userEvent.setup();
  const queue = createToastQueue();
  renderWithTheme(<ToastRegion queue={queue} />);
  act(() => {
    queue.add({ title: 'Link copied', description: 'Story link copied to clipboard' });
  });
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
});

test('toasts close by themselves after 5 seconds', () => {
  vi.useFakeTimers();
  const queue = createToastQueue();
  renderWithTheme(<ToastRegion queue={queue} />);
  act(() => {
    queue.add({ title: 'Copy failed', description: 'Could not copy link to clipboard', tone: 'error' });
  });
  act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1));
  expect(screen.getByText('Copy failed')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.queryByText('Copy failed')).not.toBeInTheDocument();
});

test('the timeout is 5000 ms unless the caller passes another', () => {
  expect(TOAST_TIMEOUT_MS).toBe(5000);
  const queue = createToastQueue();
  queue.add({ title: 'a', description: 'b' });
  queue.add({ title: 'c', description: 'd' }, { timeout: 1000 });
  expect(queue.visibleToasts.map((toast) => toast.timeout)).toEqual([1000, 5000]);
});
