import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadStoryComponents, whenStoryAreaSettled } from './app/deferred-components.tsx';
import { devInspector } from './app/inspector.ts';
import { loadFeedRequest } from './app/live-feed.ts';
import { writeSnapshotPage } from './app/snapshot-page.ts';
import { endSnapshot } from './snapshot/boot.ts';

// The feed call's chunk: src/feed-boot.ts has usually loaded it (and started the call) already.
// A failure here shows up where it matters: the feed call retries, then falls back.
loadFeedRequest().catch(() => {});
// The cards: the first card waits for them, so they load while React renders the skeleton.
preloadStoryComponents();

// The snapshot of the first cards painted by src/feed-boot.ts, if any, until the app shows its own.
void whenStoryAreaSettled().then(() => endSnapshot(document));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// `?inspect` in the dev server: every actor reports to the Stately inspector (docs/machines.md).
const inspect = import.meta.env.DEV ? await devInspector(window.location.search) : undefined;

// Production only: the service worker, once the page has loaded (docs/deploy.md#offline-and-updates).
// Once it is active, the prerendered page of the kept stories (src/snapshot/prerendered.ts).
if (import.meta.env.PROD) window.addEventListener('load', () => void import('./app/service-worker-registration.ts').then((m) => m.registerServiceWorker(navigator, writeSnapshotPage)));

createRoot(root).render(
  <StrictMode>
    <App inspect={inspect} />
  </StrictMode>,
);
