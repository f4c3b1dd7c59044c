// @vitest-environment jsdom
/**
 * When the page's other controls (menus, chips, theme toggle, toasts) load
 * (src/app/deferred-components.tsx): not while the first cards are on their way, but once the
 * story area has settled, or once it has long been waiting for a slow answer. Each test loads
 * a fresh copy of the module, whose timers start with it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Deferred = typeof import('../../src/app/deferred-components.tsx');

async function freshModule(): Promise<Deferred> {
  vi.resetModules();
  return import('../../src/app/deferred-components.tsx');
}

/** Tells, once the timers and promises due so far have run, whether `promise` has resolved. */
function watch(promise: Promise<void>): () => boolean {
  let resolved = false;
  void promise.then(() => {
    resolved = true;
  });
  return () => resolved;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the rest of the controls', () => {
  it('wait while the skeleton has waited less than WAITING_BEFORE_REST_MS, then load', async () => {
    const deferred = await freshModule();
    const mayLoad = watch(deferred.whenRestMayLoad());
    deferred.markStoryAreaWaiting();
    await vi.advanceTimersByTimeAsync(deferred.WAITING_BEFORE_REST_MS - 1);
    expect(mayLoad()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(mayLoad()).toBe(true);
    // And they do load: the theme toggle's chunk with the others.
    await expect(deferred.DeferredThemeToggle.preload()).resolves.toEqual({ default: expect.any(Function) });
  });

  it('wait for the story area to settle when the answer comes before WAITING_BEFORE_REST_MS', async () => {
    const deferred = await freshModule();
    const mayLoad = watch(deferred.whenRestMayLoad());
    const cancel = deferred.markStoryAreaWaiting();
    await vi.advanceTimersByTimeAsync(deferred.WAITING_BEFORE_REST_MS - 1);
    cancel();
    await vi.advanceTimersByTimeAsync(deferred.WAITING_BEFORE_REST_MS);
    expect(mayLoad()).toBe(false);
    deferred.markStoryAreaSettled();
    await vi.advanceTimersByTimeAsync(0);
    expect(mayLoad()).toBe(true);
  });

  it('never end the snapshot of the first cards: that waits for the story area itself', async () => {
    const deferred = await freshModule();
    const ended = watch(deferred.whenStoryAreaSettled());
    deferred.markStoryAreaWaiting();
    await vi.advanceTimersByTimeAsync(deferred.WAITING_BEFORE_REST_MS);
    expect(ended()).toBe(false);
  });
});
