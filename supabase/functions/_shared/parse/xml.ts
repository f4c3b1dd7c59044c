import { XMLParser } from 'fast-xml-parser';
import { decodeEntities } from '../text/entities.ts';
import { NotAFeedError } from './feed-model.ts';
import { canonicalNamespace, CONVENTIONAL_PREFIXES, NS } from './namespaces.ts';
import { resolveUrl } from '../text/urls.ts';

export interface XmlAttribute {
  readonly ns: string;
  readonly name: string;
  readonly value: string;
}

export interface XmlElement {
  /** Namespace URI, '' when the element is in no namespace. */
  readonly ns: string;
  readonly name: string;
  /** The name as written, prefix included. */
  readonly qname: string;
  readonly attrs: readonly XmlAttribute[];
  readonly children: readonly XmlNode[];
  /** The xml:base in effect (resolved), or undefined when no ancestor sets one. */
  readonly base: string | undefined;
  /**
   * For the text-bearing elements in RAW_TEXT_ELEMENTS: the content as written
   * (CDATA sections and references undecoded), and no children. See textContent.
   */
  readonly rawText?: string;
}

/** Text (entities decoded, CDATA unwrapped) or an element. */
export type XmlNode = XmlElement | string;

export class XmlError extends Error {
  override readonly name = 'XmlError';
}

const TEXT = '#text';
const CDATA = '#cdata';
const ATTRS = ':@';

// Entities a document declares in its DOCTYPE are refused outright: news feeds
// don't need them, and refusing them rules out entity-expansion bombs and XXE
// (fast-xml-parser itself refuses external ones). Undeclared HTML entity names
// (&nbsp; in RSS) are decoded leniently.
const entityDecoder = {
  decode: decodeEntities,
  addInputEntities(entities: Record<string, string>): void {
    const [name] = Object.keys(entities);
    if (name !== undefined) {
      throw new XmlError(`the document declares the entity "${name}" in its DOCTYPE; entity declarations are refused`);
    }
  },
  setExternalEntities(): void {},
  reset(): void {},
  setXmlVersion(): void {},
};

/**
 * Elements whose content is only ever read as text or HTML (titles, summaries,
 * bodies), under their usual names. The parser hands their content over unparsed:
 * that spares building and decoding large HTML bodies of items that never become
 * stories (textContent() decodes on demand), and it reads long text in one search
 * for the closing tag instead of character by character. Other spellings (another
 * prefix) are parsed normally and read the same.
 */
const RAW_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  'title', 'description', 'content:encoded', 'summary', 'content', 'itunes:summary', 'media:description',
]);
/** For documents whose <title> is closed by another tag (`<title>…</subtitle>`): titles parsed as elements. */
const RAW_TEXT_ELEMENTS_BUT_TITLE: ReadonlySet<string> = new Set([...RAW_TEXT_ELEMENTS].filter((name) => name !== 'title'));

const parserOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: TEXT,
  cdataPropName: CDATA,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  entityDecoder,
  // Callbacks get a matcher instead of a path string built for every tag.
  jPath: false,
};

interface Reader {
  readonly parser: XMLParser;
  readonly raw: ReadonlySet<string>;
}

function reader(raw: ReadonlySet<string>): Reader {
  // XMLParser keeps no state between documents (each parse gets its own), so one is shared.
  return { parser: new XMLParser({ ...parserOptions, stopNodes: [...raw].map((name) => `..${name}`) }), raw };
}

const READERS: readonly Reader[] = [reader(RAW_TEXT_ELEMENTS), reader(RAW_TEXT_ELEMENTS_BUT_TITLE)];

type Scope = Readonly<Record<string, string>>;

const ROOT_SCOPE: Scope = { ...CONVENTIONAL_PREFIXES, '': '' };

/** Parses XML text into a namespace-resolved element tree. Throws XmlError. */
export function parseXml(text: string, documentUrl?: string): XmlElement {
  let raw: unknown;
  let used: Reader | undefined;
  for (const candidate of READERS) {
    try {
      raw = candidate.parser.parse(text);
      used = candidate;
      break;
    } catch (error) {
      if (error instanceof XmlError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      // fast-xml-parser refuses external (XXE) and parameter entities by itself.
      if (/entit/i.test(message)) throw new XmlError(`entity declarations are refused (${message})`);
      // A raw <title> that another tag closes fails the first reading only: try the next one.
      if (candidate === READERS.at(-1)) throw new XmlError(`malformed XML: ${message}`);
    }
  }
  if (!Array.isArray(raw) || used === undefined) throw new NotAFeedError('not a feed: not XML');
  for (const node of raw) {
    const element = toElement(node, used.raw, ROOT_SCOPE, documentUrl, undefined);
    if (element) return element;
  }
  throw new NotAFeedError('not a feed: not XML (no document element)');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tagOf(node: Record<string, unknown>): string | undefined {
  for (const key of Object.keys(node)) {
    if (key !== ATTRS) return key;
  }
  return undefined;
}

function splitName(qname: string): [prefix: string, local: string] {
  const colon = qname.indexOf(':');
  return colon === -1 ? ['', qname] : [qname.slice(0, colon), qname.slice(colon + 1)];
}

const NO_ATTRIBUTES: readonly XmlAttribute[] = Object.freeze([]);

function isNamespaceDeclaration(key: string): boolean {
  return key === 'xmlns' || key.startsWith('xmlns:');
}

function toElement(
  node: unknown,
  rawElements: ReadonlySet<string>,
  parentScope: Scope,
  documentUrl: string | undefined,
  parentBase: string | undefined,
): XmlElement | undefined {
  if (!isRecord(node)) return undefined;
  const qname = tagOf(node);
  if (qname === undefined || qname === TEXT || qname === CDATA || qname.startsWith('?') || qname.startsWith('#')) {
    return undefined;
  }
  const rawAttrs = node[ATTRS];
  const attrKeys = isRecord(rawAttrs) ? Object.keys(rawAttrs) : [];

  let scope = parentScope;
  for (const key of attrKeys) {
    const value = (rawAttrs as Record<string, unknown>)[key];
    if (typeof value === 'string' && isNamespaceDeclaration(key)) {
      if (scope === parentScope) scope = { ...parentScope };
      (scope as Record<string, string>)[key === 'xmlns' ? '' : key.slice(6)] = canonicalNamespace(value);
    }
  }

  let attrs = NO_ATTRIBUTES;
  let base = parentBase;
  for (const key of attrKeys) {
    const raw = (rawAttrs as Record<string, unknown>)[key];
    const value = typeof raw === 'string' ? raw : raw === true ? '' : undefined;
    if (value === undefined || isNamespaceDeclaration(key)) continue;
    const [prefix, local] = splitName(key);
    // Unprefixed attributes are in no namespace, whatever the default namespace is.
    const ns = prefix === '' ? '' : (scope[prefix] ?? `urn:undeclared-prefix:${prefix}`);
    if (attrs === NO_ATTRIBUTES) attrs = [];
    (attrs as XmlAttribute[]).push({ ns, name: local, value });
    if (ns === NS.xml && local === 'base') {
      base = resolveUrl(value, parentBase ?? documentUrl) ?? parentBase;
    }
  }

  const [prefix, local] = splitName(qname);
  // An undeclared, unconventional prefix must not make `foo:title` look like `title`.
  const ns = scope[prefix] ?? `urn:undeclared-prefix:${prefix}`;
  const content = node[qname];
  if (rawElements.has(qname)) {
    const first: unknown = Array.isArray(content) ? content[0] : undefined;
    const rawText = isRecord(first) && first[TEXT] !== undefined ? String(first[TEXT]) : '';
    return { ns, name: local, qname, attrs, children: [], base, rawText };
  }
  const children: XmlNode[] = [];
  if (Array.isArray(content)) {
    for (const child of content) {
      if (!isRecord(child)) continue;
      const text = child[TEXT];
      if (text !== undefined) {
        children.push(String(text));
        continue;
      }
      const cdata = child[CDATA];
      if (cdata !== undefined) {
        children.push(cdataText(cdata));
        continue;
      }
      const element = toElement(child, rawElements, scope, documentUrl, base);
      if (element) children.push(element);
    }
  }
  return { ns, name: local, qname, attrs, children, base };
}

function cdataText(cdata: unknown): string {
  if (!Array.isArray(cdata)) return typeof cdata === 'string' ? cdata : '';
  let out = '';
  for (const part of cdata) {
    if (isRecord(part) && part[TEXT] !== undefined) out += String(part[TEXT]);
  }
  return out;
}
