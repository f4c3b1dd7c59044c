/**
 * Sharing a story (docs/product.md#bookmarks-sharing-and-copying, #native-share): every state
 * and transition of the share machine, each of the menu's four targets, replayed with a fake
 * clipboard and the new tab and share sheet recorded.
 */
import { expect } from 'vitest';
import { shareMachine } from '../../machines/share.ts';
import type { Story } from '../../src/domain/story.ts';
import { definePathSuite } from './paths.ts';

// A title and a URL that need encoding.
const story: Story = { id: 's1', title: 'Mars & Venus: 100% "close"?', summary: '', source: 'Wire', url: 'https://news.example.org/story?id=1&x=%20', published_at: '', category: 'Science' };
const TWITTER = 'https://twitter.com/intent/tweet?text=Mars%20%26%20Venus%3A%20100%25%20%22close%22%3F&url=https%3A%2F%2Fnews.example.org%2Fstory%3Fid%3D1%26x%3D%2520';
const FACEBOOK = 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fnews.example.org%2Fstory%3Fid%3D1%26x%3D%2520&quote=Mars%20%26%20Venus%3A%20100%25%20%22close%22%3F';

definePathSuite({
  name: 'share',
  machine: shareMachine,
  events: [
    { type: 'story.share', story, target: 'twitter' },
    { type: 'story.share', story, target: 'facebook' },
    { type: 'story.share', story, target: 'native' },
    { type: 'story.share', story, target: 'copy' },
    // A story's page: "Copy link to this page".
    { type: 'link.copy', url: 'https://newsroom.example/story/s1' },
    { type: 'xstate.error.actor.writeClipboard', error: new DOMException('Write permission denied', 'NotAllowedError') },
  ],
  delays: {},
  // Idle before a first copy, and idle and copying after a story's link or a page's: every target from each, and the clipboard's two outcomes while copying.
  expectedPaths: 29,
  arrange: (fakes, effects) =>
    shareMachine.provide({
      actors: { writeClipboard: fakes.actor<void, { text: string }>('writeClipboard') },
      actions: {
        openInNewTab: (_, params) => void effects.push({ newTab: params.url }),
        shareNatively: (_, params) => void effects.push({ shareSheet: params }),
      },
    }),
  check({ event, before, after, fakes, emitted, effects }) {
    const callsBefore = before.matches('copying') ? 1 : 0;
    // Twitter and Facebook open their share page in a new tab; the share sheet gets the title and URL; nothing else opens anything.
    if (event.type === 'story.share' && event.target === 'twitter') expect(effects).toEqual([{ newTab: TWITTER }]);
    else if (event.type === 'story.share' && event.target === 'facebook') expect(effects).toEqual([{ newTab: FACEBOOK }]);
    else if (event.type === 'story.share' && event.target === 'native') expect(effects).toEqual([{ shareSheet: { title: story.title, url: story.url } }]);
    else expect(effects).toEqual([]);
    // Copy Link writes the story's URL, replacing a write still under way; the other targets leave the clipboard alone.
    if (event.type === 'story.share' && event.target === 'copy') {
      expect(fakes.calls.at(-1)?.input).toEqual({ text: story.url });
      if (callsBefore) expect(fakes.calls.at(-2)?.signal.aborted).toBe(true);
    } else if (event.type === 'link.copy') {
      // The page's own address, replacing a write under way, announced as a story's link is.
      expect(fakes.calls.at(-1)?.input).toEqual({ text: 'https://newsroom.example/story/s1' });
      if (callsBefore) expect(fakes.calls.at(-2)?.signal.aborted).toBe(true);
    } else if (event.type === 'story.share') {
      expect(after.value).toEqual(before.value);
      expect(fakes.isPending('writeClipboard')).toBe(callsBefore === 1);
    }
    expect(fakes.isPending('writeClipboard')).toBe(after.matches('copying'));
    // The outcome is announced exactly once, as the toast the page shows.
    const copied = (before.context as { url: string }).url;
    if (event.type === 'xstate.done.actor.writeClipboard') expect(emitted).toEqual([{ type: 'link.copied', url: copied }]);
    else if (event.type === 'xstate.error.actor.writeClipboard') expect(emitted).toEqual([{ type: 'link.copyFailed', url: copied }]);
    else expect(emitted).toEqual([]);
  },
});
