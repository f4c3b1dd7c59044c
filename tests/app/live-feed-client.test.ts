/**
 * The feed call comes in a chunk of its own. If that chunk fails to load (a flaky
 * connection), the failure is not remembered: the next feed call ("Try Again", the retry)
 * loads it again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('../../src/app/feed-request.ts');
  vi.resetModules();
});

describe('loadFeedRequest', () => {
  it('tries a chunk that failed to load again on the next call', async () => {
    vi.doMock('../../src/app/feed-request.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { loadFeedRequest } = await import('../../src/app/live-feed.ts');
    await expect(loadFeedRequest()).rejects.toThrow();

    vi.doUnmock('../../src/app/feed-request.ts');
    const chunk = await loadFeedRequest();
    expect(typeof chunk.callFeed).toBe('function');
    // Once loaded, the one module is kept.
    expect(await loadFeedRequest()).toBe(chunk);
  });
});
