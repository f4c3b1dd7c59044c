import type { Feed, FeedItem, ReadOptions } from './feed-model.ts';
import { parseFeedDate } from '../text/dates.ts';
import { collapseWhitespace, firstImageSource, htmlToText } from '../text/html-text.ts';
import { htmlElementImage, htmlElementText } from './item-html.ts';
import { LazyFeedItem } from './feed-item.ts';
import { isImage } from './media.ts';
import { NS } from './namespaces.ts';
import { attr, childElements, childrenNamed, firstChild, innerXml, textContent } from './xml-query.ts';
import type { XmlElement } from './xml.ts';
import { isHttpUrl, resolveHttpUrl } from '../text/urls.ts';

/** Reads Atom 1.0 (and the obsolete 0.3, which differs only in details). */
export function parseAtom(root: XmlElement, feedUrl: string | undefined, options: ReadOptions = {}): Feed {
  const own = [root.ns];
  const link = alternateLink(root, own, feedUrl);
  const itemBase = link ?? feedUrl;
  return {
    format: 'atom',
    title: plain(construct(firstChild(root, own, 'title'))),
    link,
    updated: firstDate(root, own, ['updated', 'modified']),
    items: childrenNamed(root, own, 'entry').map((entry) => {
      options.checkBudget?.();
      return readEntry(entry, own, itemBase, options.summaryChars ?? Infinity);
    }),
  };
}

function readEntry(
  entry: XmlElement,
  own: readonly string[],
  fallbackBase: string | undefined,
  summaryChars: number,
): FeedItem {
  return new AtomEntry(entry, own, entry.base ?? fallbackBase, summaryChars);
}

/** One Atom entry: where Atom keeps its summary and images. */
class AtomEntry extends LazyFeedItem {
  constructor(
    entry: XmlElement,
    private readonly own: readonly string[],
    base: string | undefined,
    private readonly summaryChars: number,
  ) {
    const id = text(firstChild(entry, own, 'id')).trim();
    super(
      entry,
      base,
      id || undefined,
      plain(construct(firstChild(entry, own, 'title'))),
      alternateLink(entry, own, base) ?? (isHttpUrl(id) ? resolveHttpUrl(id) : undefined),
      firstDate(entry, own, ['published', 'issued', 'updated', 'modified', 'created']),
    );
  }

  protected override readSummary(): string {
    return (
      plain(this.construct('summary'), this.summaryChars) ||
      plain(this.construct('content'), this.summaryChars) ||
      collapseWhitespace(text(firstChild(this.element, [NS.media], 'description')))
    );
  }

  protected override enclosureImage(): string | undefined {
    return enclosureImage(this.element, this.own, this.base);
  }

  protected override inlineImage(): string | undefined {
    return resolveHttpUrl(
      firstImage(this.construct('content')) ?? firstImage(this.construct('summary')),
      firstChild(this.element, this.own, 'content')?.base ?? this.base,
    );
  }

  /** The summary or content construct; content given by reference (src) counts as none. */
  private construct(name: 'summary' | 'content'): Construct {
    const element = firstChild(this.element, this.own, name);
    return element && (name === 'summary' || attr(element, 'src') === undefined) ? construct(element) : EMPTY;
  }
}

/**
 * The content of an Atom text construct: plain text, HTML, or an element whose
 * (possibly long) HTML content is read only as far as needed.
 */
type Construct =
  | { readonly kind: 'text' | 'html'; readonly value: string }
  | { readonly kind: 'html-element'; readonly element: XmlElement };

const EMPTY: Construct = { kind: 'text', value: '' };

/**
 * Reads an Atom text construct: type text, html or xhtml (Atom 0.3 also: MIME types
 * and mode="escaped" / "base64").
 */
function construct(element: XmlElement | undefined): Construct {
  if (!element) return EMPTY;
  const type = (attr(element, 'type') ?? 'text').trim().toLowerCase();
  const mode = attr(element, 'mode')?.trim().toLowerCase();
  const isXhtml = type === 'xhtml' || type === 'application/xhtml+xml';
  // xhtml with no elements at all is escaped markup in the wrong type: read it as html.
  const hasMarkup = element.rawText !== undefined ? element.rawText.includes('<') : childElements(element).length > 0;
  if ((isXhtml || (mode === 'xml' && !isPlainText(type))) && hasMarkup) return { kind: 'html', value: innerXml(element) };
  const isHtml = type === 'html' || type === 'text/html' || isXhtml;
  if (mode === 'base64' || isBinaryType(type)) return { kind: isHtml ? 'html' : 'text', value: decodeBase64(textContent(element)) };
  return isHtml ? { kind: 'html-element', element } : { kind: 'text', value: textContent(element) };
}

/** Plain text of a construct; with `atLeast`, HTML may be read only that far (see htmlToText). */
function plain(content: Construct, atLeast = Infinity): string {
  if (content.kind === 'html-element') return htmlElementText(content.element, atLeast);
  return content.kind === 'html' ? htmlToText(content.value, atLeast) : collapseWhitespace(content.value);
}

/** The source of the first <img> of an HTML construct. */
function firstImage(content: Construct): string | undefined {
  if (content.kind === 'html-element') return htmlElementImage(content.element);
  return content.kind === 'html' ? firstImageSource(content.value) : undefined;
}

function isPlainText(type: string): boolean {
  return type === 'text' || type === 'text/plain';
}

/** Atom 1.0 carries binary media types base64-encoded (RFC 4287, section 4.1.3.3). */
function isBinaryType(type: string): boolean {
  return (
    type === 'application/octet-stream' ||
    type.startsWith('image/') ||
    type.startsWith('audio/') ||
    type.startsWith('video/')
  );
}

function decodeBase64(value: string): string {
  try {
    const binary = atob(value.replace(/\s+/g, ''));
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return ''; // invalid base64 counts as no text
  }
}

function text(element: XmlElement | undefined): string {
  return element ? textContent(element) : '';
}

function firstDate(parent: XmlElement, own: readonly string[], names: readonly string[]): Date | undefined {
  for (const name of names) {
    const date = parseFeedDate(text(firstChild(parent, own, name)));
    if (date) return date;
  }
  return parseFeedDate(text(firstChild(parent, [NS.dc], 'date')));
}

/** 0 for a link declared as HTML, 1 for an untyped one, 2 for other types. */
function htmlRank(type: string | undefined): number {
  const lower = type?.trim().toLowerCase() ?? '';
  if (lower === 'text/html' || lower === 'application/xhtml+xml') return 0;
  return lower === '' ? 1 : 2;
}

/** The rel="alternate" (or rel-less) link, preferring one declared as HTML. */
function alternateLink(parent: XmlElement, own: readonly string[], base: string | undefined): string | undefined {
  const alternates = childrenNamed(parent, own, 'link').filter(
    (link) => (attr(link, 'rel')?.trim() || 'alternate') === 'alternate',
  );
  // Array.prototype.sort is stable: equally ranked links keep document order.
  const ordered = [...alternates].sort((a, b) => htmlRank(attr(a, 'type')) - htmlRank(attr(b, 'type')));
  for (const link of ordered) {
    const url = resolveHttpUrl(attr(link, 'href'), link.base ?? base);
    if (url !== undefined) return url;
  }
  return undefined;
}

function enclosureImage(entry: XmlElement, own: readonly string[], base: string | undefined): string | undefined {
  for (const link of childrenNamed(entry, own, 'link')) {
    if (attr(link, 'rel')?.trim() !== 'enclosure') continue;
    const url = resolveHttpUrl(attr(link, 'href'), link.base ?? base);
    if (url !== undefined && isImage(undefined, attr(link, 'type'), url)) return url;
  }
  return undefined;
}
