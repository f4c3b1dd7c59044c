import { describe, expect, it } from 'vitest';
import { mapWithLimit } from '../../supabase/functions/_shared/net/concurrency.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Runs mapWithLimit over `count` items, recording the most calls pending at once. */
async function run(count: number, limit: number) {
  let active = 0;
  let peak = 0;
  const seen: [string, number][] = [];
  const items = Array.from({ length: count }, (_, i) => `item ${i}`);
  const results = await mapWithLimit(items, limit, async (item, index) => {
    seen.push([item, index]);
    active++;
    peak = Math.max(peak, active);
    // Later items finish first, so that the order of the results is not the order of completion.
    for (let wait = count - index; wait > 0; wait--) await tick();
    active--;
    return item.toUpperCase();
  });
  return { results, peak, seen };
}

describe('mapWithLimit', () => {
  it('calls fn once per item with its index, and keeps the input order in the results', async () => {
    const { results, seen } = await run(5, 2);
    expect(results).toEqual(['ITEM 0', 'ITEM 1', 'ITEM 2', 'ITEM 3', 'ITEM 4']);
    expect(seen.sort()).toEqual([
      ['item 0', 0],
      ['item 1', 1],
      ['item 2', 2],
      ['item 3', 3],
      ['item 4', 4],
    ]);
  });

  it.each([
    [6, 3, 3],
    [2, 8, 2],
    [4, 1, 1],
    [3, 0, 1], // a limit below 1 still makes progress, one at a time
  ])('%i items with limit %i: at most %i pending at once', async (count, limit, expected) => {
    const { results, peak } = await run(count, limit);
    expect(peak).toBe(expected);
    expect(results).toHaveLength(count);
    expect(results.every((result) => typeof result === 'string')).toBe(true);
  });

  it('calls nothing for no items', async () => {
    const { results, seen } = await run(0, 4);
    expect(results).toEqual([]);
    expect(seen).toEqual([]);
  });
});
