/**
 * A loopback HTTP server (node:http, a free port) with the fixture feeds, the story images of
 * tests/fixtures/images and a story page per link. Started once by the global setup; a test file
 * whose feeds change (follow.e2e.ts) starts its own with its own copy of the sources.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { BROKEN_IMAGE_PATH, feedDocument, FIXTURE_SOURCES, type FixtureSource } from './feeds.ts';
import { REPO_ROOT } from './paths.ts';

const IMAGES_DIR = join(REPO_ROOT, 'tests/fixtures/images');

export interface FixtureServer {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `sources` as they are at each request: a change to them shows in the next fetch of the feed. */
export async function startFixtureServer(sources: readonly FixtureSource[] = FIXTURE_SOURCES): Promise<FixtureServer> {
  const sockets = new Set<Socket>();
  let origin = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    const source = sources.find((candidate) => candidate.feed === path);
    if (source) {
      const { body, contentType } = feedDocument(source, origin);
      response.writeHead(200, { 'content-type': contentType }).end(body);
      return;
    }
    const image = /^\/images\/(story-\d+\.svg)$/.exec(path);
    if (image?.[1] && path !== BROKEN_IMAGE_PATH) {
      try {
        const svg = readFileSync(join(IMAGES_DIR, image[1]));
        response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' }).end(svg);
      } catch {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('no such image');
      }
      return;
    }
    if (request.method === 'GET' && !path.startsWith('/images/') && !path.startsWith('/feeds/')) {
      // A story page, for links opened from the site.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Story</title><p>${path}</p>`);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
