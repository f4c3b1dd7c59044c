// The bench's stand-in backend on 127.0.0.1: fetch-news answering with generated stories, their images, and /static.html,
// the floor: the same stories as plain <article> markup, one inline stylesheet, a plain search input, no script.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { PNG } from 'pngjs';
import type { Story } from '../../supabase/functions/_shared/story.ts';
import { seededRandom } from './stats.ts';

const CATEGORIES = ['World', 'Politics', 'Business', 'Technology', 'Science', 'Health', 'Sports', 'Entertainment', 'Climate', 'Culture', 'Travel', 'Education'];
const SOURCES = ['BBC News', 'Reuters', 'The Guardian', 'Ars Technica', 'NASA', 'Al Jazeera', 'NPR', 'Financial Times', 'Le Monde', 'The Verge', 'Nature', 'ESPN'];
const SUBJECTS = ['City officials', 'Regional leaders', 'Researchers', 'Chipmakers', 'Health ministers', 'Port operators', 'Local farmers', 'Central bankers', 'Engineers', 'Teachers’ unions', 'Astronomers', 'Club owners'];
const VERBS = ['weigh', 'unveil', 'question', 'approve', 'delay', 'debate', 'back', 'reject', 'review', 'expand'];
// "the new harbour plan" twice: the typing bench's query matches a few stories in full.
const OBJECTS = ['the new harbour plan', 'a cheaper rail pass for commuters', 'stricter limits on river pollution', 'a pilot for four-day school weeks', 'faster permits for rooftop solar', 'a shared data centre for hospitals', 'new rules on short-term rentals', 'a fund for flood defences', 'the stadium renovation budget', 'a survey of deep-sea coral reefs', 'tighter checks on imported grain', 'a late-night bus network', 'a public registry of AI models', 'funding for the orbital telescope', 'lower fees for small exporters', 'the new harbour plan', 'a ban on single-use plastics', 'a regional vaccine stockpile'];
const TAILS = ['after weeks of talks', 'as costs keep rising', 'ahead of a key vote', 'despite local protests', 'in a surprise move', 'amid a tight budget', 'following a public review'];
const SENTENCES = [
  'Officials said the first phase could begin within months if funding is confirmed.', 'Critics argue the timeline is unrealistic and the costs have been underestimated.',
  'A public consultation drew thousands of responses, most of them broadly supportive.', 'Analysts expect the decision to shape spending priorities for the rest of the decade.',
  'The proposal now goes to a committee, which is due to report back early next year.', 'Independent experts said the data behind the plan had been checked twice.',
  'Residents near the site have asked for guarantees on noise and traffic.', 'Similar schemes abroad have produced mixed results, according to a recent study.',
  'Supporters say the change is overdue and will pay for itself within ten years.', 'Negotiations are expected to continue through the weekend.',
];
const BASE_TIME = Date.parse('2026-11-21T15:00:00Z');

/** `count` stories, newest first, the same on every run: titles of 60-90 characters, summaries of 200-300, 1 in 5 with an image on `origin`. */
export function makeStories(count: number, origin: string): Story[] {
  const random = seededRandom(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const title = (): string => {
    let text = `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}`;
    if (text.length < 60) text += ` ${pick(TAILS)}`;
    return text.length >= 60 && text.length <= 90 ? text : title();
  };
  const summary = (): string => {
    let text = pick(SENTENCES);
    while (text.length < 200) text += ` ${pick(SENTENCES)}`;
    return text.length <= 300 ? text : summary();
  };
  return Array.from({ length: count }, (_, index) => {
    const category = CATEGORIES[index % CATEGORIES.length] as string;
    const story: Story = { id: `bench-${index + 1}`, title: title(), summary: summary(), source: pick(SOURCES), url: `https://news.example.org/${category.toLowerCase()}/${index + 1}`, published_at: new Date(BASE_TIME - index * 7 * 60_000).toISOString(), category };
    if (index % 5 === 0) story.image = `${origin}/bench-images/story-${index + 1}.png`;
    return story;
  });
}

/**
 * A 640x360 story image, a disc on a background, coloured by its name. Raster, as feeds carry (tests/fixtures/feeds link
 * JPEG, PNG and GIF): the browser decodes it off the main thread, where an SVG would be a document built on it.
 */
export function storyImagePng(name: string): Uint8Array {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 997;
  const background = [64 + ((hash * 7) % 128), 64 + ((hash * 13) % 128), 64 + ((hash * 29) % 128)];
  const disc = background.map((value) => 255 - value);
  const png = new PNG({ width: 640, height: 360, colorType: 2 });
  for (let at = 0; at < 640 * 360; at += 1) png.data.set([...(((at % 640) - 320) ** 2 + (Math.floor(at / 640) - 180) ** 2 <= 90 ** 2 ? disc : background), 255], at * 4);
  return PNG.sync.write(png, { colorType: 2 });
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const article = (story: Story) => `<li><article>${story.image ? `<img src="${escape(story.image)}" alt="" width="640" height="360">` : ''}
<p class="meta"><span>${escape(story.source)}</span> <time datetime="${story.published_at}">${dateFormat.format(new Date(story.published_at))}</time></p>
<h3>${escape(story.title)}</h3><p>${escape(story.summary)}</p><a href="${escape(story.url)}" target="_blank" rel="noopener noreferrer">Read more</a></article></li>`;

/** The floor: every story as static HTML, 3 top stories then the rest. */
export function staticPage(stories: Story[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Newsroom (static floor)</title><link rel="icon" href="data:,"><style>${STATIC_CSS}</style></head>
<body><header><h1>Newsroom</h1><p>Stay informed with the latest news</p>
<input type="search" aria-label="Search news stories" placeholder="Search news stories"></header>
<main><section><h2>Top Stories</h2><ul class="top">${stories.slice(0, 3).map(article).join('\n')}</ul></section>
<section><h2>More Stories</h2><ul class="more">${stories.slice(3).map(article).join('\n')}</ul></section></main></body></html>
`;
}

const STATIC_CSS = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f7f7f5}header,main{max-width:1200px;margin:0 auto;padding:0 16px}
input{width:100%;min-height:44px;font-size:16px;margin-bottom:24px}ul{list-style:none;margin:0;padding:0;display:grid;gap:24px}
.top{grid-template-columns:repeat(auto-fill,minmax(300px,1fr))}.more{grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}
article{height:100%;overflow:hidden;border:1px solid #ddd;border-radius:12px;background:#fff}article img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover}
article>:not(img){margin:8px 16px}.meta{font-size:12px;color:#555}h3{font-size:18px;line-height:1.25}
article p:not(.meta){font-size:14px;color:#555;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden}`;

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type', 'access-control-allow-methods': 'GET, POST, OPTIONS' };
/** Text bodies as sent: raw, and gzipped as the function's host and a static host send them. */
const bodies = (text: string) => ({ raw: Buffer.from(text), gzip: gzipSync(text) });

/** Starts the stand-in on a free loopback port; `env` builds a site that calls it; setStories() sets fetch-news' answer and /static.html. */
export async function startStandIn(): Promise<{ origin: string; env: Record<string, string>; setStories: (stories: Story[]) => void; close: () => Promise<void> }> {
  let answer = bodies('{"stories":[]}');
  let coverage = bodies('{}');
  let page = bodies(staticPage([]));
  const images = new Map<string, Uint8Array>();
  const server = createServer((request, response: ServerResponse) => {
    request.resume(); // no body is read: drained, so that keep-alive works
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://localhost');
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding']));
    const send = (status: number, headers: Record<string, string>, body: Uint8Array | { raw: Buffer; gzip: Buffer } = new Uint8Array()) => {
      const zipped = !(body instanceof Uint8Array) && gzip;
      const bytes = body instanceof Uint8Array ? body : zipped ? body.gzip : body.raw;
      response.writeHead(status, { ...headers, ...(zipped ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}), 'content-length': String(bytes.length) });
      response.end(request.method === 'HEAD' ? undefined : bytes);
    };
    // The function's own caching header (docs/product.md#the-fetch-news-function); images as a CDN sends them.
    if (pathname === '/functions/v1/fetch-news') return request.method === 'OPTIONS' ? send(204, CORS) : send(200, { ...CORS, 'content-type': 'application/json', 'cache-control': 'public, max-age=300, s-maxage=300, stale-while-revalidate=300' }, searchParams.has('story') ? coverage : answer);
    if (pathname === '/static.html') return send(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, page);
    if (!pathname.startsWith('/bench-images/')) return send(404, { 'content-type': 'text/plain' }, Buffer.from('Not found'));
    const image = images.get(pathname) ?? storyImagePng(pathname);
    images.set(pathname, image);
    send(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' }, image);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    env: { VITE_SUPABASE_URL: origin, VITE_SUPABASE_ANON_KEY: 'local-development-anon-key', NODE_ENV: 'production' },
    setStories(stories) {
      answer = bodies(JSON.stringify({ stories }));
      // `?story=`: the first story's page, its group the first five stories (docs/product.md#a-page-for-each-story).
      const [lead, ...others] = stories.slice(0, 5);
      if (lead) coverage = bodies(JSON.stringify({ story: { ...lead, related: others.map(({ source, url }) => ({ source, url })) }, reports: [lead, ...others], generated_at: lead.published_at }));
      page = bodies(staticPage(stories));
    },
    close: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
}
