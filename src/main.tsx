/**
 * The page's entry, kept small: the browser paints the frame the HTML holds before any of the
 * app's code runs, and that code then runs in a few tasks, none of them long
 * (docs/product.md#the-page-before-its-scripts): React, then the app, each after a pause in
 * which the browser can paint, answer a press or run the feed call's script.
 */
import { onDemand } from './browser/on-demand.ts';
import { tellBoot } from './browser/takeover.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** After the next paint (at once in a hidden tab, which paints nothing). */
const afterPaint = () => new Promise<void>((resolve) => (document.visibilityState === 'visible' ? requestAnimationFrame(() => setTimeout(resolve, 0)) : resolve()));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterPaint()
  // React on its own: its modules take the longest to evaluate.
  .then(() => onDemand(() => import('react-dom/client')))
  .then(nextTask)
  // The page's machines on their own: XState builds every machine's states as its module runs.
  .then(() => onDemand(() => import('./app/page-actors.ts')))
  .then(nextTask)
  .then(() => onDemand(() => import('./app/mount.tsx')))
  .then(async ({ start }) => {
    await nextTask();
    start(root);
  })
  // The app's code could not load, and no reload brings it: index.html's "Reload" shows at once.
  .catch(() => tellBoot('script.failed'));
