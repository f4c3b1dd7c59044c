import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { loadLater, provideLater } from '../src/ui/later.ts';

// The whole app renders in jsdom, lazy chunks included; a busy 2-core CI needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// The page's later part, for components rendered without the app (which says the same in src/app/App.tsx),
// loaded before a rendering test starts as the page loads it after its first render: one module
// graph whose first transform can take longer than a query's 5 s on a busy machine.
provideLater(() => import('../src/app/later.ts').then((module) => module.parts));
if (typeof document !== 'undefined') await loadLater();
