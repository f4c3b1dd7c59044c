// @vitest-environment jsdom
/**
 * When the page's later part loads (src/app/later.ts, docs/architecture.md#the-boot): a part the
 * visitor asks for fetches it at once, a part that shows unasked waits for it, and the first
 * screen's lead image comes before it. Each test makes its own later part: the page loads its own once.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLater } from '../../src/app/later.ts';
import { CategoryPickerButton } from '../../src/search/CategoryPickerButton.tsx';
import { renderWithTheme } from './render.tsx';

// Two parts by their names, drawn as plain text.
const PARTS = { EmptyState: (_: { onClearFilters(): void }) => <p>The empty state</p>, RelatedSources: (_: { related: [] }) => <p>The other sources</p> };

let load: ReturnType<typeof vi.fn<() => Promise<typeof PARTS>>>;
let later: ReturnType<typeof createLater<typeof PARTS>>;

beforeEach(() => {
  load = vi.fn(() => Promise.resolve(PARTS));
  later = createLater(load);
});
afterEach(() => document.querySelectorAll('img').forEach((image) => image.remove()));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first screen's lead image, on its way: jsdom loads none, so it stays so until the test says otherwise. */
function leadImageOnItsWay(): HTMLImageElement {
  const image = document.body.appendChild(document.createElement('img'));
  image.setAttribute('fetchpriority', 'high');
  image.src = 'https://news.example.org/lead.png';
  expect(image.complete).toBe(false);
  return image;
}

describe('the later part', () => {
  it('is not fetched by a part that shows unasked; the first part asked for fetches it, once, and both draw', async () => {
    const Unasked = later.component('RelatedSources', { waits: true });
    const Asked = later.component('EmptyState');
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
    const image = leadImageOnItsWay();
    later.firstScreenDrawn();
    await pause(200);
    expect(load).not.toHaveBeenCalled();
    image.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await expect(later.arrival()).resolves.toBe(PARTS);
  });

  it('after the first screen: a lead image that fails counts as come', async () => {
    const image = leadImageOnItsWay();
    later.firstScreenDrawn();
    await pause(200);
    expect(load).not.toHaveBeenCalled();
    image.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('after a first screen with no lead image, or one already loaded: right after the next frame, once', async () => {
    later.firstScreenDrawn();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    const image = leadImageOnItsWay();
    Object.defineProperty(image, 'complete', { value: true });
    later.firstScreenDrawn();
    await pause(50);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('at the latest 2 s after the first render, with no first screen; not once the page has gone', async () => {
    vi.useFakeTimers();
    try {
      later.startDeadline();
      await vi.advanceTimersByTimeAsync(1999);
      expect(load).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(1);

      const other = createLater(load);
      const cancel = other.startDeadline();
      cancel();
      await vi.advanceTimersByTimeAsync(5000);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a part that cannot load leaves the page as it is: what waits keeps its place, and the part is fetched again once the browser is back online', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    load.mockImplementationOnce(() => Promise.reject(failure));
    const Unasked = later.component('RelatedSources', { waits: true });
    render(
      <Suspense fallback={<p>Its place</p>}>
        <Unasked related={[]} />
      </Suspense>,
    );
    later.firstScreenDrawn();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await pause(100);
    expect(screen.getByText('Its place')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('The other sources')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a part asked for after a failed load fetches it again, and its own failure reaches the asker', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    load.mockImplementationOnce(() => Promise.reject(failure)).mockImplementationOnce(() => Promise.reject(failure));
    await expect(later.ask()).rejects.toBe(failure);
    await expect(later.ask()).rejects.toBe(failure);
    await expect(later.ask()).resolves.toBe(PARTS);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a Categories press whose part cannot load reaches the page\'s boundary, never a press that does nothing', async () => {
    load.mockImplementation(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const silenced = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithTheme(
      <Boundary>
        <CategoryPickerButton categories={['Health']} selected={[]} onChange={() => {}} Picker={null} onAsk={later.ask} />
      </Boundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Categories' }), { detail: 1 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Caught: Failed to fetch dynamically imported module');
    silenced.mockRestore();
  });
});

/** Stands for the page's load boundary (src/app/LoadFailure.tsx). */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    return this.state.error ? <p role="alert">Caught: {this.state.error.message}</p> : this.props.children;
  }
}

