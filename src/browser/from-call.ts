/**
 * `fromPromise` for the page's calls: a run whose signal was aborted (its actor stopped) never
 * settles. xstate's promise actor takes a settlement whenever the actor is active again, and in
 * development React's StrictMode stops the page's actors and starts them again at once, with
 * @xstate/react keeping the same actors and their snapshots: the first run's AbortError would then
 * count as the restarted run's failure, and its real answer would be dropped (the `?follow=` answer
 * never applied). An aborted run's outcome is nobody's.
 */
import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';

export interface CallArgs<TInput> {
  input: TInput;
  signal: AbortSignal;
}

export function fromCall<TOutput, TInput = NonReducibleUnknown>(call: (args: CallArgs<TInput>) => PromiseLike<TOutput>): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        Promise.resolve(call({ input, signal })).then(
          (output) => {
            if (!signal.aborted) resolve(output);
          },
          (error: unknown) => {
            if (!signal.aborted) reject(error);
          },
        );
      }),
  );
}
