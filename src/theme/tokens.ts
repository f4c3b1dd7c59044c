import type { ThemeName } from '../domain/theme.ts';

export type ToastTone = 'success' | 'error' | 'info';

type ColorPair = {
  bg: string;
  text: string;
};

// Types, not interfaces: each is then a `Tokens` tree (an index signature), which the custom properties walk.
export type ThemeColors = {
  /** Page background. */
  bg: string;
  /** Cards, header, popovers. */
  surface: string;
  /** Hover fills, chips, image placeholders. */
  surfaceMuted: string;
  text: string;
  textMuted: string;
  /** Decorative hairlines (card edges, dividers): no contrast requirement. */
  border: string;
  /** Boundaries that identify a control (inputs, outline buttons): ≥ 3:1 against surface and bg. */
  borderStrong: string;
  /** The one accent colour: links, primary buttons, selected states. */
  accent: string;
  accentHover: string;
  /** Text and icons on an accent fill. */
  onAccent: string;
  /** Low-emphasis accent fill (badges, chips) and the text used on it. */
  accentSoft: ColorPair;
  focusRing: string;
  notice: ColorPair & { border: string };
  danger: string;
  tooltip: ColorPair;
  toast: Record<ToastTone, ColorPair>;
  skeleton: string;
};

/** What differs between light and dark: the colours and the shadows. */
export interface Palette {
  name: ThemeName;
  color: ThemeColors;
  shadow: { card: string; cardHover: string; popover: string };
}

/**
 * What the components style with. One for both themes: its colours and shadows are CSS custom
 * properties, which GlobalStyle sets from the palette that `data-theme` names, so a component's
 * rules (and so its class names) are the same in either theme, the page's frame rendered at build
 * time shows the stored theme before any script runs (theme-boot sets `data-theme`), and a switch
 * of theme restyles the page without rendering it again. Radii, fonts and motion are custom
 * properties too, set once on `:root`; spacing is plain pixels. So every value is a constant
 * string: a component that interpolates `theme`, imported, instead of a `({ theme }) =>`
 * function stays static in styled-components (its CSS built once, not for each instance on each
 * render), which the story cards need (docs/performance.md).
 */
export interface AppTheme {
  color: ThemeColors;
  /** Spacing on a 4 px grid: space(4) === '16px'. */
  space: (steps: number) => string;
  radius: { sm: string; md: string; lg: string; pill: string };
  font: {
    body: string;
    heading: string;
    mono: string;
    size: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
    weight: { regular: string; medium: string; bold: string };
    lineHeight: { tight: string; snug: string; body: string };
  };
  shadow: { card: string; cardHover: string; popover: string };
  breakpoint: { sm: number; md: number; lg: number };
  layout: { maxWidth: string };
  motion: { fast: string; normal: string };
}

export const breakpoint = { sm: 640, md: 768, lg: 1024 } as const;

/** Min-width media queries for the breakpoints, usable directly in styled templates. */
export const mediaUp = {
  sm: `@media (min-width: ${breakpoint.sm}px)`,
  md: `@media (min-width: ${breakpoint.md}px)`,
  lg: `@media (min-width: ${breakpoint.lg}px)`,
} as const;

const shared = {
  space: (steps: number) => `${steps * 4}px`,
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, Cambria, "Times New Roman", serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    size: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.1875rem', xl: '1.5rem', xxl: '2rem' },
    weight: { regular: '400', medium: '550', bold: '700' },
    lineHeight: { tight: '1.2', snug: '1.35', body: '1.55' },
  },
  breakpoint,
  layout: { maxWidth: '1200px' },
  motion: { fast: '120ms ease-out', normal: '200ms ease-out' },
} satisfies Omit<AppTheme, 'color' | 'shadow'>;

export const lightPalette: Palette = {
  name: 'light',
  color: {
    bg: '#f6f5f1',
    surface: '#ffffff',
    surfaceMuted: '#efede7',
    text: '#1c1b19',
    textMuted: '#5b5953',
    border: '#e3e0d8',
    borderStrong: '#8a877f',
    accent: '#b42318',
    accentHover: '#912018',
    onAccent: '#ffffff',
    accentSoft: { bg: '#fdecea', text: '#8f1c13' },
    focusRing: '#1d4ed8',
    notice: { bg: '#fef3c7', text: '#78350f', border: '#d97706' },
    danger: '#b42318',
    tooltip: { bg: '#1c1b19', text: '#ffffff' },
    toast: {
      success: { bg: '#14532d', text: '#ffffff' },
      error: { bg: '#991b1b', text: '#ffffff' },
      info: { bg: '#1c1b19', text: '#ffffff' },
    },
    skeleton: '#e9e6df',
  },
  shadow: {
    card: '0 1px 2px rgb(28 27 25 / 0.06), 0 1px 1px rgb(28 27 25 / 0.04)',
    cardHover: '0 8px 24px rgb(28 27 25 / 0.10), 0 2px 6px rgb(28 27 25 / 0.06)',
    popover: '0 12px 32px rgb(28 27 25 / 0.16), 0 2px 6px rgb(28 27 25 / 0.08)',
  },
};

export const darkPalette: Palette = {
  name: 'dark',
  color: {
    bg: '#121316',
    surface: '#1b1d21',
    surfaceMuted: '#26282e',
    text: '#e8e6e1',
    textMuted: '#a19f98',
    border: '#2e3138',
    borderStrong: '#8a8880',
    accent: '#ff8f7a',
    accentHover: '#ffab9b',
    onAccent: '#1a0b08',
    accentSoft: { bg: '#3a1f1a', text: '#ffb4a6' },
    focusRing: '#8ab4ff',
    notice: { bg: '#3b2a06', text: '#fde68a', border: '#b7791f' },
    danger: '#ff8f7a',
    tooltip: { bg: '#e8e6e1', text: '#121316' },
    toast: {
      success: { bg: '#bbf7d0', text: '#052e16' },
      error: { bg: '#fecaca', text: '#450a0a' },
      info: { bg: '#e8e6e1', text: '#121316' },
    },
    skeleton: '#24262b',
  },
  shadow: {
    card: '0 1px 2px rgb(0 0 0 / 0.4)',
    cardHover: '0 8px 24px rgb(0 0 0 / 0.5), 0 2px 6px rgb(0 0 0 / 0.35)',
    popover: '0 12px 32px rgb(0 0 0 / 0.55), 0 2px 6px rgb(0 0 0 / 0.35)',
  },
};

export const palettes: Record<ThemeName, Palette> = { light: lightPalette, dark: darkPalette };

type Tokens = { readonly [key: string]: string | Tokens };

/** Each leaf of `tokens` as `[--name-path, value]`, the path's keys joined by `-`. */
function leaves(tokens: Tokens, prefix: string): Array<[string, string]> {
  return Object.entries(tokens).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}-${key}`, value] as [string, string]] : leaves(value, `${prefix}-${key}`)));
}

/** `tokens` with every leaf replaced by a reference to its custom property. */
function references<T extends Tokens>(tokens: T, prefix: string): T {
  return Object.fromEntries(
    Object.entries(tokens).map(([key, value]) => [key, typeof value === 'string' ? `var(${prefix}-${key})` : references(value, `${prefix}-${key}`)]),
  ) as T;
}

/** The custom properties a palette sets, as CSS declarations (GlobalStyle puts them under `data-theme`). */
export function paletteDeclarations(palette: Palette): string {
  const properties = [...leaves(palette.color, '--color'), ...leaves(palette.shadow, '--shadow')];
  return `color-scheme: ${palette.name};${properties.map(([name, value]) => `${name}: ${value};`).join('')}`;
}

/** The custom properties of what both themes share: radii, fonts, motion (GlobalStyle puts them on `:root`). */
export function sharedDeclarations(): string {
  const properties = [...leaves(shared.radius, '--radius'), ...leaves(shared.font, '--font'), ...leaves(shared.motion, '--motion')];
  return properties.map(([name, value]) => `${name}: ${value};`).join('');
}

export const theme: AppTheme = {
  ...shared,
  radius: references(shared.radius, '--radius'),
  font: references(shared.font, '--font'),
  motion: references(shared.motion, '--motion'),
  color: references(lightPalette.color, '--color'),
  shadow: references(lightPalette.shadow, '--shadow'),
};
