import type { FeedItem } from './feed-model.ts';
import { itunesImage, mediaRssImage } from './media.ts';
import type { XmlElement } from './xml.ts';

/**
 * An RSS item or Atom entry (parse-rss.ts, parse-atom.ts): its guid, title, link and date are read
 * with it; its summary and image on first use, once, since only items that become stories need them
 * (feed-model.ts, FeedItem). Each format says where its summary, enclosure and inline image are; the
 * order in which an image is looked for is the same for both.
 */
export abstract class LazyFeedItem implements FeedItem {
  private summaryText: string | undefined;
  private imageUrl: string | null | undefined;

  protected constructor(
    protected readonly element: XmlElement,
    protected readonly base: string | undefined,
    readonly guid: string | undefined,
    readonly title: string,
    readonly link: string | undefined,
    readonly published: Date | undefined,
  ) {}

  /** Plain text, '' when there is none. */
  protected abstract readSummary(): string;
  /** An enclosure that is an image, as an absolute http(s) URL. */
  protected abstract enclosureImage(): string | undefined;
  /** The first `<img>` of the item's HTML, as an absolute http(s) URL. */
  protected abstract inlineImage(): string | undefined;

  get summary(): string {
    this.summaryText ??= this.readSummary();
    return this.summaryText;
  }

  /** Media RSS, then an enclosure, then iTunes, then the item's HTML. */
  get image(): string | undefined {
    if (this.imageUrl === undefined) {
      this.imageUrl = mediaRssImage(this.element, this.base) ?? this.enclosureImage() ?? itunesImage(this.element, this.base) ?? this.inlineImage() ?? null;
    }
    return this.imageUrl ?? undefined;
  }

  toJSON(): FeedItem {
    return { guid: this.guid, title: this.title, link: this.link, published: this.published, summary: this.summary, image: this.image };
  }
}
