import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface FeedServer {
  readonly origin: string;
  url(path: string): string;
  route(path: string, handler: Route): void;
  /** Serves fixed bytes with a content type. */
  serve(path: string, body: Uint8Array | string, contentType?: string): void;
  close(): Promise<void>;
}

/** A loopback HTTP server (127.0.0.1, a free port) that tests fill with routes. */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Route>();
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const route = routes.get(path);
    if (route) return route(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    route: (path, handler) => routes.set(path, handler),
    serve: (path, body, contentType = 'application/rss+xml') =>
      routes.set(path, (_request, response) => {
        response.writeHead(200, { 'content-type': contentType }).end(body);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
