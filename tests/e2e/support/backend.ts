/**
 * The stand-in backend the e2e build talks to (VITE_SUPABASE_URL=http://127.0.0.1:54329):
 * a node:http server in the test process answering /functions/v1/fetch-news, CORS preflight
 * included. By default it proxies to the real fetch-news function on Deno; a test can script
 * its answers (status, body, delay, hang), refuse connections, and read the calls it received.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { BACKEND_PORT, FUNCTION_PATH } from './paths.ts';

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/** One scripted answer. `proxy` forwards to the real function; `hang` never answers. */
export type Reply =
  | 'proxy'
  | 'hang'
  | {
      status?: number;
      /** A string is sent as it is; anything else as JSON. */
      body?: unknown;
      contentType?: string;
      /** Waits this long before answering (or before proxying, with `proxy: true`). */
      delayMs?: number;
      proxy?: boolean;
    };

export interface Call {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
}

export class Backend {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly pending = new Set<ServerResponse>();
  private queue: Reply[] = [];
  private fallback: Reply = 'proxy';
  /** Every feed call to the function: not the CORS preflight, not the saved stories' refresh. */
  readonly calls: Call[] = [];
  /** The saved stories' refreshes (`?ids=`), always proxied to the function. */
  readonly refreshCalls: Call[] = [];
  readonly preflights: Call[] = [];
  /** Requests for any other path (the page should make none). */
  readonly otherRequests: Call[] = [];

  constructor(private functionEndpoint: string) {}

  /** Proxies to another fetch-news from now on (a file's own function and store); reset() keeps it. */
  proxyTo(functionEndpoint: string): void {
    this.functionEndpoint = functionEndpoint;
  }

  /** Starts listening (again) on 127.0.0.1:54329. */
  async accept(): Promise<void> {
    if (this.server) return;
    const server = createServer((request, response) => void this.handle(request, response));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(BACKEND_PORT, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Stops listening and drops every connection: the browser's next call is refused. */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.releaseHanging();
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Forgets calls and scripts: back to proxying everything. */
  reset(): void {
    this.calls.length = 0;
    this.refreshCalls.length = 0;
    this.preflights.length = 0;
    this.otherRequests.length = 0;
    this.queue = [];
    this.fallback = 'proxy';
    this.releaseHanging();
  }

  /** The next calls get these answers, in order; later ones get the default. */
  script(...replies: Reply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** The answer for every call once the scripted ones are used up. */
  always(reply: Reply): this {
    this.fallback = reply;
    return this;
  }

  /** Resolves when at least `count` calls (not counting preflights) have arrived. */
  async waitForCalls(count: number, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.calls.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} calls to the backend within ${timeoutMs} ms, got ${this.calls.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private releaseHanging(): void {
    for (const response of this.pending) response.destroy();
    this.pending.clear();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://backend');
    const call: Call = { method: request.method ?? 'GET', path: url.pathname, headers: request.headers, at: Date.now() };
    if (url.pathname !== FUNCTION_PATH) {
      this.otherRequests.push(call);
      response.writeHead(404, { ...CORS_HEADERS, 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    if (request.method === 'OPTIONS') {
      this.preflights.push(call);
      response.writeHead(204, CORS_HEADERS).end();
      return;
    }
    // The saved stories' refresh (`?ids=`) is not the feed call that scripts and counts are about: proxied, counted apart.
    const refresh = url.searchParams.has('ids');
    (refresh ? this.refreshCalls : this.calls).push(call);
    const body = await readBody(request);
    const reply = refresh ? 'proxy' : (this.queue.shift() ?? this.fallback);
    if (reply === 'hang') {
      this.pending.add(response);
      response.once('close', () => this.pending.delete(response));
      return;
    }
    const scripted = reply === 'proxy' ? { proxy: true } : reply;
    if (scripted.delayMs) {
      this.pending.add(response);
      await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
      this.pending.delete(response);
      if (response.destroyed) return;
    }
    if (scripted.proxy) {
      await this.proxy(request, body, response);
      return;
    }
    const status = scripted.status ?? 200;
    const text = typeof scripted.body === 'string' ? scripted.body : JSON.stringify(scripted.body ?? null);
    const contentType = scripted.contentType ?? (typeof scripted.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json');
    response.writeHead(status, { ...CORS_HEADERS, 'content-type': contentType }).end(text);
  }

  private async proxy(request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<void> {
    try {
      // The page's parameters (`?before=`, `?ids=`, `?q=`) go through as they came.
      const search = new URL(request.url ?? '/', 'http://backend').search;
      const answer = await fetch(`${this.functionEndpoint}${search}`, {
        method: request.method ?? 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
      });
      const text = await answer.text();
      if (response.destroyed) return;
      response
        .writeHead(answer.status, { ...CORS_HEADERS, 'content-type': answer.headers.get('content-type') ?? 'application/json' })
        .end(text);
    } catch (error) {
      if (!response.destroyed) response.writeHead(599, CORS_HEADERS).end(`stand-in backend: proxy failed: ${String(error)}`);
    }
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', () => resolve(Buffer.concat(chunks)));
  });
}
