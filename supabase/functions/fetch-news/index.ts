// Supabase Edge Function entry: `supabase functions deploy fetch-news`.
import { createFetchNews, loadSources } from './lib/app.ts';
import { allowLoopbackFrom } from './lib/config.ts';

// An invalid NEWS_SOURCES_FILE fails here, at startup, with a message naming the file and entry.
const sources = await loadSources({
  getEnv: (name) => Deno.env.get(name),
  readTextFile: (path) => Deno.readTextFile(path),
});

Deno.serve(
  createFetchNews({
    sources,
    // Off unless NEWS_ALLOW_LOOPBACK=1 (local development and tests only).
    aggregateConfig: { allowLoopback: allowLoopbackFrom((name) => Deno.env.get(name)) },
    logError: (error) => console.error('fetch-news:', error),
    log: (message) => console.warn('fetch-news:', message),
  }),
);
