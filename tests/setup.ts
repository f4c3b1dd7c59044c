import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// The whole app renders in jsdom, lazy chunks included; a busy 2-core CI needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });
