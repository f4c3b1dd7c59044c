/**
 * The follow-news calls (src/api/follow-news.ts) against a loopback server: the same address and
 * headers as fetch-news's (src/api/functions.ts), the body as JSON, and what counts as a failure.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let handler: Handler = (_request, _body, response) => response.end();
const seen: { request: IncomingMessage; body: string }[] = [];
let server: Server;
let api: typeof import('../../src/api/follow-news.ts');

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ request, body });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_SUPABASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'test-anon-key');
  vi.resetModules();
  api = await import('../../src/api/follow-news.ts');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const answer = (status: number, body?: string): Handler => (_request, _body, response) => {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body);
};

/** A subscription as the browser gives it: only its JSON is sent (sendSubscription takes no more). */
const subscription = { toJSON: () => ({ endpoint: 'https://push.example.org/s/1', keys: { p256dh: 'p', auth: 'a' } }) };

describe('follow-news', () => {
  it('GETs the public key with the anon key as apikey and bearer token', async () => {
    handler = answer(200, '{"public_key":"BPk-y_9="}');
    await expect(api.fetchPublicKey()).resolves.toBe('BPk-y_9=');
    const { request } = seen.at(-1)!;
    expect([request.method, request.url]).toEqual(['GET', '/functions/v1/follow-news']);
    expect(request.headers.apikey).toBe('test-anon-key');
    expect(request.headers.authorization).toBe('Bearer test-anon-key');
    expect(request.headers['content-type']).toBeUndefined();
  });

  it.each([
    ['no key', '{}'],
    ['a key that is not base64url', '{"public_key":"a b"}'],
    ['an answer that is no object', '["BPk"]'],
  ])('refuses %s', async (_case, body) => {
    handler = answer(200, body);
    await expect(api.fetchPublicKey()).rejects.toThrow('follow-news sent no public key');
  });

  it('fails when push is not configured there (503), naming the function and its status', async () => {
    handler = answer(503, '{"error":"push_unconfigured"}');
    await expect(api.fetchPublicKey()).rejects.toThrow('The follow-news function answered with a non-2xx status: 503');
  });

  it("POSTs this browser's subscription, ids and alerts as JSON, and DELETEs it by its endpoint; a 204 is done", async () => {
    handler = answer(204);
    await api.sendSubscription(subscription, { ids: ['a', 'b'], alerts: ['paris election'] });
    expect(seen.at(-1)!.request.method).toBe('POST');
    expect(seen.at(-1)!.request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ subscription: subscription.toJSON(), ids: ['a', 'b'], alerts: ['paris election'] });
    await api.deleteSubscription('https://push.example.org/s/1');
    expect(seen.at(-1)!.request.method).toBe('DELETE');
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ endpoint: 'https://push.example.org/s/1' });
  });

  it('fails a refused subscription (429)', async () => {
    handler = answer(429, '{"error":"rate_limited"}');
    await expect(api.sendSubscription(subscription, { ids: ['a'], alerts: [] })).rejects.toThrow('non-2xx status: 429');
  });
});
