import { readFileSync } from 'node:fs';
import type { Feed } from '../../../supabase/functions/_shared/parse/feed-model.ts';
import { parseFeedBytes } from '../../../supabase/functions/_shared/parse/parse-feed.ts';
import type { CorpusCase } from './corpus-cases.ts';
import { oracleText, squash } from './html-oracle.ts';

/** Corpus feeds are parsed as if fetched from here (peers leave relative links as they are). */
export const CORPUS_FEED_URL = 'https://corpus.test/feeds/feed.xml';

function resolved(link: string, base: string): string {
  try {
    return new URL(link.trim(), base).href;
  } catch {
    return link;
  }
}

/** A peer's URL in the form ours takes (the URL parser's serialization). */
function normalizedUrl(link: string, base: string): string {
  return resolved(link, base);
}

/** A peer's title may be text or HTML: ours must equal one of the two readings. */
function sameText(ours: string, peer: string): boolean {
  return squash(ours) === squash(peer) || squash(ours) === squash(oracleText(peer));
}

/** Compares our parse of the case's feed with the translated expectation; returns the mismatches. */
export function checkCase(corpusCase: CorpusCase): string[] {
  let feed: Feed;
  try {
    feed = parseFeedBytes(readFileSync(corpusCase.file), null, CORPUS_FEED_URL);
  } catch (error) {
    if (corpusCase.reject) return [];
    return [`parse failed: ${error instanceof Error ? error.message : String(error)}`];
  }
  if (corpusCase.reject) return ['expected the document to be rejected as not a feed'];

  const problems: string[] = [];
  const base = feed.link ?? CORPUS_FEED_URL;
  if (corpusCase.feedTitle !== undefined && !sameText(feed.title, corpusCase.feedTitle)) {
    problems.push(`feed title: ours ${JSON.stringify(feed.title)}, expected ${JSON.stringify(corpusCase.feedTitle)}`);
  }
  if (corpusCase.siteUrl !== undefined && feed.link !== normalizedUrl(corpusCase.siteUrl, CORPUS_FEED_URL)) {
    problems.push(`site link: ours ${feed.link}, expected ${corpusCase.siteUrl}`);
  }
  if (corpusCase.itemCount !== undefined && feed.items.length !== corpusCase.itemCount) {
    problems.push(`item count: ours ${feed.items.length}, expected ${corpusCase.itemCount}`);
  }
  for (const expected of corpusCase.items) {
    const ours = feed.items[expected.index];
    const at = `item ${expected.index}`;
    if (!ours) {
      problems.push(`${at}: missing`);
      continue;
    }
    if (expected.title !== undefined && !sameText(ours.title, expected.title)) {
      problems.push(`${at} title: ours ${JSON.stringify(ours.title)}, expected ${JSON.stringify(expected.title)}`);
    }
    if (expected.link !== undefined) {
      const want = expected.link === null || expected.link.trim() === '' ? undefined : normalizedUrl(expected.link, ours.link ? base : base);
      if (ours.link !== want) problems.push(`${at} link: ours ${ours.link}, expected ${expected.link}`);
    }
    if (expected.published !== undefined) {
      const want = expected.published === null ? undefined : new Date(expected.published).toISOString();
      const got = ours.published?.toISOString();
      if (got !== want) problems.push(`${at} date: ours ${got}, expected ${expected.published}`);
    }
    if (expected.image !== undefined) {
      const want = expected.image === null ? undefined : normalizedUrl(expected.image, base);
      if (ours.image !== want) problems.push(`${at} image: ours ${ours.image}, expected ${expected.image}`);
    }
    if (expected.guid !== undefined && (ours.guid ?? '') !== expected.guid.trim()) {
      problems.push(`${at} guid: ours ${ours.guid}, expected ${expected.guid}`);
    }
    if (expected.idKey !== undefined && (ours.guid ?? ours.link) !== expected.idKey) {
      problems.push(`${at} id key: ours ${ours.guid ?? ours.link}, expected ${expected.idKey}`);
    }
    if (expected.description !== undefined && !sameText(ours.summary, expected.description)) {
      problems.push(`${at} summary: ours ${JSON.stringify(ours.summary)}, expected ${JSON.stringify(expected.description)}`);
    }
  }
  return problems;
}
