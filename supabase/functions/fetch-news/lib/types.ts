/** One entry of the sources file. */
export interface Source {
  readonly name: string;
  readonly url: string;
  readonly category: string;
}

/** The Story shape the page expects (INTERFACE.md section 2). */
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
  error?: string;
}

/** The function's answer (INTERFACE.md section 5). */
export interface NewsAnswer {
  stories: Story[];
  generated_at: string;
  sources: SourceStatus[];
  /** Present and true when every source failed and an earlier answer is served again. */
  stale?: boolean;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
