// @vitest-environment jsdom
/**
 * When the page's later part loads (src/ui/later.ts, docs/architecture.md#the-boot): a part the
 * visitor asks for fetches it at once, a part that shows unasked waits for it, and the first
 * screen's lead image comes before it. Each test takes a fresh copy of the module: the page loads
 * its later part once.
 */
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LaterParts } from '../../src/ui/later.ts';

type Later = typeof import('../../src/ui/later.ts');

let later: Later;
let load: ReturnType<typeof vi.fn<() => Promise<LaterParts>>>;

// Two parts by their real names, drawn as plain text.
const PARTS = { EmptyState: () => <p>The empty state</p>, RelatedSources: () => <p>The other sources</p> } as unknown as LaterParts;

beforeEach(async () => {
  vi.resetModules();
  later = await import('../../src/ui/later.ts');
  load = vi.fn(() => Promise.resolve(PARTS));
  later.provideLater(load);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An image on its way: jsdom loads none, so it stays so until the test says otherwise. */
function imageOnItsWay(): HTMLImageElement {
  const image = document.createElement('img');
  image.src = 'https://news.example.org/lead.png';
  expect(image.complete).toBe(false);
  return image;
}

describe('the later part', () => {
  it('is not fetched by a part that shows unasked; the first part asked for fetches it, once, and both draw', async () => {
    const Unasked = later.laterComponent('RelatedSources', { waits: true });
    const Asked = later.laterComponent('EmptyState');
    const { rerender } = render(
      <Suspense fallback={<p>Its place</p>}>
        <Unasked related={[]} />
      </Suspense>,
    );
    await pause(100);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('Its place')).toBeInTheDocument();

    rerender(
      <>
        <Suspense fallback={<p>Its place</p>}>
          <Unasked related={[]} />
        </Suspense>
        <Suspense fallback={null}>
          <Asked onClearFilters={() => {}} />
        </Suspense>
      </>,
    );
    expect(await screen.findByText('The other sources')).toBeInTheDocument();
    expect(screen.getByText('The empty state')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after the first screen: not while its lead image is on its way; once it has loaded, after a frame', async () => {
    const image = imageOnItsWay();
    later.firstScreenAwaits(image);
    later.loadLaterAfterFirstScreen();
    await pause(200);
    expect(load).not.toHaveBeenCalled();
    image.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await expect(later.laterLoaded()).resolves.toBe(PARTS);
  });

  it('after the first screen: a lead image that fails counts as come', async () => {
    const image = imageOnItsWay();
    later.firstScreenAwaits(image);
    later.loadLaterAfterFirstScreen();
    await pause(200);
    expect(load).not.toHaveBeenCalled();
    image.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('after a first screen with no lead image, or one already loaded: right after the next frame', async () => {
    later.firstScreenAwaits(Object.defineProperty(document.createElement('img'), 'complete', { value: true }));
    later.loadLaterAfterFirstScreen();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    later.loadLaterAfterFirstScreen();
    await pause(50);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a part that cannot load reaches what waits for it: its error, not a wait without end', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    load.mockImplementation(() => Promise.reject(failure));
    const waiting = later.laterLoaded();
    await expect(later.loadLater()).rejects.toBe(failure);
    await expect(waiting).rejects.toBe(failure);
  });
});
