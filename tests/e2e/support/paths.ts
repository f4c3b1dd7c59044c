import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the global setup builds the site (deleted again at teardown unless E2E_KEEP_DIST=1). */
export const DIST_DIR = resolve(REPO_ROOT, 'dist-e2e');

/** The port `vite preview` serves the built site on. */
export const PREVIEW_PORT = 4319;
export const SITE = `http://127.0.0.1:${PREVIEW_PORT}`;

/** The stand-in backend the site is built against (VITE_SUPABASE_URL). */
export const BACKEND_PORT = 54329;
export const BACKEND_URL = `http://127.0.0.1:${BACKEND_PORT}`;
export const FUNCTION_PATH = '/functions/v1/fetch-news';

/** The key the build uses: the placeholder of src/api/functions.ts (no VITE_SUPABASE_ANON_KEY is set). */
export const ANON_KEY = 'e2e-public-anon-key';
