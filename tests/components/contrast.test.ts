import { describe, expect, test } from 'vitest';
import { palettes, type Palette } from '../../src/theme/tokens.ts';

// WCAG 2.x relative luminance and contrast ratio for #rrggbb colours.
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  const [r, g, b] = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const TEXT = 4.5;
const NON_TEXT = 3;

/** Every foreground/background pair the components put together. */
function pairs({ color: c }: Palette): Array<[string, string, string, number]> {
  return [
    ['text on bg', c.text, c.bg, TEXT],
    ['text on surface', c.text, c.surface, TEXT],
    ['text on surfaceMuted (source badge, focused menu item)', c.text, c.surfaceMuted, TEXT],
    ['textMuted on bg', c.textMuted, c.bg, TEXT],
    ['textMuted on surface (dates, summaries, placeholder, the title of a read card)', c.textMuted, c.surface, TEXT],
    ['textMuted on surfaceMuted (hovered icon buttons)', c.textMuted, c.surfaceMuted, TEXT],
    ['accent on surface (Read more link, selected bookmark)', c.accent, c.surface, TEXT],
    ['accent on bg', c.accent, c.bg, TEXT],
    ['accentHover on surface (hovered link)', c.accentHover, c.surface, TEXT],
    ['onAccent on accent (primary button, badge, Saved pressed)', c.onAccent, c.accent, TEXT],
    ['onAccent on accentHover', c.onAccent, c.accentHover, TEXT],
    ['accentSoft text on accentSoft bg (chips)', c.accentSoft.text, c.accentSoft.bg, TEXT],
    ['notice text on notice bg', c.notice.text, c.notice.bg, TEXT],
    ['tooltip text on tooltip bg', c.tooltip.text, c.tooltip.bg, TEXT],
    ['success toast', c.toast.success.text, c.toast.success.bg, TEXT],
    ['error toast', c.toast.error.text, c.toast.error.bg, TEXT],
    ['info toast', c.toast.info.text, c.toast.info.bg, TEXT],
    ['focus ring on bg', c.focusRing, c.bg, NON_TEXT],
    ['focus ring on surface', c.focusRing, c.surface, NON_TEXT],
    ['control border on surface', c.borderStrong, c.surface, NON_TEXT],
    ['control border on bg', c.borderStrong, c.bg, NON_TEXT],
    ['danger icon on surface', c.danger, c.surface, NON_TEXT],
  ];
}

describe.each(Object.values(palettes))('$name theme meets WCAG AA', (theme) => {
  test.each(pairs(theme))('%s', (_name, foreground, background, minimum) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(minimum);
  });
});

test('the demo notice is yellow in both themes', () => {
  for (const theme of Object.values(palettes)) {
    const hex = theme.color.notice.bg.slice(1);
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
    // Yellow/amber: red and green well above blue.
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
  }
});

test('the contrast formula matches known values', () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
});
