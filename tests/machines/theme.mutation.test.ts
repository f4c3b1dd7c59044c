/**
 * The theme a page opens with (docs/product.md#theme): nothing stored, it is the system's; a
 * machine started with no input at all (Stately's visualizer) is light. The path suite
 * (theme.paths.test.ts) checks the theme against the context's own system preference, so a
 * preference lost at the start would pass there.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { themeMachine, type ThemeInput } from '../../machines/theme.ts';

describe('the theme at the start', () => {
  it('nothing stored and a dark system: dark, following the system', () => {
    const snapshot = createActor(themeMachine, { input: { stored: null, systemPrefersDark: true } }).start().getSnapshot();
    expect(snapshot.value).toBe('followingSystem');
    expect(snapshot.context.theme).toBe('dark');
  });

  it('nothing stored and a dark system, then the system turns light: light', () => {
    const actor = createActor(themeMachine, { input: { stored: null, systemPrefersDark: true } }).start();
    actor.send({ type: 'theme.system.changed', prefersDark: false });
    expect(actor.getSnapshot().context.theme).toBe('light');
  });

  it('no input at all: light, following the system', () => {
    const snapshot = createActor(themeMachine, { input: undefined as unknown as ThemeInput }).start().getSnapshot();
    expect(snapshot.value).toBe('followingSystem');
    expect(snapshot.context.theme).toBe('light');
  });
});
