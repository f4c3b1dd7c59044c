/**
 * Bench data: N generated stories with realistic field lengths, the small PNG served for story
 * images, and /static.html, the floor: the same stories as plain <article> markup, one inline
 * stylesheet, a plain search input and no JavaScript.
 */
import { crc32, deflateSync } from 'node:zlib';
import { seededRandom } from './stats.mjs';

/** @typedef {{ id: string, title: string, summary: string, source: string, url: string, image?: string, published_at: string, category: string }} Story */

export const CATEGORIES = [
  'World', 'Politics', 'Business', 'Technology', 'Science', 'Health',
  'Sports', 'Entertainment', 'Climate', 'Culture', 'Travel', 'Education',
];

const SOURCES = ['BBC News', 'Reuters', 'The Guardian', 'Ars Technica', 'NASA', 'Al Jazeera', 'NPR', 'Financial Times', 'Le Monde', 'The Verge', 'Nature', 'ESPN'];
const SUBJECTS = ['City officials', 'Regional leaders', 'Researchers', 'Chipmakers', 'Health ministers', 'Port operators', 'Local farmers', 'Central bankers', 'Engineers', 'Teachers’ unions', 'Astronomers', 'Club owners'];
const VERBS = ['weigh', 'unveil', 'question', 'approve', 'delay', 'debate', 'back', 'reject', 'review', 'expand'];
const OBJECTS = [
  'the new harbour plan', 'a cheaper rail pass for commuters', 'stricter limits on river pollution',
  'a pilot for four-day school weeks', 'faster permits for rooftop solar', 'a shared data centre for hospitals',
  'new rules on short-term rentals', 'a fund for flood defences', 'the stadium renovation budget',
  'a survey of deep-sea coral reefs', 'tighter checks on imported grain', 'a late-night bus network',
  'a public registry of AI models', 'funding for the orbital telescope', 'lower fees for small exporters',
  'the new harbour plan', 'a ban on single-use plastics', 'a regional vaccine stockpile',
];
const TAILS = ['after weeks of talks', 'as costs keep rising', 'ahead of a key vote', 'despite local protests', 'in a surprise move', 'amid a tight budget', 'following a public review'];
const SENTENCES = [
  'Officials said the first phase could begin within months if funding is confirmed.',
  'Critics argue the timeline is unrealistic and the costs have been underestimated.',
  'A public consultation drew thousands of responses, most of them broadly supportive.',
  'Analysts expect the decision to shape spending priorities for the rest of the decade.',
  'The proposal now goes to a committee, which is due to report back early next year.',
  'Independent experts said the data behind the plan had been checked twice.',
  'Residents near the site have asked for guarantees on noise and traffic.',
  'Similar schemes abroad have produced mixed results, according to a recent study.',
  'Supporters say the change is overdue and will pay for itself within ten years.',
  'Negotiations are expected to continue through the weekend.',
];
const BASE_TIME = Date.parse('2026-11-21T15:00:00Z');

/** @param {() => number} random @param {readonly T[]} list @returns {T} @template T */
const pick = (random, list) => list[Math.floor(random() * list.length)];

/** A title of 60–90 characters. @param {() => number} random */
function makeTitle(random) {
  for (;;) {
    let title = `${pick(random, SUBJECTS)} ${pick(random, VERBS)} ${pick(random, OBJECTS)}`;
    if (title.length < 60) title += ` ${pick(random, TAILS)}`;
    if (title.length >= 60 && title.length <= 90) return title;
  }
}

/** A summary of 200–300 characters. @param {() => number} random */
function makeSummary(random) {
  for (;;) {
    let summary = '';
    while (summary.length < 200) summary += (summary ? ' ' : '') + pick(random, SENTENCES);
    if (summary.length <= 300) return summary;
  }
}

/**
 * N stories, newest first, the same on every run; 20% have an image on `origin`.
 * @param {number} count
 * @param {string} origin
 * @returns {Story[]}
 */
export function makeStories(count, origin) {
  const random = seededRandom(20261121);
  return Array.from({ length: count }, (_, index) => {
    const category = CATEGORIES[index % CATEGORIES.length];
    /** @type {Story} */
    const story = {
      id: `bench-${index + 1}`,
      title: makeTitle(random),
      summary: makeSummary(random),
      source: pick(random, SOURCES),
      url: `https://news.example.org/${category.toLowerCase()}/${index + 1}`,
      published_at: new Date(BASE_TIME - index * 7 * 60_000).toISOString(),
      category,
    };
    if (index % 5 === 0) story.image = `${origin}/bench-images/story-${index + 1}.png`;
    return story;
  });
}

/** [r, g, b] of an HSL colour. @param {number} hue degrees @param {number} saturation 0-1 @param {number} lightness 0-1 */
function hslToRgb(hue, saturation, lightness) {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  /** @param {number} n */
  const channel = (n) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - chroma / 2 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

/** A PNG chunk: length, type, data and the CRC of type and data. @param {string} type @param {Buffer} data */
function pngChunk(type, data) {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A story image: 640x360, a disc on a background, colours different per name (a few KB). A
 * raster image, as real feeds carry (the feed files in tests/fixtures/feeds link JPEG, PNG and
 * GIF images, none SVG): the browser decodes those off the main thread, where an SVG image is a
 * document of its own built on the main thread, 30-50 ms at 4x CPU throttling per image,
 * which no real story image costs (docs/performance.md, Method).
 * @param {string} name
 */
export function storyImagePng(name) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  const background = hslToRgb(hash, 0.45, 0.55);
  const disc = hslToRgb((hash + 180) % 360, 0.45, 0.75);
  const width = 640;
  const height = 360;
  const rowBytes = 1 + width * 3;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y += 1) {
    // Each row starts with its filter type, 0 (none).
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = (x - 320) ** 2 + (y - 180) ** 2 <= 90 ** 2 ? disc : background;
      const at = y * rowBytes + 1 + x * 3;
      pixels[at] = r;
      pixels[at + 1] = g;
      pixels[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(pixels)), pngChunk('IEND', Buffer.alloc(0))]);
}

const escapeHtml = (/** @type {string} */ text) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** @param {Story} story */
function articleHtml(story) {
  const date = Number.isNaN(Date.parse(story.published_at)) ? '' : `<time datetime="${escapeHtml(story.published_at)}">${dateFormat.format(new Date(story.published_at))}</time>`;
  return `<li><article>${story.image ? `<img src="${escapeHtml(story.image)}" alt="" width="640" height="360">` : ''}
<p class="meta"><span>${escapeHtml(story.source)}</span> ${date}</p>
<h3>${escapeHtml(story.title)}</h3>
${story.summary ? `<p>${escapeHtml(story.summary)}</p>` : ''}
<a href="${escapeHtml(story.url)}" target="_blank" rel="noopener noreferrer">Read more</a></article></li>`;
}

/**
 * The floor: every story as static HTML, 3 top stories then the rest, no JavaScript.
 * @param {Story[]} stories
 */
export function staticPage(stories) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Newsroom (static floor)</title>
<link rel="icon" href="data:,">
<style>${STATIC_CSS}</style>
</head>
<body>
<header><h1>Newsroom</h1><p>Stay informed with the latest news</p>
<input type="search" aria-label="Search news stories" placeholder="Search news stories"></header>
<main>
<section><h2>Top Stories</h2><ul class="top">${stories.slice(0, 3).map(articleHtml).join('\n')}</ul></section>
<section><h2>More Stories</h2><ul class="more">${stories.slice(3).map(articleHtml).join('\n')}</ul></section>
</main>
</body>
</html>
`;
}

const STATIC_CSS = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f7f7f5}
header,main{max-width:1200px;margin:0 auto;padding:0 16px}
input{width:100%;min-height:44px;font-size:16px;margin-bottom:24px}
ul{list-style:none;margin:0;padding:0;display:grid;gap:24px}
.top{grid-template-columns:repeat(auto-fill,minmax(300px,1fr))}.more{grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}
article{height:100%;overflow:hidden;border:1px solid #ddd;border-radius:12px;background:#fff}
article img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover}
article>:not(img){margin:8px 16px}
.meta{font-size:12px;color:#555}
h3{font-size:18px;line-height:1.25}
article p:not(.meta){font-size:14px;color:#555;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden}
`;
