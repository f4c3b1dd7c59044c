/**
 * An entry of its own, loaded by index.html's head as a small async module script apart from the
 * app's bundle (vite.config.ts, headScripts): it starts the page's first call as soon as it
 * arrives, the one its address asks for (the feed under `/`, a story's coverage under
 * `/story/<id>`), and the app's first call of the same takes it (src/api/fetch-news.ts).
 */
import { startFirstCall } from './fetch-news.ts';

startFirstCall(window.location.pathname);
