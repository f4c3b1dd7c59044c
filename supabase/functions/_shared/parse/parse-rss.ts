import type { Feed, FeedItem, ReadOptions } from './feed-model.ts';
import { parseFeedDate } from '../text/dates.ts';
import { htmlToText } from '../text/html-text.ts';
import { htmlElementImage, htmlElementText } from './item-html.ts';
import { LazyFeedItem } from './feed-item.ts';
import { isImage } from './media.ts';
import { NS } from './namespaces.ts';
import { attr, childElements, childrenNamed, firstChild, textContent } from './xml-query.ts';
import type { XmlElement } from './xml.ts';
import { isHttpUrl, resolveHttpUrl } from '../text/urls.ts';

/** Reads RSS 0.9x/2.0 (`<rss>`) and RSS 1.0 / 0.90 (`<rdf:RDF>`). */
export function parseRss(root: XmlElement, feedUrl: string | undefined, options: ReadOptions = {}): Feed {
  const isRdf = root.ns === NS.rdf;
  // RSS 2.0 elements are in no namespace, but some feeds declare a default one on <rss>;
  // RSS 1.0 / 0.90 ones are in the namespace their <channel> uses.
  const rdfChannel = isRdf ? childElements(root).find((el) => el.name === 'channel' && el.ns !== NS.rdf) : undefined;
  const own = isRdf ? [rdfChannel?.ns ?? NS.rss10, NS.rss10, NS.rss090, NS.rss090alt, ''] : [root.ns, ''];
  const channel = firstChild(root, own, 'channel');
  const itemParent = isRdf ? root : (channel ?? root);
  let itemElements = childrenNamed(itemParent, own, 'item');
  if (isRdf && channel && itemElements.length === 0) itemElements = childrenNamed(channel, own, 'item');

  const channelBase = channel?.base ?? root.base ?? feedUrl;
  const channelLinkElement = channel ? firstChild(channel, own, 'link') : undefined;
  const link = channelLinkElement ? resolveHttpUrl(textContent(channelLinkElement), channelBase) : undefined;
  // Relative item links are resolved against the site (the channel link) unless xml:base says otherwise.
  const itemBase = link ?? feedUrl;
  const reader = new RssItemReader(own, itemBase, options.summaryChars ?? Infinity);

  return {
    format: isRdf ? 'rdf' : 'rss',
    title: channel ? titleOf(channel, own) : '',
    link,
    updated: channel
      ? firstDate([
          firstChild(channel, own, 'pubDate'),
          firstChild(channel, own, 'lastBuildDate'),
          firstChild(channel, [NS.dc], 'date'),
          firstChild(channel, [NS.atom], 'updated'),
        ])
      : undefined,
    ttlMinutes: channel ? minutes(firstChild(channel, own, 'ttl')) : undefined,
    items: itemElements.map((item) => {
      options.checkBudget?.();
      return reader.read(item);
    }),
  };
}

function text(element: XmlElement | undefined): string {
  return element ? textContent(element) : '';
}

/** A whole number of minutes (RSS `<ttl>`), else undefined. */
function minutes(element: XmlElement | undefined): number | undefined {
  const value = text(element).trim();
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

function firstDate(elements: readonly (XmlElement | undefined)[]): Date | undefined {
  for (const element of elements) {
    const date = element ? parseFeedDate(textContent(element)) : undefined;
    if (date) return date;
  }
  return undefined;
}

/** Where an item's date may be, in order of preference. */
const ITEM_DATES: readonly (readonly [namespace: string | undefined, name: string])[] = [
  [undefined, 'pubDate'], // undefined: the feed's own namespace
  [NS.dc, 'date'],
  [NS.atom, 'published'],
  [NS.atom, 'updated'],
  [NS.dcterms, 'issued'],
  [NS.dcterms, 'created'],
  [NS.dcterms, 'modified'],
];

/** One RSS item: where RSS keeps its summary and images (RssItemReader). */
class RssItem extends LazyFeedItem {
  constructor(
    element: XmlElement,
    base: string | undefined,
    private readonly reader: RssItemReader,
  ) {
    const guidElement = firstChild(element, reader.own, 'guid');
    super(
      element,
      base,
      (guidElement ? textContent(guidElement).trim() : '') || attr(element, 'about', NS.rdf)?.trim() || undefined,
      titleOf(element, reader.own),
      reader.link(element, base, guidElement),
      itemDate(element, reader.own),
    );
  }

  protected override readSummary(): string {
    return this.reader.summary(this.element);
  }

  protected override enclosureImage(): string | undefined {
    return this.reader.enclosureImage(this.element, this.base);
  }

  protected override inlineImage(): string | undefined {
    return this.reader.inlineImage(this.element, this.base);
  }
}

function itemDate(item: XmlElement, own: readonly string[]): Date | undefined {
  for (const [namespace, name] of ITEM_DATES) {
    const element = firstChild(item, namespace === undefined ? own : [namespace], name);
    const date = element ? parseFeedDate(textContent(element)) : undefined;
    if (date) return date;
  }
  return undefined;
}

class RssItemReader {
  constructor(
    readonly own: readonly string[],
    private readonly fallbackBase: string | undefined,
    private readonly summaryChars: number,
  ) {}

  read(item: XmlElement): FeedItem {
    return new RssItem(item, item.base ?? this.fallbackBase, this);
  }

  summary(item: XmlElement): string {
    const sources = [
      firstChild(item, this.own, 'description'),
      firstChild(item, [NS.content], 'encoded'),
      firstChild(item, [NS.dc], 'description'),
      firstChild(item, [NS.itunes], 'summary'),
      firstChild(item, [NS.media], 'description'),
      ...childrenNamed(item, [NS.media], 'group').map((group) => firstChild(group, [NS.media], 'description')),
    ];
    for (const source of sources) {
      const summaryText = source ? htmlElementText(source, this.summaryChars) : '';
      if (summaryText !== '') return summaryText;
    }
    return '';
  }

  inlineImage(item: XmlElement, base: string | undefined): string | undefined {
    const description = firstChild(item, this.own, 'description');
    const content = firstChild(item, [NS.content], 'encoded');
    return resolveHttpUrl((content && htmlElementImage(content)) ?? (description && htmlElementImage(description)), base);
  }

  link(item: XmlElement, base: string | undefined, guidElement: XmlElement | undefined): string | undefined {
    for (const linkElement of childrenNamed(item, this.own, 'link')) {
      const url = resolveHttpUrl(textContent(linkElement) || (attr(linkElement, 'href') ?? ''), linkElement.base ?? base);
      if (url !== undefined) return url;
    }
    for (const atomLink of childrenNamed(item, [NS.atom], 'link')) {
      const rel = attr(atomLink, 'rel') ?? 'alternate';
      if (rel !== 'alternate') continue;
      const url = resolveHttpUrl(attr(atomLink, 'href'), atomLink.base ?? base);
      if (url !== undefined) return url;
    }
    // A guid is the permalink unless isPermaLink="false"; only an absolute URL is trusted.
    if (guidElement && attr(guidElement, 'isPermaLink')?.trim().toLowerCase() !== 'false') {
      const guid = textContent(guidElement).trim();
      if (isHttpUrl(guid)) return resolveHttpUrl(guid);
    }
    const about = attr(item, 'about', NS.rdf)?.trim();
    return about !== undefined && isHttpUrl(about) ? resolveHttpUrl(about) : undefined;
  }

  enclosureImage(item: XmlElement, base: string | undefined): string | undefined {
    for (const enclosure of childrenNamed(item, this.own, 'enclosure')) {
      const url = resolveHttpUrl(attr(enclosure, 'url'), enclosure.base ?? base);
      if (url !== undefined && isImage(undefined, attr(enclosure, 'type'), url)) return url;
    }
    return undefined;
  }
}

/**
 * The element's own `<title>` as plain text, else its `<dc:title>`: a title that is blank, or
 * markup with no text, counts as none.
 */
function titleOf(element: XmlElement, own: readonly string[]): string {
  return htmlToText(text(firstChild(element, own, 'title'))) || htmlToText(text(firstChild(element, [NS.dc], 'title')));
}
