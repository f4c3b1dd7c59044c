/**
 * An entry of its own, loaded by index.html's head as a small async module script apart from
 * the app's bundle (vite.config.ts, earlyFeedCall): it starts the feed call as soon as it
 * arrives, and the app's first call takes it (src/api/fetch-news.ts).
 */
import { startFirstFeedCall } from '../api/fetch-news.ts';

// The home page's first call: a story's page (a first visit straight to its address) asks for its own.
if (window.location.pathname === '/') startFirstFeedCall();
