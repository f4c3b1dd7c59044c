// Run by tests/function/network-namespace.test.ts INSIDE a loopback-only network namespace
// (`unshare -n`, lo up, the "blocked" addresses below bound to lo). It starts a canary on
// port 80 of every address, hostile feeds on 127.0.0.1, and the real function on Deno
// (`npm run functions`, NEWS_ALLOW_LOOPBACK=1), asks it for the news once, and prints
// { elapsedMs, answer, canaryHits, controlHits, log } as JSON on stdout.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFeedServer } from './feed-server.ts';
import { freePort, INGEST_DONE, runScript, waitForOutput } from './function-process.ts';
import { CANARY_ADDRESSES } from './netns-addresses.ts';
import { syntheticRss } from './synthetic-feed.ts';

// Outside a loopback-only namespace the blocked addresses below are real ones: refuse to run.
const interfaces = Object.keys(networkInterfaces());
if (interfaces.some((name) => name !== 'lo')) {
  process.stderr.write(`netns-hostile.ts runs only inside a loopback-only network namespace; interfaces here: ${interfaces.join(', ')}\n`);
  process.exit(2);
}

const canaryHits: string[] = [];
const INTERNAL_ATOM = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Internal</title>
<entry><title>INTERNAL SECRET</title><link href="http://intranet.corp/secret"/><id>secret</id><updated>2025-01-01T00:00:00Z</updated></entry></feed>`;

async function listen(server: Server, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(80, host, () => resolve());
  });
}

const canary = createServer((request, response) => {
  canaryHits.push(`${request.socket.localAddress ?? '?'} ${request.url ?? ''}`);
  response.writeHead(200, { 'content-type': 'application/atom+xml' }).end(INTERNAL_ATOM);
});
await listen(canary, '0.0.0.0');
const canary6 = createServer((request, response) => canary.emit('request', request, response));
await listen(canary6, '::').catch(() => undefined); // no IPv6 in the namespace: the IPv6 cases fail to connect anyway

// Positive control: the canary sees a request to a blocked address, so silence below means something.
for (const address of CANARY_ADDRESSES) await (await fetch(`http://${address}/control`)).text();
const controlHits = canaryHits.splice(0);

const feeds = await startFeedServer();
const redirect = (path: string, location: string) =>
  feeds.route(path, (_request, response) => response.writeHead(302, { location }).end());
redirect('/to-metadata', 'http://169.254.169.254/latest/meta-data/');
redirect('/to-10', 'http://10.0.0.1/internal.atom');
redirect('/to-172', 'http://172.16.5.4/internal.atom');
redirect('/to-192', 'http://192.168.1.1/internal.atom');
redirect('/to-100-64', 'http://100.64.0.1/internal.atom');
redirect('/to-mapped', 'http://[::ffff:a9fe:a9fe]/latest/meta-data/');
redirect('/to-decimal', 'http://2852039166/latest/meta-data/');
redirect('/to-hex', 'http://0xa9fea9fe/latest/meta-data/');
redirect('/to-octal', 'http://0251.0376.0251.0376/latest/meta-data/');

feeds.serve('/good.xml', syntheticRss('good', 30));
// The hostile feed: 3 MB of "&" with one late ";" in the title and the description.
const amps = '&'.repeat(1536 * 1024);
const hostile = (title: string, description: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title><item><title>${title}</title>` +
  `<link>https://hostile.example/a</link><description>${description}</description></item></channel></rss>`;
feeds.serve('/ampersands-3mb.xml', hostile(`${amps};`, `${amps};`));
const justUnder = '&'.repeat(250 * 1024); // both just under the 512 KiB limit
feeds.serve('/ampersands-500kb.xml', hostile(`${justUnder};`, `${justUnder};`));
feeds.serve(
  '/unbounded.xml',
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Unbounded</title>
  <item><title>${'word '.repeat(20_000)}</title><link>https://unbounded.example/long-title</link><pubDate>Fri, 01 Jan 2099 00:00:00 GMT</pubDate></item>
  <item><title>Long URL</title><link>https://unbounded.example/${'x'.repeat(5_000)}</link></item>
  <item><title>Long image</title><link>https://unbounded.example/long-image</link><enclosure url="https://unbounded.example/${'i'.repeat(5_000)}.jpg" type="image/jpeg"/></item>
  </channel></rss>`,
);
feeds.route('/hang', () => undefined);
feeds.serve('/page.html', '<!doctype html><html><body>not a feed</body></html>', 'text/html');
feeds.serve('/broken.xml', '<rss version="2.0"><channel><item><link a="1></item></channel></rss>');

const SOURCES: readonly [name: string, path: string][] = [
  ['Good', '/good.xml'],
  ['Metadata', '/to-metadata'],
  ['RFC 1918 10/8', '/to-10'],
  ['RFC 1918 172.16/12', '/to-172'],
  ['RFC 1918 192.168/16', '/to-192'],
  ['CGNAT', '/to-100-64'],
  ['Mapped IPv6', '/to-mapped'],
  ['Decimal', '/to-decimal'],
  ['Hex', '/to-hex'],
  ['Octal', '/to-octal'],
  ['Ampersands 3 MB', '/ampersands-3mb.xml'],
  ['Ampersands 500 KB', '/ampersands-500kb.xml'],
  ['Unbounded', '/unbounded.xml'],
  ['Missing', '/missing.xml'],
  ['Page', '/page.html'],
  ['Broken', '/broken.xml'],
  // More hanging sources than fetches run at once: the last ones only start when the first
  // time out, so only the overall deadline can answer in time.
  ...Array.from({ length: 10 }, (_, i): [string, string] => [`Hang ${i + 1}`, `/hang?${i}`]),
];

const dir = mkdtempSync(join(tmpdir(), 'fetch-news-netns-'));
const sourcesFile = join(dir, 'sources.json');
writeFileSync(sourcesFile, JSON.stringify(SOURCES.map(([name, path]) => ({ name, url: feeds.url(path), category: 'World' }))));
const port = await freePort();
const fn = runScript('functions.mjs', { FUNCTIONS_PORT: String(port), NEWS_SOURCES_FILE: sourcesFile, NEWS_ALLOW_LOOPBACK: '1' });
try {
  await waitForOutput(fn, `listening on http://127.0.0.1:${port}`, 120_000);
  // npm run functions ingests as soon as the function is up: the time that ingest takes.
  const started = performance.now();
  await waitForOutput(fn, INGEST_DONE, 30_000);
  const elapsedMs = performance.now() - started;
  const response = await fetch(`http://127.0.0.1:${port}/functions/v1/fetch-news`, { method: 'POST' });
  const text = await response.text();
  await new Promise((resolve) => setTimeout(resolve, 200)); // late log lines
  process.stdout.write(JSON.stringify({ elapsedMs, answerBytes: text.length, answer: JSON.parse(text) as unknown, canaryHits, controlHits, log: fn.output() }));
} finally {
  await fn.stop();
  await feeds.close();
  canary.close();
  canary6.close();
}
