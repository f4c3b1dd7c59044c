// fetch-news's `?story=<id>` (docs/product.md#parameters): a story's whole coverage, the story that
// now leads the asked id's group and every report of it, earliest first, from feeds the real ingest
// groups; its 404 and 400s, its ETag, and the one indexed query that answers it.
import postgres from 'postgres';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectStore } from '../../scripts/lib/store.mjs';
import { createHandler } from '../../supabase/functions/_shared/http/fetch-news.ts';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import type { Connector, Resolver } from '../../supabase/functions/_shared/net/guard.ts';
import { writing } from '../../supabase/functions/_shared/store/state.ts';
import { deleteExpired, saveGrouping, type StoryRow, upsertStories } from '../../supabase/functions/_shared/store/stories.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import type { StoryCoverage } from '../../supabase/functions/_shared/story.ts';
import { ingestGrouped, openTestStore, type TestStore } from './helpers.ts';

const NOW = new Date('2026-12-14T12:00:00Z');
const HOUR = 3_600_000;
const FN = 'http://127.0.0.1:54321/functions/v1/fetch-news';

let store: TestStore;
let clock = NOW.getTime();

interface Item {
  readonly title: string;
  readonly slug: string;
  readonly hoursAgo: number;
  readonly summary: string;
  readonly image?: string;
}

/** What each outlet's feed lists now. */
const listed = new Map<string, Item[]>();
const OUTLETS = ['beta', 'gamma', 'delta'];
const SOURCES: Source[] = OUTLETS.map((outlet) => ({ name: outlet[0]?.toUpperCase() + outlet.slice(1), url: `https://${outlet}.example/feed.xml`, category: 'World' }));

const BRIDGE = {
  beta: { title: 'Harbour bridge closes after storm damages main cables', slug: 'bridge', summary: 'Engineers found two snapped strands.' },
  gamma: { title: 'Storm damages main cables, harbour bridge closes', slug: 'cables', summary: 'The crossing shut at dawn.' },
  delta: { title: 'Harbour bridge closes as storm damages main cables', slug: 'closure', summary: 'Ferries add sailings while it is shut.' },
};
const LIBRARY = { title: 'Local council approves new library opening hours downtown', slug: 'library', summary: 'Evening hours start in January.' };

function rss(outlet: string): string {
  const items = (listed.get(outlet) ?? []).map(
    (item) => `<item><title>${item.title}</title><link>https://${outlet}.example/${item.slug}</link><guid isPermaLink="false">${outlet}-${item.slug}</guid>
      <pubDate>${new Date(NOW.getTime() - item.hoursAgo * HOUR).toUTCString()}</pubDate><description>${item.summary}</description>
      ${item.image ? `<media:content url="${item.image}" medium="image"/>` : ''}</item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>${outlet}</title><link>https://${outlet}.example/</link>${items.join('')}</channel></rss>`;
}

// The feeds are answered here: no test sends a packet.
const resolve: Resolver = async () => ['93.184.216.34'];
const connect: Connector = async ({ url }) => new Response(rss(new URL(url).hostname.split('.')[0] ?? ''), { headers: { 'content-type': 'application/rss+xml' } });

const runIngest = () => ingestGrouped(store.sql, SOURCES, { now: () => new Date(clock), config: DEFAULT_INGEST_CONFIG, resolve, connect }, { all: true });

const idOf = async (source: string, title: string): Promise<string> => {
  const [row] = await store.sql<{ id: string }[]>`select id from stories where source = ${source} and title = ${title}`;
  if (!row) throw new Error(`no stored story "${title}" from ${source}`);
  return row.id;
};

const fetchNews = () => createHandler({ sql: store.sql, now: () => new Date(clock) });

async function ask(handler: (request: Request) => Promise<Response>, query: string, headers: Record<string, string> = {}) {
  const response = await handler(new Request(`${FN}${query}`, { headers }));
  const text = await response.text();
  return { status: response.status, response, body: (text === '' ? undefined : JSON.parse(text)) as (StoryCoverage & { error?: string }) | undefined };
}

const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR).toISOString();

beforeAll(async () => {
  store = await openTestStore();
}, 120_000);
afterAll(() => store?.stop());
beforeEach(async () => {
  await store.reset();
  clock = NOW.getTime();
  listed.clear();
});

describe('fetch-news ?story=', () => {
  it('answers a story standing alone with itself and its one report, with every field of it', async () => {
    listed.set('beta', [{ ...LIBRARY, hoursAgo: 2, image: 'https://beta.example/library.jpg' }]);
    await runIngest();
    const id = await idOf('Beta', LIBRARY.title);
    const { status, body, response } = await ask(fetchNews(), `?story=${id}`);
    expect(status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const report = { id, title: LIBRARY.title, summary: 'Evening hours start in January.', source: 'Beta', url: 'https://beta.example/library', image: 'https://beta.example/library.jpg', published_at: '2026-12-14T10:00:00.000Z' };
    expect(body).toEqual({ story: { ...report, category: 'World' }, reports: [report], generated_at: '2026-12-14T12:00:00.000Z' });
  });

  it('answers the leader of a group with its related links and every report, earliest first, each with its own title, outlet, time and link', async () => {
    listed.set('gamma', [{ ...BRIDGE.gamma, hoursAgo: 3 }]);
    listed.set('beta', [{ ...BRIDGE.beta, hoursAgo: 2 }, { ...LIBRARY, hoursAgo: 2 }]);
    listed.set('delta', [{ ...BRIDGE.delta, hoursAgo: 1 }]);
    await runIngest();
    const [gamma, beta, delta] = [await idOf('Gamma', BRIDGE.gamma.title), await idOf('Beta', BRIDGE.beta.title), await idOf('Delta', BRIDGE.delta.title)];
    const { status, body } = await ask(fetchNews(), `?story=${gamma}`);
    expect(status).toBe(200);
    expect(body?.story).toEqual({
      id: gamma,
      title: 'Storm damages main cables, harbour bridge closes',
      summary: 'The crossing shut at dawn.',
      source: 'Gamma',
      url: 'https://gamma.example/cables',
      published_at: at(3),
      category: 'World',
      related: [
        { source: 'Beta', url: 'https://beta.example/bridge' },
        { source: 'Delta', url: 'https://delta.example/closure' },
      ],
    });
    expect(body?.reports).toEqual([
      { id: gamma, title: 'Storm damages main cables, harbour bridge closes', summary: 'The crossing shut at dawn.', source: 'Gamma', url: 'https://gamma.example/cables', published_at: at(3) },
      { id: beta, title: 'Harbour bridge closes after storm damages main cables', summary: 'Engineers found two snapped strands.', source: 'Beta', url: 'https://beta.example/bridge', published_at: at(2) },
      { id: delta, title: 'Harbour bridge closes as storm damages main cables', summary: 'Ferries add sailings while it is shut.', source: 'Delta', url: 'https://delta.example/closure', published_at: at(1) },
    ]);
  });

  it('answers a member of a group with the same answer as its leader', async () => {
    listed.set('gamma', [{ ...BRIDGE.gamma, hoursAgo: 3 }]);
    listed.set('beta', [{ ...BRIDGE.beta, hoursAgo: 2 }]);
    listed.set('delta', [{ ...BRIDGE.delta, hoursAgo: 1 }]);
    await runIngest();
    const handler = fetchNews();
    const leader = await ask(handler, `?story=${await idOf('Gamma', BRIDGE.gamma.title)}`);
    const member = await ask(handler, `?story=${await idOf('Delta', BRIDGE.delta.title)}`);
    expect(member.status).toBe(200);
    expect(member.body?.story.source).toBe('Gamma');
    expect(member.body?.reports.map((report) => report.source)).toEqual(['Gamma', 'Beta', 'Delta']);
    expect(member.body).toEqual(leader.body);
  });

  it('answers with the new leader once a regrouping gave the group an earlier report, under a new tag', async () => {
    listed.set('beta', [{ ...BRIDGE.beta, hoursAgo: 2 }]);
    await runIngest();
    const beta = await idOf('Beta', BRIDGE.beta.title);
    const handler = fetchNews();
    const before = await ask(handler, `?story=${beta}`);
    expect(before.body?.story).toMatchObject({ id: beta, source: 'Beta' });
    expect(before.body?.story.related).toBeUndefined();
    expect(before.body?.reports.map((report) => report.id)).toEqual([beta]);

    // Gamma reported it an hour before Beta: its report now leads the group; Delta's came after.
    listed.set('gamma', [{ ...BRIDGE.gamma, hoursAgo: 3 }]);
    listed.set('delta', [{ ...BRIDGE.delta, hoursAgo: 1 }]);
    clock += 5 * 60_000;
    await runIngest();
    const [gamma, delta] = [await idOf('Gamma', BRIDGE.gamma.title), await idOf('Delta', BRIDGE.delta.title)];
    const after = await ask(handler, `?story=${beta}`, { 'if-none-match': before.response.headers.get('etag') ?? '' });
    expect(after.status).toBe(200);
    expect(after.response.headers.get('etag')).not.toBe(before.response.headers.get('etag'));
    expect(after.body?.story).toMatchObject({ id: gamma, title: 'Storm damages main cables, harbour bridge closes', source: 'Gamma' });
    expect(after.body?.story.related?.map((link) => link.source)).toEqual(['Beta', 'Delta']);
    expect(after.body?.reports.map((report) => report.id)).toEqual([gamma, beta, delta]);
    expect(after.body?.generated_at).toBe('2026-12-14T12:05:00.000Z');
  });

  it('answers a member whose leader the retention deleted with itself alone, as ?follow= does', async () => {
    listed.set('gamma', [{ ...BRIDGE.gamma, hoursAgo: 3 }]);
    listed.set('beta', [{ ...BRIDGE.beta, hoursAgo: 2 }]);
    await runIngest();
    const [gamma, beta] = [await idOf('Gamma', BRIDGE.gamma.title), await idOf('Beta', BRIDGE.beta.title)];
    await writing(store.sql, (tx) => tx`delete from stories where id = ${gamma}`);
    const { body } = await ask(fetchNews(), `?story=${beta}`);
    expect(body?.story).toMatchObject({ id: beta, source: 'Beta' });
    expect(body?.reports.map((report) => report.id)).toEqual([beta]);
  });

  it('lists reports of the same time with the leader first, then by id, and later ones after them', async () => {
    const row = (id: string, source: string, hoursAgo: number): StoryRow => ({
      id,
      title: `A report by ${source}`,
      summary: '',
      source,
      url: `https://${source.toLowerCase()}.example/${id}`,
      canonicalUrl: `https://${source.toLowerCase()}.example/${id}`,
      published_at: at(hoursAgo),
      category: 'World',
    });
    await writing(store.sql, async (tx) => {
      await upsertStories(tx, NOW, [row('m-late', 'Kappa', 1), row('m-b', 'Beta', 3), row('z-lead', 'Zeta', 3), row('m-a', 'Alpha', 3)]);
      await saveGrouping(tx, [
        { id: 'z-lead', related: [{ source: 'Alpha', url: 'https://alpha.example/m-a' }], memberOf: null },
        ...['m-a', 'm-b', 'm-late'].map((id) => ({ id, related: null, memberOf: 'z-lead' })),
      ]);
    });
    for (const asked of ['z-lead', 'm-b', 'm-late']) {
      const { body } = await ask(fetchNews(), `?story=${asked}`);
      expect(body?.story.id, asked).toBe('z-lead');
      expect(body?.reports.map((report) => report.id), asked).toEqual(['z-lead', 'm-a', 'm-b', 'm-late']);
    }
  });

  it('lists a group of 205 reports 200 at a time: the answer says `next`, and `&after=` it gives the other 5 with the same story', async () => {
    const row = (n: number): StoryRow => {
      const url = `https://outlet${n}.example/r${n}`;
      return { id: `r${String(n).padStart(3, '0')}`, title: `Report ${n}`, summary: '', source: `Outlet ${n}`, url, canonicalUrl: url, published_at: at(48 - n / 10), category: 'World' };
    };
    await writing(store.sql, async (tx) => {
      await upsertStories(tx, NOW, Array.from({ length: 205 }, (_, n) => row(n)));
      await saveGrouping(tx, Array.from({ length: 205 }, (_, n) => ({ id: row(n).id, related: null, memberOf: n === 0 ? null : 'r000' })));
    });
    const first = await ask(fetchNews(), '?story=r150');
    expect(first.body?.story.id).toBe('r000');
    expect(first.body?.reports.map((report) => report.id)).toEqual(Array.from({ length: 200 }, (_, n) => row(n).id));
    expect(typeof first.body?.next).toBe('string');
    const rest = await ask(fetchNews(), `?story=r150&after=${first.body?.next ?? ''}`);
    expect(rest.status).toBe(200);
    expect(rest.body?.story.id).toBe('r000');
    expect(rest.body?.reports.map((report) => report.id)).toEqual(['r200', 'r201', 'r202', 'r203', 'r204']);
    expect(rest.body).not.toHaveProperty('next');
  });

  it('answers an id the store does not have, or no longer has, 404 not_found, never cached', async () => {
    listed.set('beta', [{ ...LIBRARY, hoursAgo: 2 }]);
    await runIngest();
    const id = await idOf('Beta', LIBRARY.title);
    const handler = fetchNews();
    for (const unknown of ['sample-1', 'x'.repeat(128)]) {
      const { status, body, response } = await ask(handler, `?story=${unknown}`);
      expect([status, body]).toEqual([404, { error: 'not_found' }]);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('etag')).toBeNull();
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await ask(handler, `?story=${id}`)).status).toBe(200);
    // 31 days on, the retention deletes it.
    await writing(store.sql, (tx) => deleteExpired(tx, new Date(NOW.getTime() + 31 * 24 * HOUR)));
    clock += 1_000;
    expect(await ask(handler, `?story=${id}`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it.each([
    ['?story=', 'invalid_id'],
    [`?story=${'x'.repeat(129)}`, 'invalid_id'],
    ['?story=a%20b', 'invalid_id'],
    ['?story=a,b', 'invalid_id'],
    ['?story=%3Cscript%3E', 'invalid_id'],
    ['?story=a/b', 'invalid_id'],
    ['?story=a&story=b', 'invalid_parameters'],
    ['?story=a&ids=b', 'invalid_parameters'],
    ['?story=a&before=b', 'invalid_parameters'],
    ['?story=a&after=not%20a%20cursor', 'invalid_cursor'],
    ['?story=a%20b&after=MjAyNi0xMi0xNFQxMjowMDowMC4wMDBaIGE', 'invalid_id'],
  ])('refuses %s with 400 {"error":"%s"}', async (query, code) => {
    const { status, body, response } = await ask(fetchNews(), query);
    expect([status, body]).toEqual([400, { error: code }]);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('tags its answer as the first page is tagged, answers If-None-Match with that tag 304, and a POST in full', async () => {
    listed.set('beta', [{ ...LIBRARY, hoursAgo: 2 }]);
    await runIngest();
    const query = `?story=${await idOf('Beta', LIBRARY.title)}`;
    const handler = fetchNews();
    const { response } = await ask(handler, query);
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"v2-\d+-[0-9a-z]+"$/);
    expect(etag).toBe((await handler(new Request(FN))).headers.get('etag'));
    // The ingest just ran: the next one is due in 5 minutes.
    expect(response.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300, stale-while-revalidate=300');
    const again = await handler(new Request(`${FN}${query}`, { headers: { 'if-none-match': etag } }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300, stale-while-revalidate=300');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect((await handler(new Request(`${FN}${query}`, { method: 'POST', headers: { 'if-none-match': etag } }))).status).toBe(200);
  });
});

describe('fetch-news ?story= when the store cannot be reached', () => {
  it('serves the last answer it gave for that story, marked stale; after a 404, none', async () => {
    listed.set('beta', [{ ...LIBRARY, hoursAgo: 2 }, { ...BRIDGE.beta, hoursAgo: 1 }]);
    await runIngest();
    const [library, bridge] = [await idOf('Beta', LIBRARY.title), await idOf('Beta', BRIDGE.beta.title)];
    await store.release();
    const own = connectStore(store.url);
    const handler = createHandler({ sql: own, now: () => new Date(clock), logError: () => {} });
    try {
      const fresh = await ask(handler, `?story=${library}`);
      expect((await ask(handler, `?story=${bridge}`)).status).toBe(200);
      await own`update ingest_state set generation = generation + 1`;
      await own`delete from stories where id = ${bridge}`;
      clock += 1_000;
      expect((await ask(handler, `?story=${bridge}`)).status).toBe(404);
      await own.end();
      clock += 1_000;
      const stale = await ask(handler, `?story=${library}`);
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual({ ...fresh.body, stale: true });
      expect(stale.response.headers.get('cache-control')).toBe('no-store');
      // The story it last answered 404 is not brought back from before.
      expect(await ask(handler, `?story=${bridge}`)).toMatchObject({ status: 503, body: { error: 'store_unavailable' } });
    } finally {
      await own.end();
      store.reopen();
    }
  });
});

describe('fetch-news ?story= is one indexed query', () => {
  it('answers a crowd asking for a member with one statement, which reaches the group through stories_pkey and stories_member_of', async () => {
    // A store large enough that reading the whole table would cost more than the indexes: 3,000 stories, every 10 a group of 4.
    await store.sql`
      insert into stories (id, title, summary, source, url, canonical_url, published_at, category, member_of)
      select 'f' || n, 'Filler story ' || n, '', 'Outlet ' || (n % 4), 'https://filler.example/' || n, 'https://filler.example/' || n,
        ${NOW}::timestamptz - n * interval '1 minute', 'World', case when n % 10 between 1 and 3 then 'f' || (n - n % 10) end
      from generate_series(1, ${3_000}::int) as n`;
    await store.sql`analyze stories`;
    await store.release();
    const statements: { query: string; parameters: unknown[] }[] = [];
    // The driver's own look at the types when it connects is not the handler's.
    const sql = postgres(store.url, { max: 1, prepare: false, onnotice: () => {}, debug: (_connection, query, parameters) => void (query.includes('pg_catalog') || statements.push({ query, parameters })) });
    try {
      const handler = createHandler({ sql, now: () => new Date(clock) });
      const bodies = await Promise.all(Array.from({ length: 20 }, async () => (await handler(new Request(`${FN}?story=f2342`))).json() as Promise<StoryCoverage>));
      expect(bodies[0]?.story.id).toBe('f2340');
      expect(bodies[0]?.reports.map((report) => report.id)).toEqual(['f2343', 'f2342', 'f2341', 'f2340']);
      expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
      // The generation, then the story's group: no sources, nothing else.
      expect(statements).toHaveLength(2);
      const asked = statements[1];
      if (!asked) throw new Error('no statement for the story');
      const [plan] = await sql.unsafe<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(`explain (format json) ${asked.query}`, asked.parameters as postgres.ParameterOrJSON<never>[]);
      const nodes = flatten(plan?.['QUERY PLAN'][0]?.Plan);
      expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
      expect(new Set(nodes.map((node) => node['Index Name']).filter(Boolean))).toEqual(new Set(['stories_pkey', 'stories_member_of']));
    } finally {
      await sql.end();
      store.reopen();
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode | undefined): PlanNode[] {
  return node ? [node, ...(node.Plans ?? []).flatMap(flatten)] : [];
}
