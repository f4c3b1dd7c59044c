/** One entry of the sources file. */
export interface Source {
  readonly name: string;
  readonly url: string;
  readonly category: string;
}

/** The Story shape the page expects (docs/product.md#the-story-and-its-validation). */
export interface Story {
  id: string;
  title: string;
  summary: string;
  source: string;
  url: string;
  image?: string;
  published_at: string;
  category: string;
  /** Other outlets' reports of the same event (lib/group.ts); absent when there are none. */
  related?: RelatedLink[];
}

export interface RelatedLink {
  source: string;
  url: string;
}

export interface SourceStatus {
  name: string;
  ok: boolean;
  count: number;
  /** One of the codes of SourceErrorCode (errors.ts): `timeout`, `http_404`, `blocked_address`, ... */
  error?: string;
}

/** The function's answer (docs/product.md#the-fetch-news-function). */
export interface NewsAnswer {
  stories: Story[];
  generated_at: string;
  sources: SourceStatus[];
  /** Present and true when every source failed and an earlier answer is served again. */
  stale?: boolean;
}
