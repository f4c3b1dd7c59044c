/**
 * Stand-ins for the promise actors a machine invokes (the live call, the samples chunk,
 * storage and clipboard writes), settled by the test. One helper for the machine suites and
 * the rendered-app suites: a call is recorded with its input, waits until the test settles
 * it, and is forgotten when the machine abandons it (its signal aborts).
 */
import { fromPromise } from 'xstate';

export interface FakeCall {
  src: string;
  input: unknown;
  signal: AbortSignal;
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

export type Outcome = { output: unknown } | { error: unknown };

export class FakeActors {
  /** Every call made, in order, settled or not. */
  readonly calls: FakeCall[] = [];
  private pending: FakeCall[] = [];
  private waiting: Array<{ src: string; take(call: FakeCall): void }> = [];

  /** A promise actor whose calls wait for the test. */
  actor<TOutput = unknown, TInput = unknown>(src: string) {
    return fromPromise<TOutput, TInput>(({ input, signal }) => this.call(src, input, signal) as Promise<TOutput>);
  }

  /** One call of `src`, as a function the code under test awaits. */
  call(src: string, input: unknown, signal: AbortSignal): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const call: FakeCall = { src, input, signal, resolve, reject };
      this.calls.push(call);
      // The caller gave up on the call (a machine left the invoking state): it is abandoned.
      signal.addEventListener('abort', () => this.drop(call));
      const taker = this.waiting.find((waiter) => waiter.src === src);
      if (taker) {
        this.waiting.splice(this.waiting.indexOf(taker), 1);
        taker.take(call);
      } else {
        this.pending.push(call);
      }
    });
  }

  /** How many calls of `src` were made. */
  count(src: string): number {
    return this.calls.filter((call) => call.src === src).length;
  }

  /** Whether a call of `src` waits to be settled. */
  isPending(src: string): boolean {
    return this.pending.some((call) => call.src === src);
  }

  /** Settles the oldest waiting call of `src` now; throws if there is none. */
  settle(src: string, outcome: Outcome): void {
    const call = this.pending.find((waiting) => waiting.src === src);
    if (!call) throw new Error(`No ${src} call is pending`);
    this.drop(call);
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
  }

  /** The oldest waiting call of `src`, or the next one once the code under test makes it. */
  nextCall(src: string): Promise<FakeCall> {
    const call = this.pending.find((waiting) => waiting.src === src);
    if (call) {
      this.drop(call);
      return Promise.resolve(call);
    }
    return new Promise((take) => this.waiting.push({ src, take }));
  }

  private drop(call: FakeCall) {
    this.pending = this.pending.filter((other) => other !== call);
  }
}
