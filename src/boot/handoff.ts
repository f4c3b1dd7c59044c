/**
 * What src/feed-boot.ts, a script of its own that runs before the app, hands over to the app:
 * the two are separate bundles, so their shared state lives on `window`, under one name.
 */

export interface EarlyFeedCall {
  /** The parsed answer, or the call's failure. */
  answer: Promise<unknown>;
  controller: AbortController;
}

export interface BootHandoff {
  /** The feed call started before the app, until the app takes it. */
  earlyFeed?: EarlyFeedCall;
  /** The app has asked for the feed: a call started from now on would be a second request. */
  feedAsked?: boolean;
  /** The app shows its own page: no snapshot from now on (src/snapshot/boot.ts). */
  snapshotEnded?: boolean;
}

const GLOBAL_NAME = '__newsroomBoot';

export function bootHandoff(): BootHandoff {
  const holder = globalThis as unknown as Record<string, BootHandoff | undefined>;
  return (holder[GLOBAL_NAME] ??= {});
}

/** A new page, as far as the handoff knows (tests). */
export function resetBootHandoff(): void {
  delete (globalThis as unknown as Record<string, BootHandoff | undefined>)[GLOBAL_NAME];
}
