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
}

export const DEFAULT_CATEGORY = 'General';
