/**
 * The page's frame, rendered at build time by the app's own components and router
 * (scripts/prerender.ts), with styled-components' rules collected; src/main.tsx hydrates it.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender as renderStatic } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { App } from './App.tsx';
import { createAppRouter, pageOf } from './router.tsx';

export async function prerender(path: string): Promise<{ html: string; styles: string; page: string }> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const sheet = new ServerStyleSheet();
  try {
    // As src/main.tsx renders it (React's ids follow the tree); the parts that load on demand
    // are waited for, so the browser hydrates them when their code arrives.
    const { prelude } = await renderStatic(
      sheet.collectStyles(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    );
    const html = await new Response(prelude).text();
    return { html, styles: sheet.getStyleTags(), page: pageOf(router) };
  } finally {
    sheet.seal();
  }
}
