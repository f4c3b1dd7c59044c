import { decodeFeedBytes } from './charset.ts';
import { type Feed, NotAFeedError, type ReadOptions } from './feed-model.ts';
import { NS } from './namespaces.ts';
import { parseAtom } from './parse-atom.ts';
import { parseRss } from './parse-rss.ts';
import { parseXml, XmlError } from './xml.ts';

/**
 * Reads a feed document of any supported format. Throws NotAFeedError when the
 * document is not RSS or Atom, and XmlError when it is not acceptable XML.
 */
export function parseFeedText(text: string, feedUrl?: string, options: ReadOptions = {}): Feed {
  const root = parseXml(text, feedUrl);
  options.checkBudget?.();
  const name = root.name.toLowerCase();
  if (name === 'rss' && !isKnownNonFeedNamespace(root.ns)) return parseRss(root, feedUrl, options);
  if (root.name === 'RDF' && root.ns === NS.rdf) return parseRss(root, feedUrl, options);
  if (root.name === 'feed' && (root.ns === NS.atom || root.ns === NS.atom03 || root.ns === '')) {
    return parseAtom(root, feedUrl, options);
  }
  if (name === 'html' || name === 'head' || name === 'body' || root.ns === NS.xhtml) {
    throw new NotAFeedError('not a feed: an HTML page');
  }
  // Random bytes can parse as an "element" with an unprintable name.
  const printable = /^[A-Za-z_][\w.:-]{0,60}$/.test(root.qname);
  throw new NotAFeedError(printable ? `not a feed: the document element is <${root.qname}>` : 'not a feed: not XML');
}

/** Bytes as fetched, with the HTTP Content-Type if there was one. */
export function parseFeedBytes(
  bytes: Uint8Array,
  contentType?: string | null,
  feedUrl?: string,
  options: ReadOptions = {},
): Feed {
  const text = decodeFeedBytes(bytes, contentType);
  options.checkBudget?.();
  return parseFeedText(text, feedUrl, options);
}

function isKnownNonFeedNamespace(ns: string): boolean {
  return ns === NS.xhtml || ns === NS.atom;
}

export { NotAFeedError, XmlError };
