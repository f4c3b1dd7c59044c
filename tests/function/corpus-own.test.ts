// Our own assertions on corpus files whose origin ships no expected parse
// (node-feedparser and miniflux keep theirs in test code) and on real-world
// feeds, for the hard cases listed in the corpus README.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFeedBytes } from '../../supabase/functions/_shared/parse/charset.ts';
import type { Feed } from '../../supabase/functions/_shared/parse/feed-model.ts';
import { parseFeedBytes } from '../../supabase/functions/_shared/parse/parse-feed.ts';
import { loadCorpusCases } from './helpers/corpus-cases.ts';
import { corpusDir } from './helpers/paths.ts';

const root = corpusDir();
const FEED_URL = 'https://feeds.example/feed.xml';

function bytes(path: string): Uint8Array {
  return readFileSync(join(root, path));
}

function parse(path: string, contentType: string | null = null, url = FEED_URL): Feed {
  return parseFeedBytes(bytes(path), contentType, url);
}

function item(feed: Feed, index = 0) {
  const found = feed.items[index];
  if (!found) throw new Error(`no item ${index}`);
  return found;
}

const MINIFLUX = 'extras/miniflux/internal/reader';
const FEEDPARSER = 'extras/node-feedparser/test/feeds';
const REAL = 'real-world';

describe('character sets', () => {
  it.each([
    [`${MINIFLUX}/encoding/testdata/iso-8859-1.xml`, 'Café'],
    [`${MINIFLUX}/encoding/testdata/windows-1252.xml`, 'Euro €'],
    [`${MINIFLUX}/encoding/testdata/koi8r.xml`, 'Пример RSS ленты'],
    // The prolog lies; the bytes are valid UTF-8.
    [`${MINIFLUX}/encoding/testdata/windows-1252-incorrect-prolog.xml`, 'Euro €'],
    [`${MINIFLUX}/encoding/testdata/utf8-incorrect-prolog.xml`, '테스트 피드'],
    [`${MINIFLUX}/encoding/testdata/invalid-prolog.xml`, '테스트 피드'],
    [`${MINIFLUX}/encoding/testdata/utf8.xml`, '테스트 피드'],
    [`${MINIFLUX}/parser/testdata/encoding_WINDOWS-1251.xml`, 'iBash.Org.Ru'],
    [`${REAL}/golem-de-iso-8859-1-1item.rss1-rdf.xml`, 'Golem.de'],
  ])('%s has the title %s', (path, title) => {
    expect(parse(path).title).toBe(title);
  });

  it('decodes windows-1251 and koi8-r item text', () => {
    expect(item(parse(`${MINIFLUX}/parser/testdata/encoding_WINDOWS-1251.xml`)).title).toBe('Цитата #17703');
    expect(item(parse(`${MINIFLUX}/encoding/testdata/koi8r.xml`)).title).toBe('Первая новость');
  });

  it('decodes ISO-8859-1 declared in the prolog (Golem) and sniffed without any declaration (UOL)', () => {
    expect(item(parse(`${REAL}/golem-de-iso-8859-1.rss2.xml`)).summary).toContain('wünschen');
    const uol = parse(`${REAL}/uol-noticias-no-xml-decl.rss2.xml`);
    expect(item(uol).title).toBe('Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno');
    const noDecl = parse(`${MINIFLUX}/parser/testdata/no_encoding_ISO-8859-1.xml`);
    expect(item(noDecl, 1).title).toContain('très complexe');
  });

  it('lets the HTTP charset win over a wrong prolog', () => {
    // The prolog says UTF-8, the bytes are Latin-1, the header says so.
    const mismatch = bytes(`${MINIFLUX}/xml/testdata/iso88591_utf8_mismatch.xml`);
    const text = decodeFeedBytes(mismatch, 'text/xml; charset=ISO-8859-1');
    expect(text).toContain('Anaïs');
    expect(text).toContain('Jürgen');
    // windows-1251 bytes under a prolog that claims ISO-8859-1: the header is believed.
    const cp1251 = bytes(`${MINIFLUX}/parser/testdata/encoding_WINDOWS-1251.xml`);
    const relabelled = relabelProlog(cp1251, 'ISO-8859-1');
    expect(item(parseFeedBytes(relabelled, 'application/rss+xml; charset="windows-1251"', FEED_URL)).title).toBe('Цитата #17703');
    expect(item(parseFeedBytes(relabelled, null, FEED_URL)).title).not.toBe('Цитата #17703');
  });

  it('strips a UTF-8 byte order mark', () => {
    const feed = parse('extras/yarr/src/parser/fixtures/feed/bom.xml');
    expect(feed.format).toBe('atom');
    expect(parse('gofeed/testdata/parser/universal/rss_feed_bom.xml').format).toBe('rss');
  });
});

/** Rewrites the encoding of the XML declaration (ASCII bytes, so length may change safely). */
function relabelProlog(source: Uint8Array, encoding: string): Uint8Array {
  const head = new TextDecoder('latin1').decode(source.subarray(0, 200));
  const end = head.indexOf('?>') + 2;
  const prolog = `<?xml version="1.0" encoding="${encoding}"?>`;
  const out = new Uint8Array(prolog.length + source.length - end);
  out.set(new TextEncoder().encode(prolog), 0);
  out.set(source.subarray(end), prolog.length);
  return out;
}

describe('namespaces', () => {
  it('reads Atom with a non-default prefix (nondefaultnamespace.atom)', () => {
    const feed = parse(`${FEEDPARSER}/nondefaultnamespace.atom`);
    expect(feed.format).toBe('atom');
    const entry = item(feed);
    expect(entry.title).toBe('If you can read the content of this entry, your aggregator works fine.');
    expect(entry.link).toBe('http://example.org/tests/namespace/result.html');
    expect(entry.published?.toISOString()).toBe('2006-01-18T11:26:54.000Z');
    expect(entry.summary).toMatch(/^For information, see: Who knows an XML document from a hole in the ground\?/);
  });

  it('does not mistake elements of an unknown namespace for XHTML or Atom (unknown-namespace.atom)', () => {
    const entry = item(parse(`${FEEDPARSER}/unknown-namespace.atom`));
    expect(entry.title).toBe('This entry contains XHTML-looking markup that is not XHTML');
  });

  it('keeps the RSS <link> next to an atom:link and reads RSS with a default namespace', () => {
    expect(item(parse('extras/yarr/src/parser/fixtures/rss/item-link-with-atom-link.xml')).link).toBe('http://example.com/article/1');
    expect(item(parse('extras/yarr/src/parser/fixtures/rss/default-namespace.xml')).title).toBe('Title 1');
  });

  it('reads media:content even when its namespace is not declared (gofeed media extension)', () => {
    expect(item(parse('gofeed/testdata/extensions/media/feed_item_image_-_rss_channel_item_media.xml')).image).toBe(
      'https://example.com/blog-open.png',
    );
  });
});

describe('links', () => {
  it('resolves relative item links against the channel link, itself resolved against the feed URL', () => {
    const feed = parse(`${FEEDPARSER}/rss-with-relative-urls.xml`, null, 'https://www.arcgames.com/en/games/neverwinter/news/rss');
    expect(feed.link).toBe('https://www.arcgames.com/en/games/neverwinter/news');
    expect(item(feed).link).toBe(
      'https://www.arcgames.com/en/games/neverwinter/news/detail/10743874-neverwinter-%26-jingle-jam-humble-bundle%21',
    );
  });

  it('applies item-scoped xml:base to links and to images in the content', () => {
    const feed = parse(`${FEEDPARSER}/rss-with-item-scoped-html-base.xml`);
    expect(item(feed, 0).link).toBe('https://example.com/first/first');
    expect(item(feed, 1).link).toBe('https://example.com/second');
    const html = parse(`${FEEDPARSER}/rss-with-relative-html-urls-no-base.xml`);
    expect(item(html).image).toBe('https://example.com/images/post-1.png');
  });

  it('resolves root-relative Atom hrefs against the site (talkingpointsmemo)', () => {
    const feed = parse(`${REAL}/talkingpointsmemo.atom.xml`, null, 'https://feeds.example/tpm.atom');
    expect(item(feed).link).toBe(
      'http://talkingpointsmemo.com/livewire/hannity-announces-fox-hired-sebastian-gorka-national-security-strategist',
    );
  });

  it('prefers the text/html alternate link and skips non-text alternates', () => {
    expect(item(parse(`${FEEDPARSER}/non-text-alternate-links.xml`)).link).toBe('https://ncatlab.org/nlab/show/%280%2C1%29-category');
    expect(item(parse(`${REAL}/theverge-1entry.atom.xml`)).link).toBe(
      'https://www.theverge.com/2023/5/26/23739273/google-sonos-smart-speaker-patent-lawsuit-ruling',
    );
  });

  it('gives an item without <link> the guid when it is a permalink URL, and nothing for tag: URIs', () => {
    expect(item(parse('extras/yarr/src/parser/fixtures/rss/is-permalink.xml')).link).toBe('http://example.com/posts/1');
    expect(item(parse(`${FEEDPARSER}/atom-with-tag-uri-links.xml`)).link).toBeUndefined();
  });
});

describe('dates', () => {
  it.each([
    [`${REAL}/nbc-new-york-1item.rss2.xml`, 0, '2023-12-16T14:02:33.000Z'], // "Sat, Dec 16 2023 02:02:33 PM"
    [`${REAL}/ilmessaggero-no-xml-decl-1item.rss2.xml`, 0, '2022-11-15T23:38:15.000Z'], // "mer, 16 nov 2022 00:38:15 +0100"
    [`${REAL}/ilgiornale-1item.rss2.xml`, 0, '2022-11-15T20:15:04.000Z'], // "... 20:15:04 Z"
    [`${REAL}/theverge-all.atom.xml`, 0, '2025-07-01T13:15:48.000Z'], // ISO with -04:00
    [`${REAL}/golem-de-iso-8859-1-1item.rss1-rdf.xml`, 0, '2023-01-25T18:03:02.000Z'], // dc:date
    ['rss-parser/test/input/uolNoticias.rss', 0, '2018-09-24T22:42:40.000Z'], // "Seg, 24 Set 2018 19:42:40 -0300"
  ])('%s item %i is dated %s', (path, index, iso) => {
    expect(item(parse(path), index).published?.toISOString()).toBe(iso);
  });

  it('reads "EST" literally (UTC-5) even in August (Washington Post)', () => {
    const feed = parse(`${REAL}/washingtonpost-wellness.rss2.xml`);
    // <pubDate>Tue, 21 Aug 2012 10:33:00 EST</pubDate>
    expect(item(feed).published?.toISOString()).toBe('2012-08-21T15:33:00.000Z');
  });

  it('leaves items of heise RDF (no per-item dates) undated: the feed date or fetch time applies later', () => {
    const feed = parse(`${REAL}/heise-online.rss1-rdf.xml`);
    expect(feed.items).toHaveLength(60);
    expect(feed.items.every((entry) => entry.published === undefined)).toBe(true);
  });
});

describe('titles and summaries as plain text', () => {
  it('decodes numeric entities and CDATA (Hacker News, Verge, CNN)', () => {
    const hn = parse(`${REAL}/hackernews-frontpage.rss2.xml`);
    expect(hn.items.some((entry) => entry.title.includes("'"))).toBe(true);
    expect(hn.items.every((entry) => !entry.title.includes('&#'))).toBe(true);
    const verge = parse(`${REAL}/theverge-all.atom.xml`);
    expect(item(verge).title).toBe('Senate drops plan to ban state AI laws');
    for (const feed of [hn, verge, parse(`${REAL}/cnn-international-app.rss2.xml`), parse(`${REAL}/techcrunch.rss2.xml`)]) {
      for (const entry of feed.items) {
        expect(entry.title).not.toMatch(/<[a-z/]|&(amp|lt|gt|quot|#\d+);/i);
        expect(entry.summary).not.toMatch(/<[a-z/][^>]*>|&(amp|lt|gt|quot|#\d+);/i);
        expect(entry.summary).not.toMatch(/\s{2}/);
      }
    }
  });

  it('turns the HTML-heavy Washington Post descriptions into text', () => {
    const entry = item(parse(`${REAL}/washingtonpost-wellness.rss2.xml`));
    expect(entry.title).toBe('Schools minister to kids’ fitness and nutrition needs');
    expect(entry.summary.startsWith('You’ve just been appointed Minister of Fitness and Nutrition')).toBe(true);
  });
});

describe('images', () => {
  it('takes the widest media:content (Guardian 140/460 px) and the widest rendition of a media:group (CNN)', () => {
    expect(item(parse(`${REAL}/guardian-us.rss2.xml`)).image).toMatch(/\?w=460&/);
    expect(item(parse(`${REAL}/cnn-international-app.rss2.xml`)).image).toBe(
      'https://cdn.cnn.com/cnnnext/dam/assets/230403164607-22-trump-indictment-travel-new-york-super-169.jpg',
    );
  });

  it('takes media:thumbnail (reddit, BBC Urdu), image enclosures (CT24) and <img> in content (Verge)', () => {
    expect(item(parse(`${REAL}/reddit-frontpage.rss2.xml`)).image).toBe(
      'https://b.thumbs.redditmedia.com/z4zzFBqZ54WT-rFfKXVor4EraZtJVw7AodDvOZ7kitQ.jpg',
    );
    expect(item(parse(`${REAL}/bbc-urdu-news.rss2.xml`)).image).toBe(
      'http://c.files.bbci.co.uk/A787/production/_99478824_gettyimages-856735580.jpg',
    );
    expect(item(parse(`${REAL}/ct24-ceskatelevize.rss2.xml`)).image).toMatch(/^https:\/\/fs2-ct24\.ceskatelevize\.cz\/image\//);
    expect(item(parse(`${REAL}/theverge-1entry.atom.xml`)).image).toMatch(/^https:\/\/cdn\.vox-cdn\.com\//);
  });

  it('ignores audio enclosures and 1x1 tracking pixels', () => {
    expect(item(parse('extras/yarr/src/parser/fixtures/rss/podcast.xml')).image).toBeUndefined();
    const jn = parse(`${REAL}/jornal-de-noticias-iso-8859-1.rss2.xml`);
    expect(jn.items.every((entry) => !entry.image?.includes('feedburner.com/~r/'))).toBe(true);
  });

  it('uses itunes:image for podcast items without other images', () => {
    expect(item(parse('gofeed/testdata/translator/rss/feed_item_fallbacks_-_rss_channel_item_extensions.xml'), 1).image).toBe(
      'http://example.org/item-itunes.png',
    );
  });
});

describe('malformed and unusual documents', () => {
  it('reads what it can of a feed with a bare ampersand (saxerror.xml) and illegal nesting', () => {
    const sax = parse(`${FEEDPARSER}/saxerror.xml`);
    expect(item(sax, 1).link).toBe('http://example.com/bad?foo=1&bar=2');
    expect(parse(`${FEEDPARSER}/illegally-nested.xml`).items).toHaveLength(10);
  });

  it('reads the truncated Reuters response as a feed with no items', () => {
    const feed = parse(`${REAL}/reuters-most-read-INVALID.rss2.xml`);
    expect(feed.title).toBe('Reuters: Most Read Articles');
    expect(feed.items).toHaveLength(0);
  });

  it('reads an item whose <guid> is given twice (guid-dupes.xml) as one item with that guid', () => {
    const feed = parse(`${FEEDPARSER}/guid-dupes.xml`);
    expect(feed.items).toHaveLength(1);
    expect(item(feed).guid).toBe('http://www.braingle.com/50366.html');
    expect(item(feed).title).toBe('Huh?');
    expect(item(feed).published?.toISOString()).toBe('2014-06-19T06:00:00.000Z');
  });

  it('rejects HTML pages, JSON Feed and other XML as "not a feed"', () => {
    expect(() => parse('rss-parser/test/input/unrecognized.rss')).toThrow(/not a feed/);
    expect(() => parse('gofeed/testdata/parser/json/version_json_11.json')).toThrow(/^not a feed/);
    expect(() => parse(`${MINIFLUX}/xml/testdata/iso88591.xml`)).toThrow('not a feed: the document element is <note>');
    expect(() => parse('gofeed/testdata/parser/universal/unknown_feed.xml')).toThrow(/not a feed/);
  });
});

describe('the peers’ expectations, as translated for tests/function/corpus.test.ts', () => {
  // gofeed item keys that carry something a story is made of: title, link, date, summary, image, id.
  const STORY_KEYS = ['title', 'link', 'links', 'pubDateParsed', 'publishedParsed', 'updatedParsed', 'description', 'summary', 'content', 'image', 'enclosure', 'enclosures', 'guid', 'id'];

  it('checks, in every gofeed case, each item that upstream gives a story field', () => {
    const unchecked: string[] = [];
    for (const corpusCase of loadCorpusCases().filter((c) => c.peer === 'gofeed')) {
      const upstream = JSON.parse(readFileSync(corpusCase.file.replace(/\.xml$/, '.json'), 'utf8')) as { items?: object[]; entries?: object[] };
      (upstream.items ?? upstream.entries ?? []).forEach((upstreamItem, index) => {
        const storyKeys = Object.keys(upstreamItem).filter((key) => STORY_KEYS.includes(key));
        const content = (upstreamItem as { content?: unknown }).content;
        const onlyContentByReference = storyKeys.join() === 'content' && typeof content === 'object' && content !== null && 'src' in content;
        const enclosureNotImage = storyKeys.every((key) => key.startsWith('enclosure')) && !JSON.stringify(upstreamItem).includes('"image/');
        if (storyKeys.length === 0 || onlyContentByReference || enclosureNotImage) return;
        const translated = corpusCase.items.find((expected) => expected.index === index);
        if (!translated || Object.keys(translated).length < 2) unchecked.push(`${corpusCase.id} item ${index}: ${storyKeys.join(', ')}`);
      });
    }
    expect(unchecked).toEqual([]);
  });
});
