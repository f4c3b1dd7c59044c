export const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  atom03: 'http://purl.org/atom/ns#',
  rss10: 'http://purl.org/rss/1.0/',
  rss090: 'http://my.netscape.com/rdf/simple/0.9/',
  rss090alt: 'http://channel.netscape.com/rdf/simple/0.9/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dc: 'http://purl.org/dc/elements/1.1/',
  dcterms: 'http://purl.org/dc/terms/',
  content: 'http://purl.org/rss/1.0/modules/content/',
  media: 'http://search.yahoo.com/mrss/',
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  xhtml: 'http://www.w3.org/1999/xhtml',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const;

/** Spellings of the Media RSS namespace seen in real feeds, all read as NS.media. */
const NAMESPACE_ALIASES: Readonly<Record<string, string>> = {
  'http://search.yahoo.com/mrss': NS.media,
  'https://search.yahoo.com/mrss/': NS.media,
  'http://video.search.yahoo.com/mrss': NS.media,
  'http://video.search.yahoo.com/mrss/': NS.media,
  'http://www.itunes.com/dtds/podcast-1.0.dtd/': NS.itunes,
  'https://www.itunes.com/dtds/podcast-1.0.dtd': NS.itunes,
  'http://purl.org/dc/elements/1.1': NS.dc,
  'https://www.w3.org/2005/Atom': NS.atom,
};

export function canonicalNamespace(uri: string): string {
  const trimmed = uri.trim();
  const alias = NAMESPACE_ALIASES[trimmed];
  if (alias !== undefined) return alias;
  // Apple's own documentation once spelled it "http://www.itunes.com/DTDs/PodCast-1.0.dtd".
  return trimmed.toLowerCase() === NS.itunes ? NS.itunes : trimmed;
}

/**
 * Feeds in the wild use these prefixes without declaring them; a prefix that is
 * declared in the document always wins over this table.
 */
export const CONVENTIONAL_PREFIXES: Readonly<Record<string, string>> = {
  xml: NS.xml,
  atom: NS.atom,
  dc: NS.dc,
  dcterms: NS.dcterms,
  content: NS.content,
  media: NS.media,
  itunes: NS.itunes,
  rdf: NS.rdf,
  xhtml: NS.xhtml,
};
