/**
 * A script of its own in index.html (`async`, injected by vite.config.ts), loaded beside the
 * app's entry and run as soon as it arrives: it starts the feed call before the app's much
 * larger JavaScript has downloaded. The app takes the call over (src/app/live-feed.ts).
 */
import { startEarlyFeedCall } from './app/feed-request.ts';

startEarlyFeedCall();
