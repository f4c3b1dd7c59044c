import type { ReactElement } from 'react';
import { cleanup, render, type RenderOptions } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only cleans up by itself when the test runner exposes a global afterEach.
afterEach(cleanup);

/** render() as the page renders: the theme is custom properties (src/theme/tokens.ts), so nothing needs providing. */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, options);
}
