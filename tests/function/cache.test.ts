import { describe, expect, it, vi } from 'vitest';
import { AnswerCache } from '../../supabase/functions/fetch-news/lib/cache.ts';
import type { NewsAnswer } from '../../supabase/functions/fetch-news/lib/types.ts';

const CONFIG = { ttlMs: 300_000, failureTtlMs: 30_000 };

function answer(tag: string, ok = true): NewsAnswer {
  return {
    stories: ok ? [{ id: tag, title: tag, summary: '', source: 'S', url: `https://x/${tag}`, published_at: '2025-01-01T00:00:00.000Z', category: 'World' }] : [],
    generated_at: tag,
    sources: [{ name: 'S', ok, count: ok ? 1 : 0, ...(ok ? {} : { error: 'HTTP 500' }) }],
  };
}

describe('AnswerCache', () => {
  it('serves from memory for 5 minutes, then refreshes', async () => {
    let now = 0;
    const refresh = vi.fn(async () => answer(`t${now}`));
    const cache = new AnswerCache(refresh, CONFIG, () => now);
    expect((await cache.get()).hit).toBe(false);
    now = 299_999;
    const second = await cache.get();
    expect(second).toMatchObject({ hit: true, expiresAt: 300_000 });
    expect(second.answer.generated_at).toBe('t0');
    now = 300_000;
    expect((await cache.get()).answer.generated_at).toBe('t300000');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('shares one refresh between concurrent requests (single flight)', async () => {
    let release: (value: NewsAnswer) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<NewsAnswer>((resolve) => (release = resolve)));
    const cache = new AnswerCache(refresh, CONFIG, () => 0);
    const calls = [cache.get(), cache.get(), cache.get()];
    release(answer('one'));
    const results = await Promise.all(calls);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r.answer.generated_at))).toEqual(new Set(['one']));
  });

  it('serves the last good answer, marked stale, when every source fails; retries after 30 s', async () => {
    let now = 0;
    const answers = [answer('good'), answer('bad', false), answer('better')];
    const cache = new AnswerCache(async () => answers.shift() ?? answer('x'), CONFIG, () => now);
    await cache.get();
    now = 300_000;
    const stale = await cache.get();
    expect(stale.answer).toMatchObject({ generated_at: 'good', stale: true });
    expect(stale.answer.stories).toHaveLength(1);
    expect(stale.answer.sources[0]).toMatchObject({ ok: false, error: 'HTTP 500' });
    expect(stale.expiresAt).toBe(330_000);
    now = 330_000;
    const fresh = await cache.get();
    expect(fresh.answer.generated_at).toBe('better');
    expect(fresh.answer.stale).toBeUndefined();
  });

  it('answers the failure itself when there is no earlier good answer', async () => {
    const cache = new AnswerCache(async () => answer('bad', false), CONFIG, () => 0);
    const result = await cache.get();
    expect(result.answer.stories).toEqual([]);
    expect(result.answer.stale).toBeUndefined();
    expect(result.expiresAt).toBe(30_000);
  });

  it('lets a refresh that throws reach the caller, or serves stale if it can', async () => {
    let now = 0;
    let fail = true;
    const cache = new AnswerCache(
      async () => {
        if (fail) throw new Error('boom');
        return answer('ok');
      },
      CONFIG,
      () => now,
    );
    await expect(cache.get()).rejects.toThrow('boom');
    fail = false;
    await cache.get();
    fail = true;
    now = 400_000;
    expect((await cache.get()).answer).toMatchObject({ generated_at: 'ok', stale: true });
  });
});
