/**
 * The backend client comes in a chunk of its own. If that chunk fails to load (a flaky
 * connection), the failure is not remembered: the next feed call ("Try Again", the retry)
 * loads it again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('@supabase/supabase-js');
  vi.resetModules();
  vi.unstubAllGlobals();
});

describe('getClient', () => {
  it('tries a chunk that failed to load again on the next call', async () => {
    // supabase-js refuses to start on Node 20 without a WebSocket class (see live-feed.test.ts).
    if (!('WebSocket' in globalThis)) vi.stubGlobal('WebSocket', class {});
    vi.doMock('@supabase/supabase-js', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { getClient } = await import('../../src/app/live-feed.ts');
    await expect(getClient()).rejects.toThrow();

    vi.doUnmock('@supabase/supabase-js');
    const client = await getClient();
    expect(typeof client.functions.invoke).toBe('function');
    // Once loaded, the one client is kept.
    expect(await getClient()).toBe(client);
  });
});
