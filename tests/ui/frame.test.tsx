// @vitest-environment jsdom
/**
 * How a component reaches the page's actors (src/ui/frame.ts): by system id, inside the page's
 * SystemProvider; a mistake in either says which one it is.
 */
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { SystemProvider, useSystemActor } from '../../src/ui/frame.ts';

const page = createMachine({ id: 'page' });

function provider() {
  const live = createActor(page, { systemId: 'page' });
  const frame = createActor(page, { systemId: 'page' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SystemProvider live={live} frame={frame}>
      {children}
    </SystemProvider>
  );
  return { live, wrapper };
}

afterEach(() => vi.restoreAllMocks());

it("gives a component the page's running actor by its system id", () => {
  const { live, wrapper } = provider();
  expect(renderHook(() => useSystemActor('page'), { wrapper }).result.current).toBe(live);
});

it('names the id of an actor the page does not run', () => {
  // React reports the error thrown while rendering on the console as well.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const { wrapper } = provider();
  expect(() => renderHook(() => useSystemActor('feeed'), { wrapper })).toThrow('The page runs no actor "feeed"');
});

it('says so when a component reads the actors outside SystemProvider', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => renderHook(() => useSystemActor('page'))).toThrow("A component read the page's actors outside SystemProvider");
});
