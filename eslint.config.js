import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * The rooms of the layout (README, "Layout"; docs/architecture.md, "Zones") as rules, by path, so that
 * each holds for every file below its folder at any depth:
 * - machines/ and src/domain/ are pure: no React, UI or network package, no browser or Node global,
 *   and a machine imports nothing from src/ but src/domain/.
 * - Below the features (BASE): src/domain/, src/theme/ and src/browser/ import no other room; src/api/
 *   (the backend's functions: their address, headers and answers) only src/domain/; src/ui/
 *   (generic building blocks) only src/theme/, src/theme/ only src/domain/'s types; src/system/ (how
 *   components reach the page's actors) only the machines, for their types.
 * - A feature room (FEATURES) imports those, the machines, and another feature only along an edge of
 *   FEATURES; src/app/ composes everything, and nothing imports it.
 * - No import cycle, anywhere.
 * - First render or later: a file below a `later/` folder is never in the first render; any other file
 *   imports no React Aria and nothing from a `later/` folder (LATER, firstRenderOnly).
 * - The standalone bundles import next to nothing: the boot entry (src/api/boot.ts) only the
 *   fetch-news calls (src/api/fetch-news.ts), the service worker (src/offline/service-worker.ts) only its policy, which imports
 *   nothing, and theme-boot (src/appearance/theme-boot.ts) only the storage keys and the boot.
 * tests/lint/boundaries.test.ts plants a violation of each, at the top of a room and two folders down.
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

/** Feature rooms and the other features each may import, each edge a need of the code. */
const FEATURES = {
  feed: [],
  stories: ['share'], // the card's share button
  share: [],
  search: ['stories'], // its cards
  bookmarks: [],
  reader: [],
  offline: [],
  appearance: [],
  toasts: ['bookmarks', 'share', 'follow', 'front-page'], // the outcomes they announce
  'front-page': [],
  follow: ['stories'], // the Following view's cards
  'story-page': ['bookmarks', 'follow', 'share', 'stories', 'front-page'], // the card's toggles, with what they act on, and "Copy link to this page"; the card's link style; its More options
  alerts: ['follow'], // the notifications button, on the browser's one push subscription
};
/** The rooms below the features, and the rooms each may import. */
const BASE = { api: ['domain'], system: [], ui: ['theme'], browser: [], theme: ['domain'], domain: [] };
const ROOMS = ['app', ...Object.keys(FEATURES), ...Object.keys(BASE)];
const room = (name) => `./src/${name}`;

const zones = [
  ...Object.entries(FEATURES).map(([name, allowed]) => ({
    target: room(name),
    from: ROOMS.filter((other) => other === 'app' || (other in FEATURES && other !== name && !allowed.includes(other))).map(room),
    message: `src/${name}/ is a feature: of the other features it imports ${allowed.join(', ') || 'none'} (eslint.config.js, FEATURES), and no feature imports src/app/, which composes them.`,
  })),
  ...Object.entries(BASE).map(([name, allowed]) => ({
    target: room(name),
    from: [...ROOMS.filter((other) => other !== name && !allowed.includes(other)).map(room), ...(name === 'system' ? [] : ['./machines'])],
    message: `src/${name}/ is below every feature: of src/ it imports ${allowed.map((other) => `src/${other}/`).join(', ') || 'nothing but itself'}.`,
  })),
  {
    target: './machines',
    from: ROOMS.filter((name) => name !== 'domain').map(room),
    message: 'A machine imports nothing from src/ but pure src/domain/ code (its limits, its parsers), so Stately and the tests load it with nothing of the page.',
  },
];

/**
 * Never in the first render: every file below a folder named `later/` (the page's later part, and pages
 * loaded on demand). Any other file may be in the first render, so it imports no React Aria, nothing
 * else over the first render's budget, and nothing from a `later/` folder: src/app/later.ts brings the
 * later part and hands its parts down as props.
 */
const LATER = 'src/**/later/**';
const firstRenderOnly = [
  'error',
  {
    patterns: [
      {
        group: ['react-aria-components', 'react-aria', 'react-aria/*', '@react-aria/*', 'react-stately', '@react-stately/*', '@internationalized/*'],
        message: 'React Aria is in the later part only: outside a later/ folder, use the plain building blocks of src/ui/ (docs/architecture.md#first-render-or-later).',
      },
      { group: ['@supabase/*', '@statelyai/*'], message: "Over the first render's budget: load it on demand." },
      { regex: '(^|/)later/', message: 'Outside a later/ folder, the later part comes from src/app/later.ts as props, never from a static import.' },
    ],
  },
];

const machinesPath = '(^|/)machines(/|$)';

/** Only the specifier `allowed` matches (a regular expression) may be imported: a standalone script carries nothing else. */
const onlyImport = (allowed, message) => ['error', { patterns: [{ regex: `^(?!${allowed}$)`, message }] }];

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

// A member whose name starts with `_` is a library's own (XState's `_parent`, `_snapshot`, ...): it may change in any release.
const publicApiOnly = [
  "MemberExpression[property.name=/^_/]",
  "MemberExpression[computed=true][property.value=/^_/]",
  "ObjectPattern > Property[key.name=/^_/]",
].map((selector) => ({ selector, message: "Use the library's public API, not a private field: a machine of the page reports to the `reportTo` in its input (machines/report.ts)." }));

// One theming style: theme values are CSS custom properties (src/theme/tokens.ts), so no styled template needs a function of the theme.
const staticStyles = [
  { selector: 'TaggedTemplateExpression > TemplateLiteral > :function', message: 'Styles are static: import `theme` from src/theme/tokens.ts (custom properties) instead of a `({ theme }) =>` function; a variant is a data attribute or a component of its own.' },
  { selector: "MemberExpression[property.name='attrs']", message: 'Styles are static: pass attributes in the JSX, not through .attrs.' },
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
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // no-cycle reads every module it follows with TypeScript's parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
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
    ignores: [LATER],
    rules: { 'no-restricted-imports': firstRenderOnly },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...onDemandOnly, ...bootWritesAlone, ...staticStyles, ...publicApiOnly] },
  },
  {
    // The boot's one owner writes `data-app`.
    files: ['src/browser/takeover.ts'],
    rules: { 'no-restricted-syntax': ['error', ...onDemandOnly, ...staticStyles, ...publicApiOnly] },
  },
  {
    files: ['machines/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': ['error', ...environmentGlobals],
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [uiAndNetworkPackages] }],
      'no-restricted-syntax': ['error', ...publicApiOnly],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': ['error', ...environmentGlobals],
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [uiAndNetworkPackages] }],
    },
  },
  {
    files: ['src/system/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: machinesPath, allowTypeImports: true, message: "src/system/ takes the page machine's types, never its code: the app composes the page (src/app)." }] },
      ],
    },
  },
  {
    files: ['src/browser/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ ...uiAndNetworkPackages, message: "src/browser/ wraps the browser's own APIs: no UI, router, network or inspector package." }] }],
    },
  },
  {
    files: ['src/api/boot.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': onlyImport(String.raw`\./fetch-news\.ts`, 'The boot entry runs before the app: it imports the fetch-news calls and nothing else.') },
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
