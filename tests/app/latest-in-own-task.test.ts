// @vitest-environment jsdom
/**
 * Work moved out of the current task (src/app/browser.ts, latestInOwnTasks): keeping the
 * stories for the next visit runs after the answer's render, a step per task, yet a quick
 * reload loses nothing.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { latestInOwnTasks } from '../../src/app/browser.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('runs the work in a later task, not in the caller’s', () => {
  const work = vi.fn();
  latestInOwnTasks()(work);
  expect(work).not.toHaveBeenCalled();
  vi.runAllTimers();
  expect(work).toHaveBeenCalledOnce();
});

it('runs each step in a task of its own, in order', () => {
  const order: string[] = [];
  latestInOwnTasks()(
    () => void order.push('serialize'),
    () => void order.push('write'),
  );
  vi.advanceTimersToNextTimer();
  expect(order).toEqual(['serialize']);
  vi.advanceTimersToNextTimer();
  expect(order).toEqual(['serialize', 'write']);
});

it('a step that returns false drops the steps after it', () => {
  const after = vi.fn();
  latestInOwnTasks()(() => false, after);
  vi.runAllTimers();
  expect(after).not.toHaveBeenCalled();
});

it('runs only the latest of the works given before their tasks, even once one has started', () => {
  const soon = latestInOwnTasks();
  const first = vi.fn();
  const started = vi.fn();
  const dropped = vi.fn();
  const latest = vi.fn();
  soon(first);
  soon(started, dropped);
  vi.advanceTimersToNextTimer();
  soon(latest);
  vi.runAllTimers();
  expect([first, started, dropped, latest].map((step) => step.mock.calls.length)).toEqual([0, 1, 0, 1]);
});

it('leaving the page runs the waiting steps at once, and only once', () => {
  const steps = [vi.fn(), vi.fn(), vi.fn(() => false), vi.fn()];
  latestInOwnTasks()(...steps);
  vi.advanceTimersToNextTimer();
  window.dispatchEvent(new Event('pagehide'));
  expect(steps.map((step) => step.mock.calls.length)).toEqual([1, 1, 1, 0]);
  vi.runAllTimers();
  window.dispatchEvent(new Event('pagehide'));
  expect(steps.map((step) => step.mock.calls.length)).toEqual([1, 1, 1, 0]);
});

it('after a run, new work gets a task of its own again', () => {
  const soon = latestInOwnTasks();
  const first = vi.fn();
  const second = vi.fn();
  soon(first);
  vi.runAllTimers();
  soon(second);
  expect(second).not.toHaveBeenCalled();
  vi.runAllTimers();
  expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
});
