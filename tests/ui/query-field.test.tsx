// @vitest-environment jsdom
import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { QUERY_COMMIT_DELAY_MS, QueryField } from '../../src/app/QueryField.tsx';
import { renderWithTheme } from '../components/render.tsx';

/** A page whose query catches up with the box's commits only when the test says so (a slow URL update). */
function Page({ onCommit, replaceRef }: { onCommit(query: string): void; replaceRef: { current: (query: string) => void } }) {
  const [query, setQuery] = useState('');
  replaceRef.current = setQuery;
  return <QueryField query={query} onCommit={onCommit} />;
}

const box = () => screen.getByRole('searchbox', { name: 'Search news stories' });

test('commits once per pause, and keeps keys typed while its own commit comes back', async () => {
  const user = userEvent.setup();
  const onCommit = vi.fn();
  const replaceRef = { current: (_query: string) => {} };
  renderWithTheme(<Page onCommit={onCommit} replaceRef={replaceRef} />);
  await user.type(box(), 'ha');
  await waitFor(() => expect(onCommit).toHaveBeenCalledWith('ha'));
  expect(onCommit).toHaveBeenCalledTimes(1);
  // Typed after the pause, before the page has caught up with "ha".
  await user.type(box(), 'rb');
  act(() => replaceRef.current('ha'));
  expect(box()).toHaveValue('harb');
  await waitFor(() => expect(onCommit).toHaveBeenLastCalledWith('harb'));
  // Two commits on the way: the older one coming back changes nothing either.
  await user.type(box(), 'our');
  await waitFor(() => expect(onCommit).toHaveBeenLastCalledWith('harbour'));
  act(() => replaceRef.current('harb'));
  expect(box()).toHaveValue('harbour');
  act(() => replaceRef.current('harbour'));
  expect(box()).toHaveValue('harbour');
  expect(onCommit.mock.calls).toEqual([['ha'], ['harb'], ['harbour']]);
});

test('a query changed elsewhere replaces the text', async () => {
  const user = userEvent.setup();
  const onCommit = vi.fn();
  const replaceRef = { current: (_query: string) => {} };
  renderWithTheme(<Page onCommit={onCommit} replaceRef={replaceRef} />);
  await user.type(box(), 'rail');
  await waitFor(() => expect(onCommit).toHaveBeenCalledWith('rail'));
  act(() => replaceRef.current('rail'));
  act(() => replaceRef.current('tax'));
  expect(box()).toHaveValue('tax');
  await new Promise((resolve) => setTimeout(resolve, QUERY_COMMIT_DELAY_MS * 2));
  expect(onCommit).toHaveBeenCalledTimes(1);
});
