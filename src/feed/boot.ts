/**
 * The entry's first import: it starts the feed call while the rest of the app's modules are
 * still evaluating (src/feed/fetch-feed.ts).
 */
import { startFirstFeedCall } from './fetch-feed.ts';

startFirstFeedCall();
