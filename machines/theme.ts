import { assign, setup } from 'xstate';

/**
 * Light/dark theme (docs/product.md#theme, #stored-in-the-browser).
 *
 * followingSystem: nothing is stored, so the theme tracks the system preference.
 * chosen: the visitor picked a theme (here or in another tab) and it is stored.
 */

export type ThemeName = 'light' | 'dark';

export interface ThemeInput {
  /** The raw stored value; null when absent or unreadable. */
  stored: string | null;
  systemPrefersDark: boolean;
}

export interface ThemeContext {
  theme: ThemeName;
  /** The visitor's stored choice, if any. */
  stored: ThemeName | null;
  systemPrefersDark: boolean;
}

export type ThemeEvent =
  | { type: 'theme.toggle' }
  | { type: 'theme.system.changed'; prefersDark: boolean }
  /** The stored value changed in another tab. */
  | { type: 'theme.storage.changed'; value: string | null };

export function parseStoredTheme(value: unknown): ThemeName | null {
  return value === 'dark' || value === 'light' ? value : null;
}

const systemTheme = (prefersDark: boolean): ThemeName => (prefersDark ? 'dark' : 'light');
const opposite = (theme: ThemeName): ThemeName => (theme === 'dark' ? 'light' : 'dark');

export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as ThemeInput,
  },
  actions: {
    /** Injected: writes the choice to storage; must not throw. */
    persistTheme: (_, _params: { theme: ThemeName }) => {},
    choose: assign((_, { theme }: { theme: ThemeName }) => ({ theme, stored: theme })),
    forgetChoice: assign(({ context }) => ({ stored: null, theme: systemTheme(context.systemPrefersDark) })),
    noteSystem: assign((_, { prefersDark }: { prefersDark: boolean }) => ({ systemPrefersDark: prefersDark })),
    followSystem: assign(({ context }) => ({ theme: systemTheme(context.systemPrefersDark) })),
  },
  guards: {
    hasChoice: ({ context }) => context.stored !== null,
    isTheme: (_, { value }: { value: string | null }) => parseStoredTheme(value) !== null,
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => {
    const stored = parseStoredTheme(input.stored);
    return { theme: stored ?? systemTheme(input.systemPrefersDark), stored, systemPrefersDark: input.systemPrefersDark };
  },
  initial: 'starting',
  on: {
    'theme.toggle': {
      target: '.chosen',
      actions: [
        { type: 'choose', params: ({ context }) => ({ theme: opposite(context.theme) }) },
        { type: 'persistTheme', params: ({ context }) => ({ theme: context.theme }) },
      ],
    },
    'theme.storage.changed': [
      {
        guard: { type: 'isTheme', params: ({ event }) => ({ value: event.value }) },
        target: '.chosen',
        // The guard has checked the value: it is a theme name.
        actions: { type: 'choose', params: ({ event }) => ({ theme: event.value as ThemeName }) },
      },
      { target: '.followingSystem', actions: 'forgetChoice' },
    ],
  },
  states: {
    starting: {
      always: [{ guard: 'hasChoice', target: 'chosen' }, { target: 'followingSystem' }],
    },
    followingSystem: {
      on: {
        'theme.system.changed': {
          actions: [{ type: 'noteSystem', params: ({ event }) => ({ prefersDark: event.prefersDark }) }, 'followSystem'],
        },
      },
    },
    chosen: {
      on: {
        'theme.system.changed': {
          actions: { type: 'noteSystem', params: ({ event }) => ({ prefersDark: event.prefersDark }) },
        },
      },
    },
  },
});
