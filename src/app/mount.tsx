/**
 * The app put on the page, once src/main.tsx has let the browser paint the frame and evaluated
 * React. The HTML holds the frame of one page, rendered at build time (src/app/prerender.tsx):
 * React takes it over where this URL shows that page as the frame does, with no filter, and draws
 * afresh over it anywhere else (a URL with filters, an unknown path given index.html by the host,
 * the dev server): the page's machines draw the frame until they start (src/app/App.tsx), and the
 * URL's filters are drawn at once. A transition: React works in short slices, never one long task.
 */
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { tellBoot } from '../browser/takeover.ts';
import { App } from './App.tsx';
import { devInspector, type Inspect } from './inspector.ts';
import { createAppRouter, hasFilters, pageOf } from './router.tsx';

/** React's hydration root, with the method its types do not declare (react-dom/client, since React 18). */
type HydrationRoot = Root & { unstable_scheduleHydration(target: Element): void };

/** Runs `then` once what it wraps is on screen: its effects run after all of theirs. */
function AfterCommit({ then, children }: { then: () => void; children: ReactNode }) {
  useEffect(then, [then]);
  return children;
}

export function mountApp(root: HTMLElement, inspect?: Inspect): Root {
  const router = createAppRouter();
  const hydrating = root.dataset.page === pageOf(router) && !hasFilters(router);
  if (hydrating) {
    // The router renders as it did at build time: no Suspense of its own around the matches.
    // They load at once (no loader, no lazy route), and hydration waits for them.
    router.ssr = { manifest: undefined };
    void router.load();
  }
  const app = (
    <StrictMode>
      <App router={router} inspect={inspect} />
    </StrictMode>
  );
  // From here React takes the page's presses.
  tellBoot('app.starting');
  if (hydrating) {
    let hydrated: HydrationRoot | undefined;
    // The router holds the page in a Suspense boundary, which React would hydrate last, at its lowest
    // priority (after the later part's code and every update). Asked for once the shell is on screen,
    // in a transition, the page hydrates next, in slices.
    const page = root.firstElementChild;
    const hydratePage = () => startTransition(() => void (page && hydrated?.unstable_scheduleHydration(page)));
    startTransition(() => {
      hydrated = hydrateRoot(root, <AfterCommit then={hydratePage}>{app}</AfterCommit>) as HydrationRoot;
    });
    if (!hydrated) throw new Error('hydrateRoot returned no root');
    return hydrated;
  }
  const fresh = createRoot(root);
  startTransition(() => fresh.render(app));
  return fresh;
}

export function start(root: HTMLElement): void {
  // `?inspect` in the dev server: every actor reports to the Stately inspector (docs/machines.md).
  if (import.meta.env.DEV) void devInspector(window.location.search).then((inspect) => mountApp(root, inspect));
  else mountApp(root);
}
