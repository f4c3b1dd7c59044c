import { expect } from 'vitest';
import { themeMachine, type ThemeName } from '../../machines/theme.ts';
import { definePathSuite } from './paths.ts';

definePathSuite({
  name: 'theme',
  machine: themeMachine,
  inputs: [
    { stored: 'dark', systemPrefersDark: false },
    { stored: null, systemPrefersDark: true },
    { stored: '"purple"', systemPrefersDark: false },
  ],
  events: [
    { type: 'theme.toggle' },
    { type: 'theme.system.changed', prefersDark: true },
    { type: 'theme.system.changed', prefersDark: false },
    { type: 'theme.storage.changed', value: 'light' },
    { type: 'theme.storage.changed', value: null },
    { type: 'theme.storage.changed', value: 'sepia' },
  ],
  delays: {},
  expectedPaths: 108,
  arrange: (_fakes, effects) =>
    themeMachine.provide({ actions: { persistTheme: (_, params: { theme: ThemeName }) => void effects.push(params.theme) } }),
  check({ event, before, after, effects }) {
    const { theme, stored, systemPrefersDark } = after.context;
    // A stored choice wins; with none, the system preference applies.
    expect(theme).toBe(stored ?? (systemPrefersDark ? 'dark' : 'light'));
    expect(after.matches('chosen')).toBe(stored !== null);
    // A change of the system preference is taken in whatever the state: followed at once when
    // nothing is stored, and remembered for when the stored choice goes.
    if (event.type === 'theme.system.changed') {
      expect(systemPrefersDark).toBe(event.prefersDark);
      if (stored === null) expect(theme).toBe(event.prefersDark ? 'dark' : 'light');
    }
    // Only the visitor's toggle writes storage, and it writes the new theme.
    if (event.type === 'theme.toggle') {
      expect(theme).not.toBe(before.context.theme);
      expect(effects).toEqual([theme]);
    } else {
      expect(effects).toEqual([]);
    }
  },
});
