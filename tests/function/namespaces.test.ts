// Namespace URIs as feeds write them (lib/namespaces.ts).
import { describe, expect, it } from 'vitest';
import { canonicalNamespace } from '../../supabase/functions/_shared/parse/namespaces.ts';
import { parseFeedText } from '../../supabase/functions/_shared/parse/parse-feed.ts';
import { parseXml } from '../../supabase/functions/_shared/parse/xml.ts';

const MEDIA = 'http://search.yahoo.com/mrss/';
const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';

describe('canonicalNamespace', () => {
  it.each([
    ['http://search.yahoo.com/mrss', MEDIA],
    ['https://search.yahoo.com/mrss/', MEDIA],
    ['http://video.search.yahoo.com/mrss', MEDIA],
    ['http://video.search.yahoo.com/mrss/', MEDIA],
    [' http://search.yahoo.com/mrss/ ', MEDIA],
    ['http://www.itunes.com/dtds/podcast-1.0.dtd/', ITUNES],
    ['https://www.itunes.com/dtds/podcast-1.0.dtd', ITUNES],
    ['http://www.itunes.com/DTDs/PodCast-1.0.dtd', ITUNES],
    ['http://purl.org/dc/elements/1.1', 'http://purl.org/dc/elements/1.1/'],
    ['https://www.w3.org/2005/Atom', 'http://www.w3.org/2005/Atom'],
    [' urn:Other ', 'urn:Other'], // others are only trimmed, never lower-cased
    ['HTTP://SEARCH.YAHOO.COM/MRSS/', 'HTTP://SEARCH.YAHOO.COM/MRSS/'],
  ])('%j -> %j', (uri, canonical) => {
    expect(canonicalNamespace(uri)).toBe(canonical);
  });
});

describe('prefixes feeds use without declaring them', () => {
  it.each([
    ['xml', 'http://www.w3.org/XML/1998/namespace'],
    ['atom', 'http://www.w3.org/2005/Atom'],
    ['dc', 'http://purl.org/dc/elements/1.1/'],
    ['dcterms', 'http://purl.org/dc/terms/'],
    ['content', 'http://purl.org/rss/1.0/modules/content/'],
    ['media', MEDIA],
    ['itunes', ITUNES],
    ['rdf', 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'],
    ['xhtml', 'http://www.w3.org/1999/xhtml'],
  ])('%s: is %s', (prefix, uri) => {
    const root = parseXml(`<r><${prefix}:x/></r>`);
    expect(root.children[0]).toMatchObject({ ns: uri, name: 'x' });
  });
});

describe('feeds in each namespace are read', () => {
  const rdf = (channelNs: string) =>
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="${channelNs}"><channel><title>C</title><link>https://site.example/</link></channel>` +
    '<item><title>One</title><link>https://site.example/1</link></item></rdf:RDF>';

  it.each(['http://purl.org/rss/1.0/', 'http://my.netscape.com/rdf/simple/0.9/', 'http://channel.netscape.com/rdf/simple/0.9/'])(
    'RSS in %s',
    (channelNs) => {
      const feed = parseFeedText(rdf(channelNs));
      expect(feed.format).toBe('rdf');
      expect(feed.title).toBe('C');
      expect(feed.items.map((item) => [item.title, item.link])).toEqual([['One', 'https://site.example/1']]);
    },
  );

  it('RSS 1.0 items in a channel with no namespace of its own', () => {
    const feed = parseFeedText(
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rss="http://purl.org/rss/1.0/"><rss:channel><rss:title>C</rss:title></rss:channel>' +
        '<rss:item><rss:title>One</rss:title><rss:link>https://site.example/1</rss:link></rss:item></rdf:RDF>',
    );
    expect(feed.items.map((item) => item.title)).toEqual(['One']);
  });

  it.each(['http://purl.org/atom/ns#', 'http://www.w3.org/2005/Atom', 'https://www.w3.org/2005/Atom'])('Atom in %s', (ns) => {
    const feed = parseFeedText(`<feed xmlns="${ns}"><title>F</title><entry><title>E</title><link href="https://site.example/e"/></entry></feed>`);
    expect(feed.format).toBe('atom');
    expect(feed.items.map((item) => [item.title, item.link])).toEqual([['E', 'https://site.example/e']]);
  });

  it('says an XHTML page is not a feed', () => {
    expect(() => parseFeedText('<x:page xmlns:x="http://www.w3.org/1999/xhtml"/>')).toThrow('not a feed: an HTML page');
  });
});
