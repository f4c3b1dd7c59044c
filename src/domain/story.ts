/** A news story as the page uses it, after validation (docs/product.md#the-story-and-its-validation). */
export interface Story {
  id: string;
  title: string;
  /** Plain text; "" when the answer had none. */
  summary: string;
  /** Publisher name; the URL's host when the answer had none. */
  source: string;
  /** Absolute http(s) URL of the full story. */
  url: string;
  /** Absolute http(s) image URL, when there is one. */
  image?: string;
  /** ISO timestamp as given; may be unparseable, in which case no date is shown. */
  published_at: string;
  /** Never empty: "General" when the answer had none. */
  category: string;
  /** Other outlets' reports of the same event: 1 to 10 valid entries, else absent (docs/product.md#the-story-and-its-validation). */
  related?: RelatedLink[];
}

/** One other outlet's report: a non-empty source name and an absolute http(s) URL. */
export interface RelatedLink {
  source: string;
  url: string;
}

/** At most this many related entries are kept per story. */
export const MAX_RELATED = 10;

export const DEFAULT_CATEGORY = 'General';
