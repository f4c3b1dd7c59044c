// @vitest-environment jsdom
/**
 * The page reloading itself (a part a deploy removed, or a new version: src/browser/on-demand.ts,
 * docs/product.md#when-the-page-cannot-load) opens again with what the visitor typed: the text
 * still inside the query's 300 ms pause goes into the URL at once. A file of its own: a page
 * reloads once, and jsdom only pretends to.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../src/browser/on-demand.ts';
import { renderApp, showLiveStories, storyArea } from './harness.tsx';

const searchbox = () => screen.getByRole('searchbox', { name: 'Search news stories' });

describe('a page that reloads itself', () => {
  it('writes the text typed inside the pause into the URL first, keeping the other filters, without waiting for the pause', async () => {
    const { backend, router } = await renderApp({ path: '/?category=Science' });
    await showLiveStories(backend);
    // The pause's clock stands still: only the reload can put the text into the URL.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => {
        fireEvent.change(searchbox(), { target: { value: 'reuters' } });
      });
      expect(router.history.location.search).toBe('?category=Science');
      // jsdom cannot reload ("Not implemented: navigation"): the URL is what the reloaded page would open.
      reloadPage();
      expect(new URLSearchParams(router.history.location.search)).toEqual(new URLSearchParams('category=Science&q=reuters'));
      expect(router.history.length).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(searchbox()).toHaveValue('reuters');
    expect(storyArea()).toHaveAttribute('data-query', 'reuters');
  });
});
