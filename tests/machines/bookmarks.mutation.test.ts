/**
 * The bookmarks machine started as Stately's visualizer starts it, with no input at all: nothing is
 * saved (docs/product.md#saved-stories-last). The path suite always gives it an input.
 */
import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { bookmarksMachine, type BookmarksInput } from '../../machines/bookmarks.ts';

it('with no input, nothing is saved', () => {
  const snapshot = createActor(bookmarksMachine, { input: undefined as unknown as BookmarksInput }).start().getSnapshot();
  expect(snapshot.context).toEqual({ ids: [], stories: [] });
});
