// @vitest-environment jsdom
/**
 * Work moved out of the current task (src/app/browser.ts, latestInOwnTask): keeping the
 * stories for the next visit runs after the answer's render, yet a quick reload loses nothing.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { latestInOwnTask } from '../../src/app/browser.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('runs the work in a later task, not in the caller’s', () => {
  const work = vi.fn();
  latestInOwnTask()(work);
  expect(work).not.toHaveBeenCalled();
  vi.runAllTimers();
  expect(work).toHaveBeenCalledOnce();
});

it('runs only the latest of the works given before that task', () => {
  const soon = latestInOwnTask();
  const first = vi.fn();
  const latest = vi.fn();
  soon(first);
  soon(latest);
  vi.runAllTimers();
  expect(first).not.toHaveBeenCalled();
  expect(latest).toHaveBeenCalledOnce();
});

it('leaving the page runs the waiting work at once, and only once', () => {
  const work = vi.fn();
  latestInOwnTask()(work);
  window.dispatchEvent(new Event('pagehide'));
  expect(work).toHaveBeenCalledOnce();
  vi.runAllTimers();
  window.dispatchEvent(new Event('pagehide'));
  expect(work).toHaveBeenCalledOnce();
});

it('after a run, new work gets a task of its own again', () => {
  const soon = latestInOwnTask();
  const first = vi.fn();
  const second = vi.fn();
  soon(first);
  vi.runAllTimers();
  soon(second);
  expect(second).not.toHaveBeenCalled();
  vi.runAllTimers();
  expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
});
