import { expect, it, vi } from 'vitest';
import { refuseBeforeUnloadListeners } from '../../src/boot/before-unload.ts';

function fakeWindow() {
  const target = new EventTarget() as EventTarget & Pick<Window, 'addEventListener'>;
  refuseBeforeUnloadListeners(target);
  return target;
}

it('drops beforeunload listeners, so leaving the page runs none', () => {
  const target = fakeWindow();
  const listener = vi.fn();
  target.addEventListener('beforeunload', listener);
  target.addEventListener('beforeunload', { handleEvent: listener }, { capture: true });
  target.dispatchEvent(new Event('beforeunload'));
  expect(listener).not.toHaveBeenCalled();
});

it('keeps every other listener, with its options', () => {
  const target = fakeWindow();
  const pagehide = vi.fn();
  const once = vi.fn();
  target.addEventListener('pagehide', pagehide);
  target.addEventListener('popstate', once, { once: true });
  target.dispatchEvent(new Event('pagehide'));
  target.dispatchEvent(new Event('popstate'));
  target.dispatchEvent(new Event('popstate'));
  expect(pagehide).toHaveBeenCalledOnce();
  expect(once).toHaveBeenCalledOnce();
});
