// @vitest-environment jsdom
/**
 * How a component reaches the page's actors (src/system/page-system.ts): by id (PageActors,
 * machines/page.ts), inside the page's SystemProvider; a mistake in either says which one it is.
 */
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { NOTHING_STORED, pageMachine } from '../../machines/page.ts';
import { SystemProvider, usePage, usePageActor } from '../../src/system/page-system.ts';

function provider() {
  const live = createActor(pageMachine, { input: NOTHING_STORED });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SystemProvider page={live}>
      {children}
    </SystemProvider>
  );
  return { live, wrapper };
}

afterEach(() => vi.restoreAllMocks());

it("gives a component the page's running actor by its id, and the page itself", () => {
  const { live, wrapper } = provider();
  expect(renderHook(() => usePageActor('feed'), { wrapper }).result.current).toBe(live.getSnapshot().children.feed);
  expect(renderHook(() => usePage(), { wrapper }).result.current).toBe(live);
});

it('names the id of an actor the page does not run', () => {
  // React reports the error thrown while rendering on the console as well.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const { wrapper } = provider();
  // @ts-expect-error: no such id in PageActors; the type refuses it, and so does the page at run time.
  expect(() => renderHook(() => usePageActor('feeed'), { wrapper })).toThrow('The page runs no actor "feeed"');
});

it('says so when a component reads the actors outside SystemProvider', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => renderHook(() => usePageActor('feed'))).toThrow("A component read the page's actors outside SystemProvider");
});
