import { assign, setup } from 'xstate';
import type { ThemeName } from '../src/domain/theme.ts';

/**
 * Light/dark theme (docs/product.md#theme, #stored-in-the-browser).
 *
 * followingSystem: nothing is stored, so the theme tracks the system preference.
 * chosen: the visitor picked a theme (here or in another tab) and it is stored.
 * Stored values reach it read (src/domain/theme.ts): a theme name, or null for no choice.
 */

export interface ThemeInput {
  /** The stored choice; null when there is none (absent, unreadable, not a theme). */
  stored: ThemeName | null;
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
  /** The stored choice changed in another tab: the new one, or null when it was cleared. */
  | { type: 'theme.storage.changed'; theme: ThemeName | null };

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
    isTheme: (_, { theme }: { theme: ThemeName | null }) => theme !== null,
  },
}).createMachine({
  id: 'theme',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => {
    const stored = input?.stored ?? null;
    const systemPrefersDark = input?.systemPrefersDark ?? false;
    return { theme: stored ?? systemTheme(systemPrefersDark), stored, systemPrefersDark };
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
        guard: { type: 'isTheme', params: ({ event }) => event },
        target: '.chosen',
        // The guard has checked it: a theme name.
        actions: { type: 'choose', params: ({ event }) => ({ theme: event.theme as ThemeName }) },
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
          actions: [{ type: 'noteSystem', params: ({ event }) => event }, 'followSystem'],
        },
      },
    },
    chosen: {
      on: {
        'theme.system.changed': { actions: { type: 'noteSystem', params: ({ event }) => event } },
      },
    },
  },
});
