import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { provideLater } from '../src/ui/later.ts';

// The whole app renders in jsdom, lazy chunks included; a busy 2-core CI needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// The page's later part, for components rendered without the app (which says the same in src/app/App.tsx).
provideLater(() => import('../src/app/later.ts').then((module) => module.parts));
