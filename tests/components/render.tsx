import type { ReactElement, ReactNode } from 'react';
import { cleanup, render, type RenderOptions } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach } from 'vitest';
import { theme } from '../../src/theme/tokens.ts';

// Testing Library only cleans up by itself when the test runner exposes a global afterEach.
afterEach(cleanup);

function LightTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** render() inside the light theme; rerender() keeps the provider. */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { ...options, wrapper: LightTheme });
}
