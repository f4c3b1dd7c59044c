import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { later } from '../src/app/later.ts';

// The whole app renders in jsdom, lazy chunks included; a busy 2-core CI needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// The page's later part, loaded before a rendering test starts as the page loads it after its first render:
// one module graph whose first transform can take longer than a query's 5 s on a busy machine.
if (typeof document !== 'undefined') await later.ask();
