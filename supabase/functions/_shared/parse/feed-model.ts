/** A feed as read from its document, before it becomes stories. */
export interface Feed {
  readonly format: 'rss' | 'rdf' | 'atom';
  readonly title: string;
  readonly link?: string;
  readonly updated?: Date;
  /** RSS `<ttl>`: minutes the feed may be kept before it is fetched again. */
  readonly ttlMinutes?: number;
  readonly items: readonly FeedItem[];
}

/** `summary` and `image` may be computed on first read: only items that become stories need them. */
export interface FeedItem {
  /** guid (RSS), rdf:about (RSS 1.0) or id (Atom), trimmed. */
  readonly guid?: string;
  /** Plain text; '' when the item has none. */
  readonly title: string;
  /** Absolute http(s) URL of the article. */
  readonly link?: string;
  readonly published?: Date;
  /** Plain text, not yet shortened (but see ReadOptions.summaryChars). */
  readonly summary: string;
  /** Absolute http(s) URL of an image. */
  readonly image?: string;
}

export interface ReadOptions {
  /**
   * Summaries may be read only this far (they are then longer than this, and a
   * prefix of the whole): stories never show more. Default: the whole text.
   */
  readonly summaryChars?: number;
  /** Called between steps of the reading (after the XML parse, before each item); throws to stop it. */
  readonly checkBudget?: () => void;
}

export class NotAFeedError extends Error {
  override readonly name = 'NotAFeedError';
}
