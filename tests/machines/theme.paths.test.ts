import { expect } from 'vitest';
import { themeMachine } from '../../machines/theme.ts';
import type { ThemeName } from '../../src/domain/theme.ts';
import { definePathSuite } from './paths.ts';

definePathSuite({
  name: 'theme',
  machine: themeMachine,
  // Stored values reach the machine read (anything but a theme name is no choice: tests/domain/stored-values.test.ts).
  inputs: [
    { stored: 'dark', systemPrefersDark: false },
    { stored: 'light', systemPrefersDark: true },
    { stored: null, systemPrefersDark: true },
  ],
  events: [
    { type: 'theme.toggle' },
    { type: 'theme.system.changed', prefersDark: true },
    { type: 'theme.system.changed', prefersDark: false },
    { type: 'theme.storage.changed', theme: 'light' },
    { type: 'theme.storage.changed', theme: null },
  ],
  delays: {},
  // Per input: the 6 snapshots (chosen dark or light, or following the system; either system preference) times the 5 events.
  expectedPaths: 90,
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
    // Another tab's choice is taken as it is; its clearing returns to the system preference.
    if (event.type === 'theme.storage.changed') {
      expect(stored).toBe(event.theme);
      expect(theme).toBe(event.theme ?? (systemPrefersDark ? 'dark' : 'light'));
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
