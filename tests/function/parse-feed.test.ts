/**
 * Reading one feed document (docs/product.md#the-fetch-news-function): which document is a
 * feed, and where each field of the feed and of its items comes from, in order of preference.
 * Small literal documents, one rule each; the corpus suites check real feeds.
 */
import { describe, expect, it } from 'vitest';
import type { Feed, FeedItem } from '../../supabase/functions/_shared/parse/feed-model.ts';
import { NotAFeedError, parseFeedBytes, parseFeedText } from '../../supabase/functions/_shared/parse/parse-feed.ts';

const FEED_URL = 'https://feeds.example/news/feed.xml';

const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  atom03: 'http://purl.org/atom/ns#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rss10: 'http://purl.org/rss/1.0/',
  rss090: 'http://my.netscape.com/rdf/simple/0.9/',
};
const PREFIXES =
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/" ' +
  `xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="${NS.atom}"`;

function rss(channel: string, attributes = ''): string {
  return `<rss version="2.0" ${PREFIXES} ${attributes}><channel>${channel}</channel></rss>`;
}

/** The only item of an RSS 2.0 feed whose channel links to https://site.example/home/. */
function rssItem(inner: string, itemAttributes = ''): FeedItem {
  const feed = parseFeedText(rss(`<title>Site</title><link>https://site.example/home/</link><item ${itemAttributes}>${inner}</item>`), FEED_URL);
  expect(feed.items).toHaveLength(1);
  return feed.items[0]!;
}

function atom(inner: string, attributes = ''): string {
  return `<feed xmlns="${NS.atom}" ${PREFIXES} ${attributes}>${inner}</feed>`;
}

/** The only entry of an Atom feed whose alternate link is https://site.example/home/. */
function atomEntry(inner: string, entryAttributes = ''): FeedItem {
  const feed = parseFeedText(atom(`<title>Site</title><link href="https://site.example/home/"/><entry ${entryAttributes}>${inner}</entry>`), FEED_URL);
  expect(feed.items).toHaveLength(1);
  return feed.items[0]!;
}

const plainJson = (feed: Feed): unknown => JSON.parse(JSON.stringify(feed));

describe('which documents are feeds', () => {
  it('reads <rss> in no namespace, in any case, and with a default namespace of its own', () => {
    expect(parseFeedText(rss('<title>A</title>')).format).toBe('rss');
    expect(parseFeedText('<RSS><channel><title>Upper</title></channel></RSS>').title).toBe('Upper');
    const own = parseFeedText('<rss xmlns="http://backend.userland.com/rss2"><channel><title>Own</title><item><title>I</title></item></channel></rss>');
    expect(own.title).toBe('Own');
    expect(own.items.map((item) => item.title)).toEqual(['I']);
  });

  it('reads a prefixed <rss> whose channel is in no namespace', () => {
    const feed = parseFeedText('<r:rss xmlns:r="http://backend.userland.com/rss2"><channel><title>P</title><item><title>I</title></item></channel></r:rss>');
    expect(feed.title).toBe('P');
    expect(feed.items.map((item) => item.title)).toEqual(['I']);
  });

  it('reads RSS 2.0 items only inside the channel when there is one', () => {
    const feed = parseFeedText('<rss><channel><title>C</title><item><title>in</title></item></channel><item><title>out</title></item></rss>');
    expect(feed.items.map((item) => item.title)).toEqual(['in']);
  });

  it('names the error it throws for a document that is not a feed NotAFeedError', () => {
    expect(() => parseFeedText('<html><body/></html>')).toThrow(expect.objectContaining({ name: 'NotAFeedError' }));
  });

  it('does not take an <rss> in the XHTML or Atom namespace for RSS', () => {
    expect(() => parseFeedText('<rss xmlns="http://www.w3.org/1999/xhtml"><channel/></rss>')).toThrow(
      new NotAFeedError('not a feed: an HTML page'),
    );
    expect(() => parseFeedText(`<rss xmlns="${NS.atom}"><channel/></rss>`)).toThrow(
      new NotAFeedError('not a feed: the document element is <rss>'),
    );
  });

  it('reads <rdf:RDF> only in the RDF namespace', () => {
    expect(parseFeedText(`<rdf:RDF xmlns:rdf="${NS.rdf}" xmlns="${NS.rss10}"><channel><title>R</title></channel></rdf:RDF>`).format).toBe('rdf');
    expect(() => parseFeedText('<rdf:RDF xmlns:rdf="http://example.com/not-rdf"><channel/></rdf:RDF>')).toThrow(
      new NotAFeedError('not a feed: the document element is <rdf:RDF>'),
    );
    expect(() => parseFeedText(`<rdf xmlns="${NS.rdf}"/>`)).toThrow(new NotAFeedError('not a feed: the document element is <rdf>'));
  });

  it('reads <feed> in the Atom 1.0, Atom 0.3 or no namespace, and no other', () => {
    for (const ns of [NS.atom, NS.atom03, '']) {
      const feed = parseFeedText(`<feed xmlns="${ns}"><title>F</title></feed>`);
      expect(feed).toMatchObject({ format: 'atom', title: 'F' });
    }
    expect(() => parseFeedText('<feed xmlns="http://example.com/other"/>')).toThrow(new NotAFeedError('not a feed: the document element is <feed>'));
    expect(() => parseFeedText('<Feed/>')).toThrow(new NotAFeedError('not a feed: the document element is <Feed>'));
  });

  it('names an HTML page as such', () => {
    for (const doc of ['<html><body/></html>', '<HTML/>', '<head/>', '<body/>', '<div xmlns="http://www.w3.org/1999/xhtml"/>']) {
      expect(() => parseFeedText(doc)).toThrow(new NotAFeedError('not a feed: an HTML page'));
    }
  });

  it('names any other document element when it is printable, up to 61 characters', () => {
    expect(() => parseFeedText('<opml version="2.0"/>')).toThrow(new NotAFeedError('not a feed: the document element is <opml>'));
    expect(() => parseFeedText('<_a.b-c:d/>')).toThrow(new NotAFeedError('not a feed: the document element is <_a.b-c:d>'));
    const long = `a${'b'.repeat(60)}`;
    expect(() => parseFeedText(`<${long}/>`)).toThrow(new NotAFeedError(`not a feed: the document element is <${long}>`));
    expect(() => parseFeedText(`<${long}b/>`)).toThrow(new NotAFeedError('not a feed: not XML'));
    expect(() => parseFeedText('<é/>')).toThrow(new NotAFeedError('not a feed: not XML'));
    expect(() => parseFeedText('<éa/>')).toThrow(new NotAFeedError('not a feed: not XML'));
    expect(() => parseFeedText('<a·b/>')).toThrow(new NotAFeedError('not a feed: not XML'));
  });

  it('asks the budget after the XML parse and before each item, and stops when it throws', () => {
    const doc = rss('<item><title>1</title></item><item><title>2</title></item>');
    let calls = 0;
    parseFeedText(doc, FEED_URL, { checkBudget: () => void (calls += 1) });
    expect(calls).toBe(3);
    const stop = new Error('over budget');
    let left = 2;
    const budget = () => {
      left -= 1;
      if (left < 0) throw stop;
    };
    expect(() => parseFeedText(doc, FEED_URL, { checkBudget: budget })).toThrow(stop);
    let atomCalls = 0;
    parseFeedText(atom('<entry/><entry/><entry/>'), FEED_URL, { checkBudget: () => void (atomCalls += 1) });
    expect(atomCalls).toBe(4);
  });

  it('reads bytes in their character set, asking the budget once more after decoding', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('<rss><channel><title>Caf'), 0xe9, ...new TextEncoder().encode('</title></channel></rss>')]);
    let calls = 0;
    const feed = parseFeedBytes(bytes, 'text/xml; charset=iso-8859-1', FEED_URL, { checkBudget: () => void (calls += 1) });
    expect(feed.title).toBe('Café');
    expect(calls).toBe(2);
    expect(parseFeedBytes(new TextEncoder().encode('<feed><title>U</title></feed>')).title).toBe('U');
  });
});

describe('RSS channel', () => {
  it('takes the title as text, else the Dublin Core title; no channel gives no title, link or date', () => {
    expect(parseFeedText(rss('<title>Tom &amp;amp; &lt;b&gt;Jerry&lt;/b&gt;</title>')).title).toBe('Tom & Jerry');
    expect(parseFeedText(rss('<title></title><dc:title>DC title</dc:title>')).title).toBe('DC title');
    expect(parseFeedText(rss('<title>Own</title><dc:title>DC title</dc:title>')).title).toBe('Own');
    // A title of spaces, or of markup with no text, counts as none.
    expect(parseFeedText(rss('<title>  \n </title><dc:title>DC title</dc:title>')).title).toBe('DC title');
    expect(parseFeedText(rss('<title>&lt;b&gt;&lt;/b&gt;</title><dc:title>DC title</dc:title>')).title).toBe('DC title');
    const bare = parseFeedText('<rss><item><title>Loose</title><link>https://a.example/1</link></item></rss>', FEED_URL);
    expect(bare).toMatchObject({ title: '', link: undefined, updated: undefined });
    expect(bare.items.map((item) => item.link)).toEqual(['https://a.example/1']);
  });

  it('resolves the channel link against xml:base, else the feed URL, and keeps only http(s)', () => {
    expect(parseFeedText(rss('<link>/home</link>'), FEED_URL).link).toBe('https://feeds.example/home');
    expect(parseFeedText(rss('<link>home</link>'), FEED_URL).link).toBe('https://feeds.example/news/home');
    expect(parseFeedText(`<rss xml:base="https://base.example/x/"><channel><link>home</link></channel></rss>`, FEED_URL).link).toBe(
      'https://base.example/x/home',
    );
    expect(parseFeedText(`<rss xml:base="https://root.example/"><channel xml:base="https://chan.example/c/"><link>home</link></channel></rss>`, FEED_URL).link).toBe(
      'https://chan.example/c/home',
    );
    expect(parseFeedText(rss('<link>mailto:someone@example.com</link>'), FEED_URL).link).toBeUndefined();
    expect(parseFeedText(rss('<title>No link</title>'), FEED_URL).link).toBeUndefined();
  });

  it('dates the channel by pubDate, else lastBuildDate, dc:date, atom:updated, skipping unreadable ones', () => {
    const updated = (channel: string) => parseFeedText(rss(channel)).updated?.toISOString();
    const all =
      '<pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate><lastBuildDate>Tue, 02 Jan 2024 00:00:00 GMT</lastBuildDate>' +
      '<dc:date>2024-01-03T00:00:00Z</dc:date><atom:updated>2024-01-04T00:00:00Z</atom:updated>';
    expect(updated(all)).toBe('2024-01-01T00:00:00.000Z');
    expect(updated(all.replace('Mon, 01 Jan 2024 00:00:00 GMT', 'soon'))).toBe('2024-01-02T00:00:00.000Z');
    expect(updated('<dc:date>2024-01-03T00:00:00Z</dc:date><atom:updated>2024-01-04T00:00:00Z</atom:updated>')).toBe('2024-01-03T00:00:00.000Z');
    expect(updated('<atom:updated>2024-01-04T00:00:00Z</atom:updated>')).toBe('2024-01-04T00:00:00.000Z');
    expect(updated('<pubDate>never</pubDate>')).toBeUndefined();
  });

  it('reads <ttl> as whole minutes, and nothing else as one', () => {
    const ttl = (channel: string) => parseFeedText(rss(channel)).ttlMinutes;
    expect(ttl('<ttl>60</ttl>')).toBe(60);
    expect(ttl('<ttl> 15 </ttl>')).toBe(15);
    expect(ttl('<ttl>1.5</ttl>')).toBeUndefined();
    expect(ttl('<ttl>-5</ttl>')).toBeUndefined();
    expect(ttl('<ttl>an hour</ttl>')).toBeUndefined();
    expect(ttl('')).toBeUndefined();
  });
});

describe('RSS 1.0 and 0.90 (RDF)', () => {
  it('reads items without a channel', () => {
    const feed = parseFeedText(`<rdf:RDF xmlns:rdf="${NS.rdf}" xmlns="${NS.rss10}"><item><title>Alone</title></item></rdf:RDF>`);
    expect(feed).toMatchObject({ format: 'rdf', title: '', link: undefined, updated: undefined });
    expect(feed.items.map((item) => item.title)).toEqual(['Alone']);
  });

  it('reads items in any RSS 1.0 or 0.90 namespace, or none, whatever the channel uses', () => {
    const feed = parseFeedText(
      `<rdf:RDF xmlns:rdf="${NS.rdf}"><channel xmlns="${NS.rss10}"><title>C</title></channel>` +
        `<item xmlns="${NS.rss090}"><title>a</title></item><item xmlns="http://channel.netscape.com/rdf/simple/0.9/"><title>b</title></item>` +
        `<item><title>c</title></item><item xmlns="http://example.com/other"><title>not read</title></item></rdf:RDF>`,
    );
    expect(feed.items.map((item) => item.title)).toEqual(['a', 'b', 'c']);
    const rss090 = parseFeedText(`<rdf:RDF xmlns:rdf="${NS.rdf}"><channel xmlns="${NS.rss090}"><title>C</title></channel><item xmlns="${NS.rss10}"><title>d</title></item></rdf:RDF>`);
    expect(rss090.items.map((item) => item.title)).toEqual(['d']);
  });

  it('reads a channel and its items in a namespace of its own, one the reader does not know', () => {
    const feed = parseFeedText(
      `<rdf:RDF xmlns:rdf="${NS.rdf}" xmlns="http://example.com/own-rss"><channel><title>Own</title></channel>` +
        `<item><title>Read</title></item><item xmlns="http://example.com/other"><title>not read</title></item></rdf:RDF>`,
    );
    expect(feed.title).toBe('Own');
    expect(feed.items.map((item) => item.title)).toEqual(['Read']);
  });

  it('takes the namespace of its own from the channel, not from an extension element before it', () => {
    const feed = parseFeedText(
      `<rdf:RDF xmlns:rdf="${NS.rdf}" xmlns="http://example.com/own-rss" xmlns:admin="http://webns.net/mvcb/">` +
        `<admin:generatorAgent rdf:resource="https://tool.example/"/><channel><title>Own</title></channel>` +
        `<item><title>Read</title></item></rdf:RDF>`,
    );
    expect(feed.title).toBe('Own');
    expect(feed.items.map((item) => item.title)).toEqual(['Read']);
  });

  it('reads items beside the channel, in the namespace the channel uses', () => {
    for (const ns of [NS.rss10, NS.rss090, 'http://channel.netscape.com/rdf/simple/0.9/']) {
      const feed = parseFeedText(
        `<rdf:RDF xmlns:rdf="${NS.rdf}" xmlns="${ns}"><channel rdf:about="https://site.example/"><title>R</title><link>https://site.example/</link></channel>` +
          `<item rdf:about="https://site.example/1"><title>One</title><link>https://site.example/1</link></item></rdf:RDF>`,
        FEED_URL,
      );
      expect(plainJson(feed)).toEqual({
        format: 'rdf',
        title: 'R',
        link: 'https://site.example/',
        items: [{ guid: 'https://site.example/1', title: 'One', link: 'https://site.example/1', summary: '' }],
      });
    }
  });

  it('reads RSS 1.0 elements written with a prefix, and items inside the channel when none are beside it', () => {
    const feed = parseFeedText(
      `<rdf:RDF xmlns:rdf="${NS.rdf}" xmlns:rss="${NS.rss10}"><rss:channel><rss:title>P</rss:title>` +
        `<rss:item><rss:title>Inside</rss:title></rss:item></rss:channel></rdf:RDF>`,
    );
    expect(feed.title).toBe('P');
    expect(feed.items.map((item) => item.title)).toEqual(['Inside']);
    const beside = parseFeedText(
      `<rdf:RDF xmlns:rdf="${NS.rdf}" xmlns="${NS.rss10}"><channel><item><title>Inside</title></item></channel><item><title>Beside</title></item></rdf:RDF>`,
    );
    expect(beside.items.map((item) => item.title)).toEqual(['Beside']);
  });

  it('does not take an rdf:channel for the channel', () => {
    const feed = parseFeedText(
      `<rdf:RDF xmlns:rdf="${NS.rdf}" xmlns="${NS.rss10}"><rdf:channel><title>Wrong</title></rdf:channel><channel><title>Right</title></channel></rdf:RDF>`,
    );
    expect(feed.title).toBe('Right');
  });

  it('does not read an RSS 2.0 item left in no namespace beside the channel of another one... but reads the fallback namespaces', () => {
    const feed = parseFeedText(`<rdf:RDF xmlns:rdf="${NS.rdf}"><channel><title>None</title></channel><item><title>Plain</title></item></rdf:RDF>`);
    expect(feed.title).toBe('None');
    expect(feed.items.map((item) => item.title)).toEqual(['Plain']);
  });
});

describe('RSS item', () => {
  it('takes a trimmed guid, else a trimmed rdf:about, else none', () => {
    expect(rssItem('<guid> g-1 </guid>').guid).toBe('g-1');
    expect(rssItem('<guid> </guid>', `xmlns:rdf="${NS.rdf}" rdf:about=" https://site.example/about "`).guid).toBe('https://site.example/about');
    expect(rssItem('<title>x</title>').guid).toBeUndefined();
    expect(rssItem('<guid>  </guid>').guid).toBeUndefined();
  });

  it('takes the title as text, else the Dublin Core title', () => {
    expect(rssItem('<title>A &amp;amp; B</title>').title).toBe('A & B');
    expect(rssItem('<title></title><dc:title>DC</dc:title>').title).toBe('DC');
    expect(rssItem('<title>   </title><dc:title>DC</dc:title>').title).toBe('DC');
    expect(rssItem('<title><![CDATA[ <br> ]]></title><dc:title>DC</dc:title>').title).toBe('DC');
    expect(rssItem('<title>  Own  </title><dc:title>DC</dc:title>').title).toBe('Own');
    expect(rssItem('<dc:title>DC</dc:title>').title).toBe('DC');
    expect(rssItem('<link>https://a.example/</link>').title).toBe('');
  });

  it('resolves a relative link against the item’s xml:base, else the link’s, else the channel link', () => {
    expect(rssItem('<link>story/1</link>').link).toBe('https://site.example/home/story/1');
    expect(rssItem('<link>story/1</link>', 'xml:base="https://item.example/i/"').link).toBe('https://item.example/i/story/1');
    expect(rssItem('<link xml:base="https://link.example/l/">story/1</link>').link).toBe('https://link.example/l/story/1');
    const noSite = parseFeedText(rss('<item><link>story/1</link></item>'), FEED_URL);
    expect(noSite.items[0]?.link).toBe('https://feeds.example/news/story/1');
  });

  it('takes the first <link> that is an http(s) URL, from its text or its href', () => {
    expect(rssItem('<link>javascript:alert(1)</link><link>https://a.example/2</link>').link).toBe('https://a.example/2');
    expect(rssItem('<link href="https://a.example/href"/>').link).toBe('https://a.example/href');
    expect(rssItem('<link href="https://a.example/href">https://a.example/text</link>').link).toBe('https://a.example/text');
    expect(rssItem('<link>https://a.example/first</link><atom:link href="https://a.example/atom"/>').link).toBe('https://a.example/first');
  });

  it('takes an empty <link> as no link', () => {
    expect(rssItem('<link/>').link).toBeUndefined();
    expect(rssItem('<link> </link><link>https://a.example/2</link>').link).toBe('https://a.example/2');
  });

  it('falls back to an alternate (or rel-less) atom:link', () => {
    expect(rssItem('<atom:link href="https://a.example/atom"/>').link).toBe('https://a.example/atom');
    expect(rssItem('<atom:link rel="self" href="https://a.example/self"/><atom:link rel="alternate" href="https://a.example/alt"/>').link).toBe(
      'https://a.example/alt',
    );
    expect(rssItem('<atom:link rel="enclosure" href="https://a.example/e.mp3"/>').link).toBeUndefined();
    expect(rssItem('<atom:link href="ftp://a.example/x"/><atom:link href="rel/x"/>').link).toBe('https://site.example/home/rel/x');
    expect(rssItem('<atom:link href="x" xml:base="https://b.example/"/>').link).toBe('https://b.example/x');
  });

  it('falls back to an absolute http(s) guid unless isPermaLink is "false"', () => {
    expect(rssItem('<guid> https://a.example/g </guid>').link).toBe('https://a.example/g');
    expect(rssItem('<guid isPermaLink="true">https://a.example/g</guid>').link).toBe('https://a.example/g');
    expect(rssItem('<guid isPermaLink=" FALSE ">https://a.example/g</guid>').link).toBeUndefined();
    expect(rssItem('<guid>/relative/g</guid>').link).toBeUndefined();
    expect(rssItem('<guid>tag:a.example,2024:1</guid>').link).toBeUndefined();
  });

  it('falls back to an absolute http(s) rdf:about', () => {
    expect(rssItem('', `xmlns:rdf="${NS.rdf}" rdf:about=" https://a.example/about "`).link).toBe('https://a.example/about');
    expect(rssItem('<guid isPermaLink="false">https://a.example/g</guid>', `xmlns:rdf="${NS.rdf}" rdf:about="https://a.example/about"`).link).toBe(
      'https://a.example/about',
    );
    expect(rssItem('', `xmlns:rdf="${NS.rdf}" rdf:about="urn:x:1"`).link).toBeUndefined();
    expect(rssItem('', `xmlns:rdf="${NS.rdf}" rdf:about="about/1"`).link).toBeUndefined();
    // As for a guid, only an rdf:about written as an absolute URL is trusted, not one the URL parser would repair.
    expect(rssItem('', `xmlns:rdf="${NS.rdf}" rdf:about="http:a.example/about"`).link).toBeUndefined();
  });

  it('dates the item by the first readable of pubDate, dc:date, atom:published, atom:updated, dcterms issued, created, modified', () => {
    const dates = [
      ['pubDate', 'Mon, 01 Jan 2024 00:00:00 GMT'],
      ['dc:date', '2024-01-02T00:00:00Z'],
      ['atom:published', '2024-01-03T00:00:00Z'],
      ['atom:updated', '2024-01-04T00:00:00Z'],
      ['dcterms:issued', '2024-01-05T00:00:00Z'],
      ['dcterms:created', '2024-01-06T00:00:00Z'],
      ['dcterms:modified', '2024-01-07T00:00:00Z'],
    ] as const;
    for (let first = 0; first < dates.length; first++) {
      const inner = dates.map(([name, value], i) => `<${name}>${i < first ? 'unreadable' : value}</${name}>`).reverse().join('');
      expect(rssItem(inner).published?.toISOString()).toBe(`2024-01-0${first + 1}T00:00:00.000Z`);
    }
    expect(rssItem('<pubDate>later</pubDate>').published).toBeUndefined();
    expect(rssItem('<title>t</title>').published).toBeUndefined();
  });

  it('takes the first of two dates of one kind, newer or older; an unreadable first one is no date, the second is not read', () => {
    const published = (inner: string) => rssItem(inner).published?.toISOString();
    expect(published('<pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate><pubDate>Tue, 02 Jan 2024 00:00:00 GMT</pubDate>')).toBe('2024-01-01T00:00:00.000Z');
    expect(published('<pubDate>Tue, 02 Jan 2024 00:00:00 GMT</pubDate><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>')).toBe('2024-01-02T00:00:00.000Z');
    expect(published('<dc:date>2024-01-05T00:00:00Z</dc:date><dc:date>2024-01-04T00:00:00Z</dc:date>')).toBe('2024-01-05T00:00:00.000Z');
    expect(published('<dcterms:created>2024-01-06T00:00:00Z</dcterms:created><dcterms:created>2024-01-07T00:00:00Z</dcterms:created>')).toBe('2024-01-06T00:00:00.000Z');
    expect(published('<pubDate>Mon, 01 Jan 2024 00:00:00 XYZ</pubDate><pubDate>Tue, 02 Jan 2024 00:00:00 GMT</pubDate>')).toBeUndefined();
    // the next kind still counts: dc:date after an unreadable pubDate
    expect(published('<pubDate>soon</pubDate><pubDate>Tue, 02 Jan 2024 00:00:00 GMT</pubDate><dc:date>2024-01-03T00:00:00Z</dc:date>')).toBe('2024-01-03T00:00:00.000Z');
  });

  it('summarises from description, content:encoded, dc:description, itunes:summary, media:description, media:group, first non-empty', () => {
    const sources = [
      '<description>from description</description>',
      '<content:encoded>from content</content:encoded>',
      '<dc:description>from dc</dc:description>',
      '<itunes:summary>from itunes</itunes:summary>',
      '<media:description>from media</media:description>',
      '<media:group><media:title>t</media:title></media:group><media:group><media:description>from group</media:description></media:group>',
    ];
    const expected = ['from description', 'from content', 'from dc', 'from itunes', 'from media', 'from group'];
    for (let first = 0; first < sources.length; first++) {
      const empties = ['<description> </description>', '<content:encoded/>', '<dc:description/>', '<itunes:summary/>', '<media:description/>'].slice(0, first);
      const inner = [...empties, ...sources.slice(first)].reverse().join('');
      expect(rssItem(inner).summary).toBe(expected[first]);
    }
    expect(rssItem('<title>t</title>').summary).toBe('');
  });

  it('reads the summary as HTML text, and only about as far as summaryChars asks', () => {
    expect(rssItem('<description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;</description>').summary).toBe('Hello world');
    const words = Array.from({ length: 5_000 }, (_, i) => `w${i}`).join(' ');
    const whole = rssItem(`<description>${words}</description>`).summary;
    expect(whole).toBe(words);
    const feed = parseFeedText(rss(`<item><description>${words}</description></item>`), FEED_URL, { summaryChars: 50 });
    const cut = feed.items[0]!.summary;
    expect(cut.length).toBeGreaterThanOrEqual(50);
    expect(cut.length).toBeLessThan(words.length);
    expect(words.startsWith(cut)).toBe(true);
  });

  it('takes the image from Media RSS, else an image enclosure, iTunes, content:encoded, description', () => {
    const sources = [
      '<media:content url="https://img.example/media.jpg" medium="image"/>',
      '<enclosure url="https://img.example/enclosure.jpg" type="image/jpeg"/>',
      '<itunes:image href="https://img.example/itunes.jpg"/>',
      '<content:encoded>&lt;img src="https://img.example/content.jpg"&gt;</content:encoded>',
      '<description>&lt;img src="https://img.example/description.jpg"&gt;</description>',
    ];
    const expected = ['media', 'enclosure', 'itunes', 'content', 'description'].map((name) => `https://img.example/${name}.jpg`);
    for (let first = 0; first < sources.length; first++) {
      expect(rssItem(sources.slice(first).reverse().join('')).image).toBe(expected[first]);
    }
    expect(rssItem('<title>t</title>').image).toBeUndefined();
  });

  it('looks for an image in the description when content:encoded has none', () => {
    expect(rssItem('<content:encoded>text only</content:encoded><description>&lt;img src="https://img.example/d.jpg"&gt;</description>').image).toBe(
      'https://img.example/d.jpg',
    );
  });

  it('skips an image enclosure whose URL is unusable, and trusts an image type over the extension', () => {
    expect(rssItem('<enclosure type="image/png" url="javascript:x"/><enclosure url="https://a.example/b.png"/>').image).toBe('https://a.example/b.png');
    expect(rssItem('<enclosure type="image/jpeg" url="https://a.example/photo"/>').image).toBe('https://a.example/photo');
    expect(atomEntry('<link rel="enclosure" type="image/png" href="javascript:x"/><link rel="enclosure" href="https://a.example/b.png"/>').image).toBe(
      'https://a.example/b.png',
    );
    expect(atomEntry('<link rel="enclosure" type="image/jpeg" href="https://a.example/photo"/>').image).toBe('https://a.example/photo');
  });

  it('falls back to an http rdf:about when the guid is relative', () => {
    expect(rssItem('<guid>/relative</guid>', `xmlns:rdf="${NS.rdf}" rdf:about="https://a.example/about"`).link).toBe('https://a.example/about');
  });

  it('takes only an enclosure that is an image, resolved against its base', () => {
    expect(rssItem('<enclosure url="https://a.example/a.mp3" type="audio/mpeg"/><enclosure url="https://a.example/b.png"/>').image).toBe('https://a.example/b.png');
    expect(rssItem('<enclosure url="pic.jpg"/>').image).toBe('https://site.example/home/pic.jpg');
    expect(rssItem('<enclosure url="pic.jpg" xml:base="https://e.example/"/>').image).toBe('https://e.example/pic.jpg');
    expect(rssItem('<enclosure url="https://a.example/a.mp3" type="audio/mpeg"/>').image).toBeUndefined();
    expect(rssItem('<enclosure url="javascript:x.jpg"/>').image).toBeUndefined();
    expect(rssItem('<enclosure type="image/png"/>').image).toBeUndefined();
  });

  it('resolves an image in the HTML against the item’s base', () => {
    expect(rssItem('<description>&lt;img src="i/1.jpg"&gt;</description>').image).toBe('https://site.example/home/i/1.jpg');
    expect(rssItem('<description>&lt;img src="i/1.jpg"&gt;</description>', 'xml:base="https://b.example/"').image).toBe('https://b.example/i/1.jpg');
  });

  it('gives the same summary and image on every read, and all fields as JSON', () => {
    const item = rssItem('<title>T</title><guid>g</guid><link>https://a.example/1</link><description>Text</description><enclosure url="https://a.example/i.png"/>');
    expect(item.summary).toBe('Text');
    expect(item.summary).toBe('Text');
    expect(item.image).toBe('https://a.example/i.png');
    expect(item.image).toBe('https://a.example/i.png');
    const noImage = rssItem('<title>T</title>');
    expect(noImage.image).toBeUndefined();
    expect(noImage.image).toBeUndefined();
    expect(JSON.parse(JSON.stringify(item))).toEqual({ guid: 'g', title: 'T', link: 'https://a.example/1', summary: 'Text', image: 'https://a.example/i.png' });
  });
});

describe('Atom feed', () => {
  it('takes the title as a text construct and the updated date, else the 0.3 modified, else dc:date', () => {
    const feed = parseFeedText(atom('<title type="html">A &lt;b&gt;bold&lt;/b&gt; title</title><updated>2024-02-01T00:00:00Z</updated><modified>2024-02-02T00:00:00Z</modified>'));
    expect(feed.title).toBe('A bold title');
    expect(feed.updated?.toISOString()).toBe('2024-02-01T00:00:00.000Z');
    expect(parseFeedText(atom('<updated>x</updated><modified>2024-02-02T00:00:00Z</modified>')).updated?.toISOString()).toBe('2024-02-02T00:00:00.000Z');
    expect(parseFeedText(atom('<dc:date>2024-02-03T00:00:00Z</dc:date>')).updated?.toISOString()).toBe('2024-02-03T00:00:00.000Z');
    expect(parseFeedText(atom('<title/>'))).toMatchObject({ title: '', updated: undefined, link: undefined });
  });

  it('takes the alternate link declared as HTML, else an untyped one, else any other type, in document order', () => {
    const link = (links: string) => parseFeedText(atom(links), FEED_URL).link;
    expect(link('<link rel="self" href="https://a.example/self"/><link href="https://a.example/plain"/>')).toBe('https://a.example/plain');
    expect(link('<link rel=" alternate " type="application/rss+xml" href="https://a.example/rss"/><link rel="alternate" href="https://a.example/untyped"/>')).toBe(
      'https://a.example/untyped',
    );
    expect(link('<link href="https://a.example/untyped"/><link type=" TEXT/HTML " href="https://a.example/html"/>')).toBe('https://a.example/html');
    expect(link('<link href="https://a.example/untyped"/><link type="application/xhtml+xml" href="https://a.example/xhtml"/>')).toBe('https://a.example/xhtml');
    expect(link('<link type="text/html" href="https://a.example/1"/><link type="text/html" href="https://a.example/2"/>')).toBe('https://a.example/1');
    expect(link('<link type="application/json" href="https://a.example/1"/><link type="application/rss+xml" href="https://a.example/2"/>')).toBe('https://a.example/1');
    expect(link('<link href="https://a.example/1"/><link href="https://a.example/2"/>')).toBe('https://a.example/1');
    expect(link('<link rel="" href="https://a.example/empty-rel"/>')).toBe('https://a.example/empty-rel');
    expect(link('<link type="text/html" href="mailto:x@a.example"/><link href="/home"/>')).toBe('https://feeds.example/home');
    expect(link('<link rel="self" href="https://a.example/self"/>')).toBeUndefined();
    expect(link('<link rel=" alternate " href="https://a.example/spaced"/>')).toBe('https://a.example/spaced');
  });
});

describe('Atom entry', () => {
  it('takes a trimmed id as guid, and the id as link only when it is an absolute http(s) URL', () => {
    expect(atomEntry('<id> urn:uuid:1 </id>')).toMatchObject({ guid: 'urn:uuid:1', link: undefined });
    expect(atomEntry('<id> https://a.example/id </id>')).toMatchObject({ guid: 'https://a.example/id', link: 'https://a.example/id' });
    expect(atomEntry('<id>https://a.example/id</id><link href="https://a.example/alt"/>').link).toBe('https://a.example/alt');
    expect(atomEntry('<id>/relative</id>').link).toBeUndefined();
    expect(atomEntry('<id> </id>').guid).toBeUndefined();
    expect(atomEntry('<title>t</title>').guid).toBeUndefined();
  });

  it('resolves links against the entry’s xml:base, else the feed’s alternate link', () => {
    expect(atomEntry('<link href="e/1"/>').link).toBe('https://site.example/home/e/1');
    expect(atomEntry('<link href="e/1"/>', 'xml:base="https://entry.example/"').link).toBe('https://entry.example/e/1');
    const noSite = parseFeedText(atom('<entry><link href="e/1"/></entry>'), FEED_URL);
    expect(noSite.items[0]?.link).toBe('https://feeds.example/news/e/1');
  });

  it('dates the entry by published, else issued, updated, modified, created, dc:date', () => {
    const names = ['published', 'issued', 'updated', 'modified', 'created', 'dc:date'];
    for (let first = 0; first < names.length; first++) {
      const inner = names.map((name, i) => `<${name}>${i < first ? 'nope' : `2024-03-0${i + 1}T00:00:00Z`}</${name}>`).reverse().join('');
      expect(atomEntry(inner).published?.toISOString()).toBe(`2024-03-0${first + 1}T00:00:00.000Z`);
    }
    expect(atomEntry('<title>t</title>').published).toBeUndefined();
  });

  it('takes the first of two dates of one kind, newer or older; an unreadable first one is no date, the second is not read', () => {
    const published = (inner: string) => atomEntry(inner).published?.toISOString();
    expect(published('<updated>2024-03-02T00:00:00Z</updated><updated>2024-03-01T00:00:00Z</updated>')).toBe('2024-03-02T00:00:00.000Z');
    expect(published('<updated>2024-03-01T00:00:00Z</updated><updated>2024-03-02T00:00:00Z</updated>')).toBe('2024-03-01T00:00:00.000Z');
    expect(published('<created>2004-01-01T00:00:00Z</created><created>2003-01-01T00:00:00Z</created>')).toBe('2004-01-01T00:00:00.000Z');
    expect(published('<published>2003</published><published>2003-12-13T00:00:00Z</published>')).toBe('2003-01-01T00:00:00.000Z');
    expect(published('<updated>2024-02-30T00:00:00Z</updated><updated>2024-03-01T00:00:00Z</updated>')).toBeUndefined();
    expect(parseFeedText(atom('<updated>2024-02-05T00:00:00Z</updated><updated>2024-02-04T00:00:00Z</updated>')).updated?.toISOString()).toBe('2024-02-05T00:00:00.000Z');
  });

  it('summarises from summary, else content, else media:description', () => {
    expect(atomEntry('<media:description> m  d </media:description><content>c</content><summary> s  s </summary>').summary).toBe('s s');
    expect(atomEntry('<media:description>m</media:description><content> c  c </content><summary/>').summary).toBe('c c');
    expect(atomEntry('<media:description> m \n d </media:description><content/>').summary).toBe('m d');
    expect(atomEntry('<title>t</title>').summary).toBe('');
  });

  it('does not read content given by reference, but does read a summary with a src', () => {
    expect(atomEntry('<content src="https://a.example/c">ignored</content>').summary).toBe('');
    expect(atomEntry('<summary src="https://a.example/s">read</summary>').summary).toBe('read');
    expect(atomEntry('<content src="https://a.example/c" type="html">&lt;img src="https://a.example/c.jpg"&gt;</content>').image).toBeUndefined();
  });

  it('reads text constructs of every type', () => {
    const summary = (attributes: string, body: string) => atomEntry(`<summary ${attributes}>${body}</summary>`).summary;
    expect(summary('', 'a &lt;b&gt; c')).toBe('a <b> c');
    expect(summary('type="text/plain"', 'a &lt;b&gt; c')).toBe('a <b> c');
    expect(summary('type="html"', 'a &lt;b&gt;bold&lt;/b&gt; c')).toBe('a bold c');
    expect(summary('type=" Text/HTML "', 'a &lt;b&gt;bold&lt;/b&gt; c')).toBe('a bold c');
    expect(summary('type="xhtml"', '<div xmlns="http://www.w3.org/1999/xhtml"><p>x <b>y</b></p></div>')).toBe('x y');
    expect(summary('type="application/xhtml+xml"', '<p>x <b>y</b></p>')).toBe('x y');
    // xhtml without elements is escaped markup in the wrong type: read as HTML.
    expect(summary('type="xhtml"', '&lt;p&gt;escaped&lt;/p&gt;')).toBe('escaped');
    // Atom 0.3 modes.
    expect(summary('mode="xml" type="application/xhtml+xml"', '<p>x <b>y</b></p>')).toBe('x y');
    // Plain text keeps the markup as it was written.
    expect(summary('mode="xml"', '<p>x</p>')).toBe('<p>x</p>');
    expect(summary('mode="xml" type="text/plain"', '<p>x</p>')).toBe('<p>x</p>');
    expect(summary('mode=" XML " type="text/html"', '<p>x <i>y</i></p>')).toBe('x y');
    expect(summary('mode="escaped" type="text/html"', '&lt;b&gt;e&lt;/b&gt;')).toBe('e');
    expect(summary('mode="base64"', btoa('plain <b>text</b>'))).toBe('plain <b>text</b>');
    expect(summary('mode=" BASE64 " type="text/html"', btoa('<b>html</b> text'))).toBe('html text');
    expect(summary('mode="base64"', 'not base64!')).toBe('');
    expect(summary('mode="base64"', btoa('caf\u00c3\u00a9').replace(/(.{4})/g, '$1\n '))).toBe('café');
    // Atom 1.0 binary types are base64.
    expect(summary('type="application/octet-stream"', btoa('octets'))).toBe('octets');
    expect(summary('type="image/svg+xml"', btoa('image text'))).toBe('image text');
    expect(summary('type="audio/x-thing"', btoa('audio text'))).toBe('audio text');
    expect(summary('type="video/x-thing"', btoa('video text'))).toBe('video text');
    expect(summary('type="application/json"', '{"a": 1}')).toBe('{"a": 1}');
    // Markup in another XML type is read as markup only in Atom 0.3's mode="xml".
    expect(summary('mode="xml" type="application/xml"', '<p>x</p>')).toBe('x');
    expect(summary('type="application/xml"', '<p>x</p>')).toBe('<p>x</p>');
  });

  it('reads constructs written with a prefix (parsed as elements) the same way', () => {
    const feed = parseFeedText(
      `<a:feed xmlns:a="${NS.atom}"><a:title>P</a:title><a:entry><a:title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">x <b>y</b></div></a:title>` +
        `<a:summary type="xhtml">&lt;p&gt;escaped &lt;img src="https://a.example/e.jpg"&gt;&lt;/p&gt;</a:summary>` +
        `<a:content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><img src="https://a.example/c.jpg"/></div></a:content></a:entry></a:feed>`,
    );
    expect(feed.title).toBe('P');
    const entry = feed.items[0]!;
    expect([entry.title, entry.summary, entry.image]).toEqual(['x y', 'escaped', 'https://a.example/c.jpg']);
    const plainText = parseFeedText(`<a:feed xmlns:a="${NS.atom}"><a:entry><a:summary type="xhtml">no markup</a:summary></a:entry></a:feed>`);
    expect(plainText.items[0]?.summary).toBe('no markup');
  });

  it('reads an entry’s title as a text construct too', () => {
    expect(atomEntry('<title type="html">T &amp;amp; &lt;i&gt;U&lt;/i&gt;</title>').title).toBe('T & U');
    expect(atomEntry('<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">A <b>B</b></div></title>').title).toBe('A B');
    expect(atomEntry('<title> A \n B </title>').title).toBe('A B');
  });

  it('reads the summary about as far as summaryChars asks', () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `w${i}`).join(' ');
    for (const type of ['html', 'text']) {
      const whole = atomEntry(`<summary type="${type}">${words}</summary>`).summary;
      expect(whole).toBe(words);
      const feed = parseFeedText(atom(`<entry><summary type="html">${words}</summary></entry>`), FEED_URL, { summaryChars: 50 });
      const cut = feed.items[0]!.summary;
      expect(cut.length).toBeGreaterThanOrEqual(50);
      expect(cut.length).toBeLessThan(words.length);
      expect(words.startsWith(cut)).toBe(true);
    }
    const content = parseFeedText(atom(`<entry><content type="html">${words}</content></entry>`), FEED_URL, { summaryChars: 50 }).items[0]!.summary;
    expect(content.length).toBeLessThan(words.length);
    const escaped = parseFeedText(atom(`<entry><summary type="xhtml">${words}</summary></entry>`), FEED_URL, { summaryChars: 50 }).items[0]!.summary;
    expect(escaped.length).toBeLessThan(words.length);
  });

  it('takes the image from Media RSS, else an image enclosure link, iTunes, the content’s HTML, the summary’s HTML', () => {
    const sources = [
      '<media:thumbnail url="https://img.example/media.jpg"/>',
      '<link rel="enclosure" type="image/png" href="https://img.example/enclosure.png"/>',
      '<itunes:image href="https://img.example/itunes.jpg"/>',
      '<content type="html">&lt;img src="https://img.example/content.jpg"&gt;</content>',
      '<summary type="html">&lt;img src="https://img.example/summary.jpg"&gt;</summary>',
    ];
    const expected = ['media.jpg', 'enclosure.png', 'itunes.jpg', 'content.jpg', 'summary.jpg'].map((name) => `https://img.example/${name}`);
    for (let first = 0; first < sources.length; first++) {
      expect(atomEntry(sources.slice(first).reverse().join('')).image).toBe(expected[first]);
    }
    expect(atomEntry('<title>t</title>').image).toBeUndefined();
  });

  it('takes only enclosure links that are images, and images only from HTML constructs', () => {
    expect(atomEntry('<link rel="enclosure" type="audio/mpeg" href="https://a.example/a.mp3"/><link rel=" enclosure " href="https://a.example/b.gif"/>').image).toBe(
      'https://a.example/b.gif',
    );
    expect(atomEntry('<link rel="alternate" href="https://a.example/c.jpg"/>').image).toBeUndefined();
    expect(atomEntry('<link href="https://a.example/c.jpg"/>').image).toBeUndefined();
    expect(atomEntry('<link rel="enclosure" href="d.jpg" xml:base="https://e.example/"/>').image).toBe('https://e.example/d.jpg');
    expect(atomEntry('<link rel="enclosure" href="javascript:d.jpg"/>').image).toBeUndefined();
    expect(atomEntry('<summary>&lt;img src="https://a.example/text.jpg"&gt;</summary>').image).toBeUndefined();
    expect(atomEntry('<summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><img src="https://a.example/x.jpg"/></div></summary>').image).toBe(
      'https://a.example/x.jpg',
    );
    expect(atomEntry('<summary type="html" mode="base64">' + btoa('<img src="https://a.example/b64.jpg">') + '</summary>').image).toBe(
      'https://a.example/b64.jpg',
    );
  });

  it('resolves an image in the content against the content’s xml:base, else the entry’s base', () => {
    expect(atomEntry('<content type="html" xml:base="https://c.example/d/">&lt;img src="i.jpg"&gt;</content>').image).toBe('https://c.example/d/i.jpg');
    expect(atomEntry('<content type="html">&lt;img src="i.jpg"&gt;</content>').image).toBe('https://site.example/home/i.jpg');
    expect(atomEntry('<summary type="html">&lt;img src="i.jpg"&gt;</summary>', 'xml:base="https://e.example/"').image).toBe('https://e.example/i.jpg');
  });

  it('gives the same summary and image on every read, and all fields as JSON', () => {
    const entry = atomEntry('<id>urn:1</id><title>T</title><link href="https://a.example/1"/><summary>S</summary><media:thumbnail url="https://a.example/i.jpg"/><updated>2024-01-01T00:00:00Z</updated>');
    expect([entry.summary, entry.summary, entry.image, entry.image]).toEqual(['S', 'S', 'https://a.example/i.jpg', 'https://a.example/i.jpg']);
    const noImage = atomEntry('<title>T</title>');
    expect([noImage.image, noImage.image]).toEqual([undefined, undefined]);
    expect(JSON.parse(JSON.stringify(entry))).toEqual({
      guid: 'urn:1',
      title: 'T',
      link: 'https://a.example/1',
      published: '2024-01-01T00:00:00.000Z',
      summary: 'S',
      image: 'https://a.example/i.jpg',
    });
  });
});
