// @vitest-environment jsdom
/**
 * The boot (src/browser/takeover.ts): the one place that says how far the app has taken over the
 * page, which index.html's "Reload" notice follows (docs/product.md#the-page-before-its-scripts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { bootState, nextBootState, tellBoot, type BootEvent, type BootState } from '../../src/browser/takeover.ts';

beforeEach(() => document.documentElement.removeAttribute('data-app'));

describe('the boot', () => {
  it('goes frame, starting, ready as the app comes, writing each on <html data-app>', () => {
    expect(bootState()).toBe('frame');
    tellBoot('app.starting');
    expect(document.documentElement.dataset.app).toBe('starting');
    tellBoot('app.shown');
    expect(document.documentElement.dataset.app).toBe('ready');
    expect(bootState()).toBe('ready');
  });

  it('says failed when a script cannot load before the app is on screen, and keeps a page on screen as it is', () => {
    tellBoot('script.failed');
    expect(bootState()).toBe('failed');
    // The app shows after all (its own "The page could not load", or the page itself): the notice steps aside.
    tellBoot('app.shown');
    tellBoot('script.failed');
    expect(bootState()).toBe('ready');
  });

  it('never goes back to the frame or to starting', () => {
    const states: BootState[] = ['frame', 'starting', 'ready', 'failed'];
    const events: BootEvent[] = ['app.starting', 'app.shown', 'script.failed'];
    for (const state of states) for (const event of events) expect(nextBootState(state, event)).not.toBe('frame');
    expect(nextBootState('ready', 'app.starting')).toBe('ready');
    expect(nextBootState('failed', 'app.starting')).toBe('failed');
  });

  it('reads anything else on the attribute as the frame', () => {
    document.documentElement.setAttribute('data-app', 'elsewhere');
    expect(bootState()).toBe('frame');
  });
});
