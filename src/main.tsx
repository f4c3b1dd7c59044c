// First: it starts the feed call before the other modules run.
import './feed/boot.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { devInspector } from './app/inspector.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// `?inspect` in the dev server: every actor reports to the Stately inspector (docs/machines.md).
const inspect = import.meta.env.DEV ? await devInspector(window.location.search) : undefined;

// A transition: React renders the first screen in short slices, never one long task.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App inspect={inspect} />
    </StrictMode>,
  ),
);
