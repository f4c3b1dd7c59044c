import { fromPromise } from 'xstate';

/**
 * The `write` of a list's storage child (machines/storage.ts): `write` stores the value the owner
 * machine sends, of the owner's own type (bookmarks: SavedLists, follows: their list), and throws
 * when storage refuses.
 */
export function storageWriter<T>(write: (value: T) => void) {
  // The owner machine is the only sender, and its `save` action types the value.
  return fromPromise<void, { value: unknown }>(async ({ input }) => write(input.value as T));
}
