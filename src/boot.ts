/**
 * The entry's first import, so that it runs before any library module: it keeps libraries'
 * `beforeunload` listeners off the page and starts the feed call while the rest of the app's
 * modules are still evaluating (src/feed/fetch-feed.ts).
 */
import { refuseBeforeUnloadListeners } from './boot/before-unload.ts';
import { startFirstFeedCall } from './feed/fetch-feed.ts';

refuseBeforeUnloadListeners(window);
startFirstFeedCall();
