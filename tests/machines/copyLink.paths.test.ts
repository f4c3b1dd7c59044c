import { expect } from 'vitest';
import { copyLinkMachine } from '../../machines/copyLink.ts';
import { definePathSuite } from './paths.ts';

const url = 'https://news.example.org/story?id=1&x=%20';

definePathSuite({
  name: 'copyLink',
  machine: copyLinkMachine,
  events: [
    { type: 'link.copy', url },
    { type: 'xstate.error.actor.writeClipboard', error: new DOMException('Write permission denied', 'NotAllowedError') },
  ],
  delays: {},
  expectedPaths: 5,
  arrange: (fakes) => copyLinkMachine.provide({ actors: { writeClipboard: fakes.actor<void, { text: string }>('writeClipboard') } }),
  check({ event, after, fakes, emitted }) {
    if (event.type === 'link.copy') expect(fakes.calls.at(-1)?.input).toEqual({ text: url });
    expect(fakes.isPending('writeClipboard')).toBe(after.matches('copying'));
    // The outcome is announced exactly once, as the toast the page shows.
    if (event.type === 'xstate.done.actor.writeClipboard') expect(emitted).toEqual([{ type: 'link.copied', url }]);
    else if (event.type === 'xstate.error.actor.writeClipboard') expect(emitted).toEqual([{ type: 'link.copyFailed', url }]);
    else expect(emitted).toEqual([]);
  },
});
