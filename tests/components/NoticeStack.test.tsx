// @vitest-environment jsdom
/**
 * The floating notices' one stack (src/ui/NoticeStack.tsx): the followed stories' new reports and a
 * new version, both at once, each in its own live region of the one stack, the newest on top.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { NOTHING_STORED, pageMachine } from '../../machines/page.ts';
import { FollowNotice } from '../../src/follow/FollowNotice.tsx';
import { ServiceWorkerUpdates } from '../../src/offline/ServiceWorkerUpdates.tsx';
import { SystemProvider } from '../../src/system/page-system.ts';
import { NoticeStack } from '../../src/ui/NoticeStack.tsx';
import { renderWithTheme } from './render.tsx';

const story = { id: 'c', title: 'Story c', summary: '', source: 'Wire', url: 'https://news.example.org/c', published_at: '2026-11-21T09:00:00.000Z', category: 'World' };

/** A worker in control, and a newer one that installs while the page is open: `install()` finishes it. */
function newVersionOnItsWay() {
  const listeners = new Map<string, () => void>();
  const installing = { state: 'installing', postMessage: vi.fn(), addEventListener: (type: string, listener: () => void) => listeners.set(type, listener) };
  const registration = { waiting: null, installing, addEventListener: () => {} };
  const container = { controller: {}, register: () => Promise.resolve(registration), addEventListener: () => {} };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return {
    install() {
      installing.state = 'installed';
      listeners.get('statechange')?.();
    },
    taken: installing.postMessage,
  };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the floating notices', () => {
  it('show both at once in one stack, the newest on top; each keeps its own action', async () => {
    const user = userEvent.setup();
    const worker = newVersionOnItsWay();
    // A visitor back with a followed story that has 2 reports more than seen.
    const page = createActor(pageMachine, { input: { ...NOTHING_STORED, follows: { follows: [{ id: 'c', followed_at: '2026-11-21T09:30:00.000Z', seen: 1, reports: 3, story }] } } });
    const onShow = vi.fn();
    renderWithTheme(
      <SystemProvider page={page}>
        <NoticeStack>
          <ServiceWorkerUpdates firstScreenDone />
          <FollowNotice onShow={onShow} />
        </NoticeStack>
      </SystemProvider>,
    );
    act(() => void page.start());
    const follows = (await screen.findByText('1 story you follow has new reports')).closest('[role="status"]') as HTMLElement;
    await act(async () => worker.install());
    const version = (await screen.findByText('A new version is available')).closest('[role="status"]') as HTMLElement;

    // Two live regions of the one stack, neither inside the other.
    const stack = follows.closest('[data-notice-stack]');
    expect(stack).not.toBeNull();
    expect(version.closest('[data-notice-stack]')).toBe(stack);
    expect(follows.contains(version) || version.contains(follows)).toBe(false);
    // The stack is one column: the new version, which came last, stands above the followed stories' notice.
    expect(Number(version.style.order)).toBeLessThan(Number(follows.style.order));

    await user.click(within(follows).getByRole('button', { name: 'Show' }));
    expect(onShow).toHaveBeenCalledTimes(1);
    await user.click(within(version).getByRole('button', { name: 'Reload' }));
    expect(worker.taken).toHaveBeenCalledTimes(1);
    page.stop();
  });
});
