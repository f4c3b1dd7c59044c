/**
 * A script of its own in index.html (injected by vite.config.ts), loaded beside the app's
 * entry and run before it: it starts the feed call before the app's much larger JavaScript has
 * downloaded (the app takes the call over: src/app/live-feed.ts), and paints a snapshot of the
 * first story cards, from the kept stories as soon as `#root` is parsed (the call starts
 * then) or from that call's answer (src/snapshot/boot.ts), which the app replaces when its own
 * cards show (src/main.tsx). First of all, it keeps libraries' `beforeunload` listeners off
 * the page (src/boot/before-unload.ts).
 */
import { earlyFeedAnswer, startEarlyFeedCall } from './app/feed-request.ts';
import { refuseBeforeUnloadListeners } from './boot/before-unload.ts';
import { startSnapshot } from './snapshot/boot.ts';

refuseBeforeUnloadListeners(window);

startSnapshot(document, {
  startFeedCall(withKeptStories) {
    // Without kept stories the first cards wait for this call: the page makes it at once
    // (src/app/feed-call.ts).
    startEarlyFeedCall({ onPage: !withKeptStories });
    return earlyFeedAnswer();
  },
});
