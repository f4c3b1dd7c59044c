/**
 * The Story contract, once: the shape fetch-news answers and the page reads after validation
 * (docs/product.md#the-story-and-its-validation). The function and the page both import it.
 */

export interface Story {
  id: string;
  title: string;
  /** Plain text; "" when there is none. */
  summary: string;
  /** Publisher name; the URL's host when the feed gave none. */
  source: string;
  /** Absolute http(s) URL of the full story. */
  url: string;
  /** Absolute http(s) image URL, when there is one. */
  image?: string;
  /** ISO timestamp; the page shows no date when it does not parse. */
  published_at: string;
  /** Never empty: "General" when the feed gave none. */
  category: string;
  /** Other outlets' reports of the same event: 1 to 10 entries, else absent. */
  related?: RelatedLink[];
}

/** At most this many related entries on a story: the function keeps no more, and the page reads no more. */
export const MAX_RELATED = 10;

/** At most this many stories in one answer (a page): the function sends no more, and the page keeps no more for the next visit. */
export const MAX_STORIES = 200;

/** At most this many ids in one `?ids=` call: the function refuses more, and the page asks in batches of this size. */
export const MAX_IDS = 100;

/** At most this many ids in one `?follow=` call and one browser's follows: the page follows no more. */
export const MAX_FOLLOWS = 50;

/** A followed story as `?follow=` answers it: the report that now leads the group of the asked ids. */
export interface FollowedStory extends Story {
  /** The asked ids this story answers for. */
  follows: string[];
  /** The group's reports now: this one and every other, however many `related` shows. */
  reports: number;
}

/**
 * One report of a story's group as `?story=` answers it (docs/product.md#parameters): the outlet's
 * own title, summary, outlet, time, URL and image, under Story's rules.
 */
export type Report = Pick<Story, 'id' | 'title' | 'summary' | 'source' | 'url' | 'published_at' | 'image'>;

/**
 * fetch-news's answer to `?story=<id>`: the story that now leads the id's group, and every report of it, earliest
 * first, MAX_STORIES at a time: `next` asks for the reports after these (`?story=<id>&after=<next>`).
 */
export interface StoryCoverage {
  story: Story;
  reports: Report[];
  generated_at: string;
  /** The cursor of the next reports; absent when none is later. */
  next?: string;
  /** Present and true when the store could not be reached and an earlier answer is served again. */
  stale?: boolean;
}

/** One other outlet's report: a non-empty source name and an absolute http(s) URL. */
export interface RelatedLink {
  source: string;
  url: string;
}

export interface SourceStatus {
  name: string;
  ok: boolean;
  count: number;
  /** An error code (docs/product.md#error-codes): `timeout`, `http_404`, `blocked_address`, ... */
  error?: string;
}

/** fetch-news's answer (docs/product.md#the-answer). */
export interface NewsAnswer {
  stories: Story[];
  generated_at: string;
  sources: SourceStatus[];
  /** The cursor of the next older page (`?before=`); absent when nothing is older. */
  next?: string;
  /** Present and true when the store could not be reached and an earlier answer is served again. */
  stale?: boolean;
}
