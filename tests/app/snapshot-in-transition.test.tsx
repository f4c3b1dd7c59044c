// @vitest-environment jsdom
/**
 * The home page reads the feed machine through useSnapshotInTransition (src/app/HomePage.tsx):
 * the actor's snapshot, each new one rendered in a transition.
 */
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { useSnapshotInTransition } from '../../src/app/useSnapshotInTransition.ts';

const light = createMachine({ id: 'light', initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } });

it('gives the actor’s snapshot, and each new one', () => {
  const actor = createActor(light).start();
  const { result } = renderHook(() => useSnapshotInTransition(actor));
  expect(result.current.value).toBe('off');
  act(() => actor.send({ type: 'flip' }));
  expect(result.current.value).toBe('on');
  act(() => actor.send({ type: 'flip' }));
  expect(result.current.value).toBe('off');
});

it('picks up a snapshot that changed between its render and its subscription', () => {
  const actor = createActor(light).start();
  const { result } = renderHook(() => {
    const snapshot = useSnapshotInTransition(actor);
    // Changed during this first render, before any effect has run.
    const [flipped] = useState(() => actor.send({ type: 'flip' }));
    return { snapshot, flipped };
  });
  expect(result.current.snapshot.value).toBe('on');
});

it('renders a new snapshot after an urgent update made in the same task', () => {
  const actor = createActor(light).start();
  const seen: string[] = [];
  const { result } = renderHook(() => {
    const snapshot = useSnapshotInTransition(actor);
    const [count, setCount] = useState(0);
    seen.push(`${String(snapshot.value)} ${count}`);
    return setCount;
  });
  seen.length = 0;
  act(() => {
    actor.send({ type: 'flip' });
    result.current(1);
  });
  // The urgent count renders first, with the old snapshot (@xstate/react's useSelector would
  // render both at once); the new snapshot follows, in a render of its own.
  expect([seen[0], seen.at(-1)]).toEqual(['off 1', 'on 1']);
});
