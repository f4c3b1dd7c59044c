/**
 * @xstate/machine-extractor 0.16 (the reader behind Stately's editor and VS Code extension)
 * imports XState 4's `xstate/lib/actions` and `xstate/lib/types`, which XState 5 no longer
 * ships. It only calls these to describe inline action creators (`raise(...)`, `log(...)`)
 * found in a file; it never runs a machine. vitest.config.ts aliases both paths to this
 * module, so the reader loads beside XState 5 in the tests.
 */
const describeAction =
  (type: string) =>
  (...args: unknown[]) => ({ type: `xstate.${type}`, args });

export const after = describeAction('after');
export const assign = describeAction('assign');
export const cancel = describeAction('cancel');
export const choose = describeAction('choose');
export const done = describeAction('done');
export const escalate = describeAction('escalate');
export const forwardTo = describeAction('forwardTo');
export const log = describeAction('log');
export const pure = describeAction('pure');
export const raise = describeAction('raise');
export const respond = describeAction('respond');
export const send = describeAction('send');
export const sendParent = describeAction('sendParent');
export const sendUpdate = describeAction('sendUpdate');
export const start = describeAction('start');
export const stop = describeAction('stop');
