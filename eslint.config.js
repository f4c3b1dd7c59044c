import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The one-way imports of the layout (README, "How the parts fit"), as rules:
 * - machines/ and src/domain/ are pure: no React, no UI or network package, nothing from
 *   src/app or src/components, and no browser or Node global (no `window` in a machine);
 *   a machine imports nothing from outside machines/ but types.
 * - src/components/ render what they are given: they cannot import src/app.
 * tests/lint/boundaries.test.ts plants a violation of each and expects lint to fail.
 */

// Web-standard globals that behave the same everywhere and touch nothing: allowed in pure code.
const PURE_GLOBALS = new Set(['URL', 'URLSearchParams']);
const environmentGlobals = [...new Set([...Object.keys(globals.browser), ...Object.keys(globals.node)])]
  .filter((name) => !PURE_GLOBALS.has(name))
  .map((name) => ({ name, message: 'Pure code (machines/, src/domain/) uses no browser or Node global; the app provides effects at its edge.' }));

const uiAndNetworkPackages = {
  group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@xstate/react', 'react-aria*', '@react-aria/*', 'styled-components', '@tanstack/*', '@supabase/*', '@statelyai/*'],
  message: 'Pure code (machines/, src/domain/) imports no UI, router, network or inspector package.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-e2e/**', 'dist-bench/**', 'coverage/**', 'node_modules/**', 'docs/**', '.tmp-*/**', 'reports/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['machines/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': ['error', ...environmentGlobals],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            uiAndNetworkPackages,
            {
              regex: '^\\.\\./',
              allowTypeImports: true,
              message: 'A machine file imports nothing from outside machines/ but types (`import type`), so Stately and the tests load it alone.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': ['error', ...environmentGlobals],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            uiAndNetworkPackages,
            {
              regex: '^\\.\\./(app|components|theme)(/|$)|(^|/)machines(/|$)',
              message: 'src/domain/ is the bottom layer: it imports nothing from src/app, src/components, src/theme or machines/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^\\.\\./app(/|$)', message: 'Components render what they are given through props; they cannot import src/app.' }],
        },
      ],
    },
  },
  {
    files: ['supabase/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
);
