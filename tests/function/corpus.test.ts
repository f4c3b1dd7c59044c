// @vitest-environment jsdom
// (jsdom only for the independent HTML-to-text oracle used to translate peers' expectations.)
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFeedBytes } from '../../supabase/functions/_shared/parse/parse-feed.ts';
import type { Feed } from '../../supabase/functions/_shared/parse/feed-model.ts';
import { type CorpusCase, type ExpectedItem, loadCorpusCases } from './helpers/corpus-cases.ts';
import { CORPUS_FEED_URL, checkCase } from './helpers/corpus-check.ts';

/**
 * Where this project deliberately reads a feed differently from the peer whose
 * expectation the case carries. Each entry replaces the peer's expectation for
 * the fields concerned with ours, and may add assertions of its own.
 */
interface Difference {
  readonly why: string;
  readonly expect: (corpusCase: CorpusCase) => CorpusCase;
  readonly own?: (feed: Feed) => void;
}

function withItem(index: number, change: Partial<ExpectedItem>) {
  return (corpusCase: CorpusCase): CorpusCase => ({
    ...corpusCase,
    items: corpusCase.items.map((item) => (item.index === index ? { ...item, ...change } : item)),
  });
}

/** The peer decoded ISO-8859-1 as UTF-8 (every accented letter became U+FFFD); we decode it right. */
function correctlyDecoded(title: string): Difference {
  return {
    why: 'the peer decoded ISO-8859-1 bytes as UTF-8 (U+FFFD for every accented letter); we decode them',
    expect: (corpusCase) => ({
      ...corpusCase,
      feedTitle: undefined,
      items: corpusCase.items.map((item) => ({ ...item, title: undefined })),
    }),
    own: (feed) => {
      expect(feed.items[0]?.title).toBe(title);
      for (const item of feed.items) expect(item.title).not.toContain('\uFFFD');
    },
  };
}

const FIRST_LINK_WINS: Difference = {
  why: 'the first <link> of an item is its link; gofeed takes the last one (here an href attribute)',
  expect: withItem(0, { link: 'http://example.org' }),
};

const DIFFERENCES: Readonly<Record<string, Difference>> = {
  'gofeed/testdata/parser/atom/entry_id_xml_base': {
    why: 'an entry id is kept verbatim (it only feeds the story id); gofeed resolves it against xml:base',
    expect: withItem(0, { guid: 'relative/link' }),
  },
  'gofeed/testdata/parser/rss/rss_channel_item_guid_naked_markup': {
    why: 'a guid is the text of the element; gofeed keeps the unescaped child markup',
    expect: withItem(0, { guid: 'abc123' }),
  },
  'gofeed/testdata/parser/rss/rss_channel_item_links': FIRST_LINK_WINS,
  'gofeed/testdata/parser/rss/rdf_item_links': FIRST_LINK_WINS,
  'gofeed/testdata/translator/rss/feed_item_links_-_rss_channel_item_links': FIRST_LINK_WINS,
  'rss-parser/test/input/encoding': correctlyDecoded('Mãe de utente é a nova presidente da Raríssimas'),
  'real-world/jornal-de-noticias-iso-8859-1.expected.rss-parser': correctlyDecoded(
    'Mãe de utente é a nova presidente da Raríssimas',
  ),
  'rss-parser/test/input/uolNoticias': correctlyDecoded(
    'Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno',
  ),
  'real-world/uol-noticias-no-xml-decl.expected.rss-parser': correctlyDecoded(
    'Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno',
  ),
  'real-world/nbc-new-york-1item.rss2': {
    why: 'we read the broken date "Sat, Dec 16 2023 02:02:33 PM" (no zone: UTC); feed-rs gives up on it',
    expect: withItem(0, { published: '2023-12-16T14:02:33Z' }),
  },
  'extras/yarr/src/parser/fixtures/atom/image-link-duplicated': {
    why: "the first <img> of the content is the story's image; yarr skips images the content already shows",
    expect: withItem(0, { image: 'https://example.com/image.png?width=100&height=100' }),
  },
  'extras/yarr/src/parser/fixtures/atom/link-in-id': {
    why: 'ids hash the entry id verbatim (so the two entries with one id are one story); yarr appends "::updated"',
    expect: (corpusCase) =>
      withItem(2, { idKey: 'https://example.com/posts/1' })(withItem(0, { idKey: 'https://example.com/posts/1' })(corpusCase)),
  },
};

const cases = loadCorpusCases();
const results = new Map<string, 'as expected' | 'deliberate difference' | 'failed'>();

describe('third-party corpus: our parse against the peers’ expectations', () => {
  it('finds every peer’s cases', () => {
    const peers = new Set(cases.map((c) => c.peer));
    expect([...peers].sort()).toEqual(['feed-rs', 'gofeed', 'rss-parser', 'yarr']);
    expect(cases.length).toBeGreaterThan(550);
    for (const id of Object.keys(DIFFERENCES)) expect(cases.some((c) => c.id === id), id).toBe(true);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (id, corpusCase) => {
    results.set(id, 'failed');
    const difference = DIFFERENCES[id];
    const problems = checkCase(difference ? difference.expect(corpusCase) : corpusCase);
    expect(problems).toEqual([]);
    if (difference?.own) difference.own(parseFeedBytes(readFileSync(corpusCase.file), null, CORPUS_FEED_URL));
    results.set(id, difference ? 'deliberate difference' : 'as expected');
  });

  afterAll(() => {
    const count = (status: string) => [...results.values()].filter((value) => value === status).length;
    const lines = [
      `corpus: ${count('as expected') + count('deliberate difference')}/${cases.length} cases pass ` +
        `(${count('as expected')} exactly as the peer expects, ${count('deliberate difference')} with a deliberate difference, ${count('failed')} failed)`,
      ...Object.entries(DIFFERENCES).map(([id, difference]) => `  differs on purpose: ${id}: ${difference.why}`),
    ];
    console.info(lines.join('\n'));
  });
});
