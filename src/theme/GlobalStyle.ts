import { createGlobalStyle } from 'styled-components';
import { focusRing } from './mixins.ts';
import { palettes, paletteDeclarations, sharedDeclarations, theme } from './tokens.ts';

// The focus ring rule is for native elements only: React Aria components (data-rac) draw their
// own ring from data-focus-visible. With reduced motion, transitions take no time at all: a
// 0.01 ms transition (the usual snippet) still runs, over every property (transition-property
// defaults to all), and an element keeps its old value until the next animation frame, which a
// busy page can hold back for hundreds of milliseconds (a theme switch showed the light page
// under data-theme="dark"). No transition runs at 0 s, so no transitionend is awaited either.
// The palettes are custom properties under `data-theme` (tokens.ts, AppTheme), the system's
// where no script could set it. (Comments stay
// out of the CSS: there they ship in the bundle.)
export const GlobalStyle = createGlobalStyle`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  :root {
    ${sharedDeclarations()}
  }

  :root,
  :root[data-theme='light'] {
    ${paletteDeclarations(palettes.light)}
  }

  :root[data-theme='dark'] {
    ${paletteDeclarations(palettes.dark)}
  }

  @media (prefers-color-scheme: dark) {
    :root:not([data-theme]) {
      ${paletteDeclarations(palettes.dark)}
    }
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  body {
    margin: 0;
    min-height: 100vh;
    background: ${theme.color.bg};
    color: ${theme.color.text};
    font-family: ${theme.font.body};
    font-size: ${theme.font.size.md};
    line-height: ${theme.font.lineHeight.body};
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }

  h1,
  h2,
  h3,
  p {
    margin: 0;
  }

  img {
    display: block;
    max-width: 100%;
  }

  button,
  input {
    font: inherit;
    color: inherit;
  }

  :focus-visible:not([data-rac]) {
    ${focusRing}
  }

  ::selection {
    background: ${theme.color.accentSoft.bg};
    color: ${theme.color.accentSoft.text};
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0s !important;
      transition-delay: 0s !important;
      scroll-behavior: auto !important;
    }
  }
`;
