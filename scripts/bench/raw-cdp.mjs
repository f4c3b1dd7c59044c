/**
 * Chromium driven over the bare DevTools protocol (a pipe, as Playwright does it), for the load
 * runs' long tasks. Playwright enables the protocol's Network domain on every page, and with it
 * Chromium's DevTools network agent keeps a copy of every response on the page's main thread:
 * for a 10,000-story answer (about 4 MB) that is a long task of 600-870 ms at 4x with no script
 * in it, which no visitor's browser runs (measured: docs/performance.md, Method). Here only
 * the domains the measurement needs are used: Page (for the init script), Emulation, Runtime,
 * HeapProfiler and Profiler.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, chromiumPath } from '../chromium.mjs';

/**
 * @typedef {object} RawPage
 * @property {(method: string, params?: object) => Promise<any>} send a protocol command in the page's session
 * @property {(expression: string) => Promise<any>} evaluate the JSON value of an expression in the page
 * @property {(url: string) => Promise<void>} navigate
 * @property {() => Promise<void>} close closes the page and its browser context
 */

/**
 * @typedef {object} RawBrowser
 * @property {(options: { throttle: number, viewport: { width: number, height: number }, initScript: string }) => Promise<RawPage>} newPage
 *   a page in a fresh browser context (empty cache and storage), CPU throttled, with `initScript` run before the page's own scripts
 * @property {() => Promise<void>} close
 */

/** @returns {Promise<RawBrowser>} */
export async function launchRawChromium() {
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const child = spawn(chromiumPath(), [...CHROMIUM_FLAGS, '--remote-debugging-pipe', `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const toBrowser = /** @type {import('node:stream').Writable} */ (child.stdio[3]);
  const fromBrowser = /** @type {import('node:stream').Readable} */ (child.stdio[4]);
  let nextId = 0;
  /** @type {Map<number, { resolve: (value: any) => void, reject: (error: Error) => void, method: string }>} */
  const pending = new Map();
  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk) => {
    buffered += chunk;
    // Messages end with a NUL byte.
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) continue;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result);
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', () => {
    for (const waiting of pending.values()) waiting.reject(new Error(`Chromium exited during ${waiting.method}`));
    pending.clear();
  });

  /** @param {string} method @param {object} [params] @param {string} [sessionId] */
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject, method });
      toBrowser.write(`${JSON.stringify({ id: nextId, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });

  return {
    async newPage({ throttle, viewport, initScript }) {
      const { browserContextId } = await send('Target.createBrowserContext');
      const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
      const inPage = (/** @type {string} */ method, /** @type {object} */ params = {}) => send(method, params, sessionId);
      await inPage('Page.enable');
      await inPage('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false });
      await inPage('Emulation.setCPUThrottlingRate', { rate: throttle });
      await inPage('Page.addScriptToEvaluateOnNewDocument', { source: initScript });
      return {
        send: inPage,
        async evaluate(expression) {
          const { result, exceptionDetails } = await inPage('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
          if (exceptionDetails) throw new Error(`evaluate: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
          return result.value;
        },
        async navigate(url) {
          await inPage('Page.navigate', { url });
        },
        async close() {
          await send('Target.disposeBrowserContext', { browserContextId });
        },
      };
    },
    async close() {
      await send('Browser.close').catch(() => {});
      await exited;
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
