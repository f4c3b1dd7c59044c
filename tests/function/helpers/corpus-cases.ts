import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { corpusDir } from './paths.ts';

/**
 * The corpus expectations translated into this project's terms. Every peer
 * models a feed differently; only what a Story needs is kept: item count,
 * titles, links, dates, images, guids (for ids) and descriptions (for summaries).
 */
export interface ExpectedItem {
  readonly index: number;
  /** The peer's title, HTML or text: compared after an independent HTML-to-text reading. */
  readonly title?: string;
  /** The peer's link (may be relative: ours are resolved); null = no link. */
  readonly link?: string | null;
  /** ISO instant; null = the item has no date of its own. */
  readonly published?: string | null;
  readonly image?: string | null;
  readonly guid?: string;
  /** The peer's description (HTML); ours is its plain text. */
  readonly description?: string;
  /** yarr's GUID falls back to the URL: compared with the key our ids use (guid, else link). */
  readonly idKey?: string;
}

export interface CorpusCase {
  /** Path of the feed inside the corpus, without extension: unique. */
  readonly id: string;
  readonly peer: 'gofeed' | 'rss-parser' | 'feed-rs' | 'yarr';
  readonly file: string;
  /** True when the peer refuses the document: ours must throw. */
  readonly reject?: boolean;
  readonly feedTitle?: string;
  readonly siteUrl?: string;
  readonly itemCount?: number;
  readonly items: readonly ExpectedItem[];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

function caseId(root: string, file: string): string {
  return relative(root, file).replace(/\.[^./]+$/, '');
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

// ---- gofeed: X.xml + X.json ----

function gofeedCases(root: string): CorpusCase[] {
  const base = join(root, 'gofeed/testdata');
  const cases: CorpusCase[] = [];
  for (const json of walk(base).filter((file) => file.endsWith('.json')).sort()) {
    const xml = json.replace(/\.json$/, '.xml');
    if (!existsSync(xml)) continue; // JSON Feed cases: not a format this function reads
    const data = readJson(json);
    if (!isRecord(data)) continue;
    const kind = relative(base, json).split('/').slice(0, 2).join('/');
    const items = records(data.items ?? data.entries).map((item, index) => gofeedItem(kind, item, index));
    cases.push({
      id: caseId(root, xml),
      peer: 'gofeed',
      file: xml,
      feedTitle: str(data.title),
      itemCount: items.length,
      items,
    });
  }
  return cases;
}

function gofeedItem(kind: string, item: Record<string, unknown>, index: number): ExpectedItem {
  const atomLinks = records(item.links).filter((link) => (str(link.rel) ?? 'alternate') === 'alternate');
  const guid = kind === 'parser/rss' && isRecord(item.guid) ? str(item.guid.value) : kind === 'parser/atom' ? str(item.id) : str(item.guid);
  // An Atom entry whose links give no alternate href has no link (unless its id is a URL: ours falls back to it).
  const noAtomLink = Array.isArray(item.links) && !atomLinks.some((l) => str(l.href)) && !/^https?:/.test(str(item.id) ?? '');
  const link = kind === 'parser/atom' ? (str(atomLinks.find((l) => str(l.href))?.href) ?? (noAtomLink ? null : undefined)) : str(item.link);
  const published =
    kind === 'parser/rss' ? str(item.pubDateParsed) : (str(item.publishedParsed) ?? str(item.updatedParsed));
  return compact({
    index,
    title: str(item.title),
    link,
    published,
    image: isRecord(item.image) ? str(item.image.url) : gofeedEnclosureImage(item),
    guid,
    description: gofeedSummary(kind, item),
  });
}

/** The text a summary is made of: the translated description, RSS's description, Atom's summary or else its content. */
function gofeedSummary(kind: string, item: Record<string, unknown>): string | undefined {
  if (kind === 'translator/rss' || kind === 'extensions/itunes') return str(item.description);
  if (kind === 'parser/rss') return str(item.description) ?? str(item.content);
  if (kind === 'parser/atom') return str(item.summary) ?? (isRecord(item.content) && item.content.src === undefined ? str(item.content.value) : undefined);
  if (kind === 'translator/atom') return str(item.description) ?? str(item.content);
  return undefined;
}

/** An RSS enclosure that is an image is the item's image. */
function gofeedEnclosureImage(item: Record<string, unknown>): string | undefined {
  const enclosures = [...records(item.enclosures), ...(isRecord(item.enclosure) ? [item.enclosure] : [])];
  return str(enclosures.find((enclosure) => str(enclosure.type)?.startsWith('image/'))?.url);
}

// ---- rss-parser: input/X.(rss|atom) -> output/X.json, and real-world *.expected.rss-parser.json ----

function rssParserCase(root: string, feedFile: string, expectedFile: string): CorpusCase {
  const data = readJson(expectedFile);
  const feed = isRecord(data) && isRecord(data.feed) ? data.feed : {};
  const items = records(feed.items).map((item, index) =>
    compact<ExpectedItem>({
      index,
      title: str(item.title),
      link: str(item.link),
      published: str(item.isoDate),
      guid: str(item.guid) ?? str(item.id),
    }),
  );
  return {
    id: caseId(root, feedFile),
    peer: 'rss-parser',
    file: feedFile,
    feedTitle: str(feed.title),
    itemCount: items.length,
    items,
  };
}

function rssParserCases(root: string): CorpusCase[] {
  const dir = join(root, 'rss-parser/test');
  const inputs = readdirSync(join(dir, 'input'));
  const cases: CorpusCase[] = [];
  for (const input of inputs.sort()) {
    const name = input.replace(/\.[^.]+$/, '');
    const output = join(dir, 'output', `${name}.json`);
    const file = join(dir, 'input', input);
    if (existsSync(output)) cases.push(rssParserCase(root, file, output));
    else if (name === 'unrecognized') cases.push({ id: caseId(root, file), peer: 'rss-parser', file, reject: true, items: [] });
  }
  return cases;
}

// ---- real-world: X.xml + X.expected.{feed-rs,rss-parser}.json ----

function feedRsText(value: unknown): string | undefined {
  return isRecord(value) ? str(value.content) : undefined;
}

function feedRsImage(entry: Record<string, unknown>): string | undefined {
  for (const media of records(entry.media)) {
    for (const thumbnail of records(media.thumbnails)) {
      const uri = isRecord(thumbnail.image) ? str(thumbnail.image.uri) : undefined;
      if (uri) return uri;
    }
    for (const content of records(media.content)) {
      if (str(content.content_type)?.startsWith('image/')) return str(content.url);
    }
  }
  return undefined;
}

function feedRsCase(root: string, feedFile: string, expectedFile: string): CorpusCase {
  const data = readJson(expectedFile);
  const feed = isRecord(data) ? data : {};
  const items = records(feed.entries).map((entry, index) =>
    compact<ExpectedItem>({
      index,
      title: feedRsText(entry.title),
      link: str(records(entry.links)[0]?.href),
      published: str(entry.published) ?? str(entry.updated) ?? null,
      image: feedRsImage(entry),
    }),
  );
  return { id: caseId(root, feedFile), peer: 'feed-rs', file: feedFile, feedTitle: feedRsText(feed.title), itemCount: items.length, items };
}

function realWorldCases(root: string): CorpusCase[] {
  const dir = join(root, 'real-world');
  const files = readdirSync(dir);
  const cases: CorpusCase[] = [];
  for (const file of files.filter((name) => name.endsWith('.xml')).sort()) {
    const stem = file.replace(/\.(rss2|rss1-rdf|atom)\.xml$/, '');
    const feedRs = join(dir, `${stem}.expected.feed-rs.json`);
    const rssParser = join(dir, `${stem}.expected.rss-parser.json`);
    if (existsSync(feedRs)) cases.push(feedRsCase(root, join(dir, file), feedRs));
    if (existsSync(rssParser)) cases.push({ ...rssParserCase(root, join(dir, file), rssParser), id: caseId(root, rssParser) });
  }
  return cases;
}

// ---- yarr: `@ <Go expression>` lines in a leading comment ----

function goValue(text: string): string | number | null | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('"')) return JSON.parse(trimmed) as string;
  if (/^-?\d+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'time.Now()') return null; // yarr's "no date": the item has none of its own
  const date = /^time\.Date\((\d+), (\d+), (\d+), (\d+), (\d+), (\d+), (\d+), time\.UTC\)$/.exec(trimmed);
  if (date) {
    const [y, mo, d, h, mi, s] = date.slice(1, 7).map(Number) as [number, number, number, number, number, number];
    return new Date(Date.UTC(y, mo - 1, d, h, mi, s)).toISOString();
  }
  return undefined;
}

function yarrCases(root: string): CorpusCase[] {
  const dir = join(root, 'extras/yarr/src/parser/fixtures');
  const cases: CorpusCase[] = [];
  for (const file of walk(dir).filter((name) => name.endsWith('.xml')).sort()) {
    const text = readFileSync(file, 'latin1');
    const end = text.indexOf('-->');
    const lines = text
      .slice(0, end)
      .split('\n')
      .filter((line) => line.startsWith('@ '));
    if (lines.length === 0) continue;
    const items = new Map<number, Record<string, unknown>>();
    const item = (index: number): Record<string, unknown> => {
      let found = items.get(index);
      if (!found) items.set(index, (found = { index }));
      return found;
    };
    let feedTitle: string | undefined;
    let siteUrl: string | undefined;
    let itemCount: number | undefined;
    for (const line of lines) {
      const m = /^@ (\S+) == (.+)$/.exec(line.trim());
      if (!m) continue; // `!=` assertions (generated guids) have no counterpart here
      const [, path = '', rawValue = ''] = m;
      const value = goValue(rawValue);
      if (value === undefined) continue;
      if (path === 'feed.Title') feedTitle = String(value);
      else if (path === 'feed.SiteURL') siteUrl = String(value);
      else if (path === 'len(feed.Items)') itemCount = Number(value);
      const field = /^feed\.Items\[(\d+)\]\.(\w+)$/.exec(path);
      if (field) {
        const [, index = '0', name] = field;
        const target = item(Number(index));
        if (name === 'URL') target.link = value === '' ? null : value;
        if (name === 'Title') target.title = value;
        if (name === 'Date') target.published = value;
        if (name === 'GUID') target.idKey = value;
      }
      const media = /^feed\.Items\[(\d+)\]\.MediaLinks\[0\]\.URL$/.exec(path);
      const index = media?.[1];
      if (index !== undefined && lines.includes(`@ feed.Items[${index}].MediaLinks[0].Type == "image"`)) {
        item(Number(index)).image = value;
      }
      const noMedia = /^len\(feed\.Items\[(\d+)\]\.MediaLinks\)$/.exec(path);
      if (noMedia && value === 0) item(Number(noMedia[1])).image = null;
    }
    cases.push({
      id: caseId(root, file),
      peer: 'yarr',
      file,
      feedTitle,
      siteUrl,
      itemCount,
      items: [...items.values()] as unknown as ExpectedItem[],
    });
  }
  return cases;
}

export function loadCorpusCases(): CorpusCase[] {
  const root = corpusDir();
  return [...gofeedCases(root), ...rssParserCases(root), ...realWorldCases(root), ...yarrCases(root)];
}

export function describeCase(corpusCase: CorpusCase): string {
  return `${corpusCase.peer}: ${basename(corpusCase.id)}`;
}
