import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The one-way imports of the layout (README, "Layout"; docs/architecture.md, "Zones"), as rules:
 * - machines/ and src/domain/ are pure: no React, no UI or network package, nothing from any
 *   other room of src/, and no browser or Node global (no `window` in a machine); a machine
 *   imports nothing from outside machines/ but types and src/domain/ (as pure as a machine).
 * - src/theme/ (tokens) and src/browser/ (storage, clipboard, media queries) import no other room;
 *   src/ui/ (generic building blocks) imports only src/theme/; src/system/ (how components reach
 *   the page's actors) imports no room, and machines/ for their types only.
 * - A feature room (FEATURES) imports domain, theme, ui, browser and the machines' modules, never
 *   src/app, and another feature only along an edge of FEATURES, each one a need of the code:
 *   search -> feed (the archive's call) and stories (its cards); bookmarks -> feed (the saved
 *   stories' call); toasts -> bookmarks, reader and follow (the outcomes they announce); follow ->
 *   feed (the `?follow=` call, the backend's address) and stories (the Following view's cards);
 *   stories -> feed for a type only (FeedStatus).
 * - src/app/ composes everything; nothing imports it.
 * - The standalone bundles import next to nothing: the boot entry (src/feed/boot.ts) only the
 *   feed call, the service worker (src/offline/service-worker.ts) only its policy, which imports
 *   nothing, and theme-boot (src/appearance/theme-boot.ts) only the storage keys.
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

/** Feature rooms and the other features each may import (value imports; `types`: type imports only). */
const FEATURES = {
  feed: { imports: [], types: [] },
  stories: { imports: [], types: ['feed'] },
  search: { imports: ['feed', 'stories'], types: [] },
  bookmarks: { imports: ['feed'], types: [] },
  reader: { imports: [], types: [] },
  offline: { imports: [], types: [] },
  appearance: { imports: [], types: [] },
  toasts: { imports: ['bookmarks', 'reader', 'follow'], types: [] },
  follow: { imports: ['feed', 'stories'], types: [] },
};
const ROOMS = ['app', ...Object.keys(FEATURES), 'system', 'ui', 'browser', 'theme', 'domain'];

/** A pattern refusing a relative import of each room named, from a file of another room (one level down in src/). */
const rooms = (names, message, extra = {}) => ({ regex: `^\\.\\./(${names.join('|')})(/|$)`, message, ...extra });
const machinesPath = '(^|/)machines(/|$)';

/** Only the specifier `allowed` matches (a regular expression) may be imported: a standalone script carries nothing else. */
const onlyImport = (allowed, message) => ['error', { patterns: [{ regex: `^(?!${allowed}$)`, message }] }];

const featureZones = Object.entries(FEATURES).map(([room, { imports, types }]) => {
  const refused = ROOMS.filter((other) => other in FEATURES && other !== room && !imports.includes(other) && !types.includes(other));
  const patterns = [
    rooms(['app'], `src/${room}/ is a feature: src/app composes the features, and no feature imports it.`),
    ...(refused.length > 0 ? [rooms(refused, `src/${room}/ may import the features ${[...imports, ...types].join(', ') || 'none'} (eslint.config.js, FEATURES); not this one.`)] : []),
    ...(types.length > 0 ? [rooms(types, `src/${room}/ may import types only from ${types.join(', ')}.`, { allowTypeImports: true })] : []),
  ];
  return { files: [`src/${room}/**/*.{ts,tsx}`], rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } };
});

// Code loaded on demand goes through src/browser/on-demand.ts, which heals a page whose files a deploy removed.
const onDemandOnly = [':not(ArrowFunctionExpression) > ImportExpression', ":not(CallExpression[callee.name='onDemand']) > ArrowFunctionExpression > ImportExpression"].map((selector) => ({
  selector,
  message: "Load code on demand as onDemand(() => import('./X.tsx')) (src/browser/on-demand.ts): a part that fails to load then reloads the page into the new version.",
}));

// How far the app has taken over the page is the boot's to say (src/browser/takeover.ts): `<html data-app>` is written there alone.
const bootWritesAlone = [
  "MemberExpression[object.property.name='dataset'][property.name='app']",
  "MemberExpression[object.property.name='dataset'][property.value='app']",
  "CallExpression[callee.property.name=/^(setAttribute|removeAttribute|toggleAttribute)$/][arguments.0.value='data-app']",
].map((selector) => ({ selector, message: "Tell the boot what happened (tellBoot, src/browser/takeover.ts), or ask it (bootState): it alone writes `data-app`." }));
/** The story cards and what styles them: hundreds of instances, so each styled component must stay static. */
const CARD_TREE = [
  'src/stories/{StoryArea,StoryCard,StoryGrid,StorySections,StoryImage,RelatedSources,SectionHeading,ExternalLink,ShareMenuButton}.tsx',
  'src/stories/storyFonts.ts',
  'src/ui/{IconButton,PlainButtons}.tsx',
  'src/theme/mixins.ts',
];
// A function in a styled template, or .attrs, makes styled-components rebuild and hash the CSS of every instance at every render.
const staticStyles = [
  { selector: 'TaggedTemplateExpression > TemplateLiteral > :function', message: 'A card\'s styles are static: import `theme` from src/theme/tokens.ts (custom properties) instead of a `({ theme }) =>` function; a variant is a data attribute or a component of its own.' },
  { selector: "MemberExpression[property.name='attrs']", message: "A card's styles are static: pass attributes in the JSX, not through .attrs." },
];

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
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...onDemandOnly, ...bootWritesAlone] },
  },
  {
    // The boot's one owner writes `data-app`.
    files: ['src/browser/takeover.ts'],
    rules: { 'no-restricted-syntax': ['error', ...onDemandOnly] },
  },
  {
    files: CARD_TREE,
    rules: { 'no-restricted-syntax': ['error', ...onDemandOnly, ...bootWritesAlone, ...staticStyles] },
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
              regex: '^\\.\\./(?!src/domain/)',
              allowTypeImports: true,
              message: 'A machine file imports nothing from outside machines/ but types (`import type`) and pure src/domain/ code (its limits, its parsers), so Stately and the tests load it with nothing of the page.',
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
              regex: `^\\.\\./(${ROOMS.filter((room) => room !== 'domain').join('|')})(/|$)|${machinesPath}`,
              message: 'src/domain/ is the bottom layer: it imports nothing from another room of src/ or from machines/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^\\.\\./(${ROOMS.filter((room) => room !== 'ui' && room !== 'theme').join('|')})(/|$)|${machinesPath}`, message: 'src/ui/ holds generic building blocks: it renders what it is given and imports only src/theme/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/system/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^\\.\\./(${ROOMS.filter((room) => room !== 'system').join('|')})(/|$)`, message: "src/system/ is how components reach the page's actors: it imports no other room of src/." },
            { regex: machinesPath, allowTypeImports: true, message: 'src/system/ takes the page machine\'s types, never its code: the app composes the page (src/app).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/browser/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...uiAndNetworkPackages, message: 'src/browser/ wraps the browser\'s own APIs: no UI, router, network or inspector package.' },
            { regex: `^\\.\\./(${ROOMS.join('|')})(/|$)|${machinesPath}`, message: 'src/browser/ is below every feature: it imports no other room of src/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/theme/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^\\.\\./(${ROOMS.join('|')})(/|$)|${machinesPath}`, message: 'src/theme/ is below every feature: it imports no other room of src/.' }] },
      ],
    },
  },
  ...featureZones,
  {
    files: ['src/feed/boot.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': onlyImport(String.raw`\./fetch-feed\.ts`, 'The boot entry runs before the app: it imports the feed call and nothing else.') },
  },
  {
    files: ['src/offline/service-worker.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': onlyImport(String.raw`\./policy\.ts`, 'The service worker is a classic script of its own: it imports its policy and nothing else (no React, nothing of the page).') },
  },
  {
    files: ['src/offline/policy.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: '.', message: "The service worker's policy is built into sw.js: it imports nothing." }] }] },
  },
  {
    files: ['src/appearance/theme-boot.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': onlyImport(String.raw`\.\./browser/(storage-keys|takeover)\.ts`, 'theme-boot runs before first paint as a script of its own: it imports the storage keys and the boot, nothing else.') },
  },
  {
    files: ['supabase/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
);
