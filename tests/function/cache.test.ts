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

describe('AnswerCache: which answers count as failures, and for how long each is kept', () => {
  const mixed = (tag: string): NewsAnswer => ({
    ...answer(tag),
    sources: [
      { name: 'S', ok: true, count: 1 },
      { name: 'T', ok: false, count: 0, error: 'timeout' },
    ],
  });

  it('keeps an answer in which only some sources failed for the full 5 minutes, as it is', async () => {
    let now = 1_000;
    const cache = new AnswerCache(async () => mixed(`t${now}`), CONFIG, () => now);
    const first = await cache.get();
    expect(first).toEqual({ answer: mixed('t1000'), expiresAt: 301_000, hit: false });
    now = 2_000;
    expect(await cache.get()).toEqual({ answer: mixed('t1000'), expiresAt: 301_000, hit: true });
  });

  it('keeps an answer with no sources at all for the full 5 minutes (nothing failed)', async () => {
    const empty: NewsAnswer = { stories: [], generated_at: 'none', sources: [] };
    const cache = new AnswerCache(async () => empty, CONFIG, () => 0);
    expect(await cache.get()).toEqual({ answer: empty, expiresAt: 300_000, hit: false });
  });

  it('serves the last good answer when a later refresh throws, and tries again after 30 s', async () => {
    let now = 0;
    let fail = false;
    const refresh = vi.fn(async () => {
      if (fail) throw new Error('boom');
      return answer(`t${now}`);
    });
    const cache = new AnswerCache(refresh, CONFIG, () => now);
    await cache.get();
    fail = true;
    now = 300_000;
    const stale = await cache.get();
    expect(stale).toEqual({ answer: { ...answer('t0'), stale: true }, expiresAt: 330_000, hit: false });
    now = 329_999;
    expect((await cache.get()).hit).toBe(true);
    fail = false;
    now = 330_000;
    expect(await cache.get()).toEqual({ answer: answer('t330000'), expiresAt: 630_000, hit: false });
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('after a failure, still serves the earlier good answer (not the failed one) when the next refresh fails too', async () => {
    let now = 0;
    const answers = [answer('good'), answer('bad', false), answer('worse', false)];
    const cache = new AnswerCache(async () => answers.shift() ?? answer('x'), CONFIG, () => now);
    await cache.get();
    now = 300_000;
    await cache.get();
    now = 330_000;
    const second = await cache.get();
    expect(second.answer).toMatchObject({ generated_at: 'good', stale: true });
    expect(second.answer.stories).toEqual(answer('good').stories);
  });

  it('refreshes again after one that threw with nothing to serve', async () => {
    let calls = 0;
    const cache = new AnswerCache(
      async () => {
        calls++;
        if (calls === 1) throw new Error('boom');
        return answer('later');
      },
      CONFIG,
      () => 0,
    );
    await expect(cache.get()).rejects.toThrow('boom');
    expect((await cache.get()).answer.generated_at).toBe('later');
  });

  it('counts time on the system clock by default', async () => {
    const cache = new AnswerCache(async () => answer('now'), CONFIG);
    const before = Date.now();
    const { expiresAt } = await cache.get();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 300_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 300_000);
  });
});
