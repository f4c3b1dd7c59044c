// `npm run bench:function`: parse throughput of the fetch-news parser against
// rss-parser on the third-party corpus (same run, same files); the CPU time and peak
// memory of one ingest's refresh of 24 sources: every source at the byte limit with
// hostile content (worst case), real feeds (typical), against a baseline of tiny feeds
// measured in the same run; and fetch-news under a crowd (bench-store.ts).
// Prints a table and writes docs/performance-function.md; `-- --crowd` runs the crowd alone.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpuMs, crowdChild, crowdInNamespace, percentile, withCrowdSection } from './bench-store.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Parser from 'rss-parser';
import { refreshSources } from '../supabase/functions/_shared/ingest/refresh.ts';
import { DEFAULT_INGEST_CONFIG } from '../supabase/functions/_shared/ingest/config.ts';
import { parseFeedBytes } from '../supabase/functions/_shared/parse/parse-feed.ts';
import { feedToStories } from '../supabase/functions/_shared/stories/stories.ts';
import type { Source } from '../supabase/functions/_shared/stories/sources.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The third-party corpus kept in the repository (tests/fixtures/feeds/NOTICE.md).
const CORPUS = resolve(ROOT, 'tests/fixtures/feeds/corpus');

// ---- parse throughput ----

function corpusFiles(): string[] {
  const dirs = ['real-world', 'rss-parser/test/input', 'extras/miniflux/internal/reader/parser/testdata'];
  return dirs.flatMap((dir) =>
    readdirSync(join(CORPUS, dir))
      .filter((name) => /\.(xml|rss|atom)$/.test(name))
      .map((name) => join(CORPUS, dir, name)),
  );
}

interface Contender {
  readonly name: string;
  readonly run: () => Promise<void> | void;
  bytes: number;
  ms: number;
}

const collectGarbage = (globalThis as { gc?: () => void }).gc;

/**
 * Runs the contenders in rounds, rotating who goes first (garbage left by one
 * contender would otherwise be collected on the next one's time), with a full
 * GC between turns when --expose-gc is on. Totals bytes and CPU time: the
 * machine may be shared and its load drift, and parsing is single-threaded.
 */
async function race(contenders: Contender[], rounds: number, roundMs: number, megabytesPerPass: number): Promise<void> {
  for (const contender of contenders) await contender.run(); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < contenders.length; turn++) {
      const contender = contenders[(round + turn) % contenders.length] as Contender;
      collectGarbage?.();
      const started = performance.now();
      const cpuStarted = cpuMs();
      let passes = 0;
      while (performance.now() - started < roundMs) {
        await contender.run();
        passes++;
      }
      contender.ms += cpuMs() - cpuStarted;
      contender.bytes += passes * megabytesPerPass;
    }
  }
}

const FEED_URL = 'https://bench.example/feed.xml';
const SOURCE: Source = { name: 'Bench', url: FEED_URL, category: 'World' };

async function throughput() {
  const peer = new Parser();
  const files: { bytes: Buffer }[] = [];
  // Only files both parsers accept, so both do the same work.
  for (const file of corpusFiles()) {
    const bytes = readFileSync(file);
    try {
      parseFeedBytes(bytes, null, FEED_URL);
      await peer.parseString(bytes.toString('utf8'));
      files.push({ bytes });
    } catch {
      continue; // rejected by one of the two: not part of the comparison
    }
  }
  const megabytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0) / 1e6;
  const contenders: Contender[] = [
    {
      name: 'fetch-news: full feed model (every field of every item)',
      run: () => {
        for (const file of files) {
          for (const item of parseFeedBytes(file.bytes, null, FEED_URL).items) void [item.summary, item.image];
        }
      },
      bytes: 0,
      ms: 0,
    },
    {
      name: 'fetch-news: as the function runs (feed -> 25 stories per feed)',
      run: () => {
        for (const file of files) {
          const feed = parseFeedBytes(file.bytes, null, FEED_URL, { summaryChars: DEFAULT_INGEST_CONFIG.summaryMaxChars });
          feedToStories(feed, SOURCE, new Date(), DEFAULT_INGEST_CONFIG);
        }
      },
      bytes: 0,
      ms: 0,
    },
    {
      name: 'rss-parser 3 (peer): parseString of the decoded bytes',
      run: async () => {
        for (const file of files) await peer.parseString(file.bytes.toString('utf8'));
      },
      bytes: 0,
      ms: 0,
    },
  ];
  await race(contenders, 6, 500, megabytes);
  return { files: files.length, megabytes, rates: contenders.map((c) => ({ name: c.name, rate: c.bytes / (c.ms / 1000) })) };
}

// ---- one refresh of 24 sources: CPU time and peak memory (each in a fresh child process) ----

const REFRESH_SOURCES = 24;
const REFRESH_PROCESSES = 3;
const LIMIT = DEFAULT_INGEST_CONFIG.maxBodyBytes;

/** Repeats `unit(i)` between head and tail up to exactly-at-most `LIMIT` bytes (ASCII). */
function fillToLimit(head: string, unit: (i: number) => string, tail: string): string {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; ; i++) {
    const next = unit(i);
    if (size + next.length > LIMIT) break;
    parts.push(next);
    size += next.length;
  }
  parts.push(tail);
  return parts.join('');
}

const RSS_HEAD = '<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Hostile</title><link>https://hostile.example/</link>';
const RSS_TAIL = '</channel></rss>';
const ONE_ITEM = '<item><title>x</title><link>https://hostile.example/a</link>';

/** Feeds at the byte limit built to be expensive in different ways. */
const HOSTILE: Readonly<Record<string, { readonly what: string; readonly body: (source: number) => string }>> = {
  ampersands: {
    what: 'the issue\'s feed: title and description of "&" with one late ";"',
    body: () => {
      const half = '&'.repeat(Math.floor((LIMIT - 400) / 2));
      return `${RSS_HEAD}<item><title>${half};</title><link>https://hostile.example/a</link><description>${half};</description></item>${RSS_TAIL}`;
    },
  },
  'tiny items': {
    what: 'as many minimal dated items as fit',
    body: (source) => fillToLimit(RSS_HEAD, (i) => `<item><title>t${i}</title><link>https://h${source}.example/${i}</link><pubDate>Mon, 01 Jan 2024 12:00:00 GMT</pubDate></item>`, RSS_TAIL),
  },
  'empty elements': {
    what: 'one item holding as many empty elements as fit',
    body: () => fillToLimit(`${RSS_HEAD}${ONE_ITEM}`, (i) => `<c${i % 10}/>`, `</item>${RSS_TAIL}`),
  },
  attributes: {
    what: 'one item with as many media:content images as fit',
    body: () => fillToLimit(`${RSS_HEAD}${ONE_ITEM}`, (i) => `<media:content url="https://h.example/${i}.jpg" medium="image" width="${i}"/>`, `</item>${RSS_TAIL}`),
  },
  'escaped HTML': {
    what: 'items whose descriptions are entity-escaped HTML full of named references',
    body: (source) =>
      fillToLimit(RSS_HEAD, (i) => `<item><title>t${i} &amp;mdash; &amp;rsquo;</title><link>https://h${source}.example/${i}</link><description>${'&amp;lt;p&amp;gt;a&amp;mdash;b&amp;nbsp;&amp;hellip;&amp;lt;/p&amp;gt;'.repeat(200)}</description></item>`, RSS_TAIL),
  },
};

function typicalBodies(): Buffer[] {
  const dirs = [resolve(ROOT, 'tests/fixtures/feeds'), join(CORPUS, 'real-world')];
  const files = dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => /\.xml$/.test(name) && !/billion|quadratic|xxe/.test(name))
      .map((name) => join(dir, name)),
  );
  return Array.from({ length: REFRESH_SOURCES }, (_, i) => readFileSync(files[i % files.length] as string));
}

interface RefreshSample {
  readonly cpuMs: number;
  readonly wallMs: number;
  /** Process peak RSS before the refresh (code loaded) and after it. */
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
  readonly ok: number;
  readonly errors: Readonly<Record<string, number>>;
}

/** Child: one refresh of the 24 sources at `origin/<scenario>/<i>` with the default limits. */
async function refreshChild(origin: string, scenario: string): Promise<void> {
  const sources: Source[] = Array.from({ length: REFRESH_SOURCES }, (_, i) => ({
    name: `Source ${i}`,
    url: `${origin}/${encodeURIComponent(scenario)}/${i}`,
    category: 'World',
  }));
  const deps = { now: () => new Date(), config: { ...DEFAULT_INGEST_CONFIG, allowLoopback: true } };
  // Load the code paths first (a tiny refresh elsewhere), so the sample is the refresh itself.
  await refreshSources([{ source: { name: 'warm-up', url: `${origin}/baseline/0`, category: 'World' } }], deps);
  collectGarbage?.();
  const rssBeforeMb = process.resourceUsage().maxRSS / 1024;
  const started = performance.now();
  const cpuStarted = cpuMs();
  const statuses = (await refreshSources(sources.map((source) => ({ source })), deps)).map((result) => result.status);
  const sample: RefreshSample = {
    cpuMs: cpuMs() - cpuStarted,
    wallMs: performance.now() - started,
    rssBeforeMb,
    rssPeakMb: process.resourceUsage().maxRSS / 1024,
    ok: statuses.filter((s) => s.ok).length,
    errors: statuses.reduce<Record<string, number>>((counts, s) => {
      if (s.error) counts[s.error] = (counts[s.error] ?? 0) + 1;
      return counts;
    }, {}),
  };
  process.stdout.write(JSON.stringify(sample));
}

interface RefreshRow {
  readonly scenario: string;
  readonly what: string;
  readonly bytesPerSource: number;
  readonly samples: RefreshSample[];
}

async function refreshCost(): Promise<RefreshRow[]> {
  const scenarios = new Map<string, { what: string; bodies: Buffer[] }>();
  const tiny = Buffer.from(`${RSS_HEAD}<item><title>One</title><link>https://tiny.example/1</link></item>${RSS_TAIL}`);
  scenarios.set('baseline', { what: 'every source a one-item feed (the fixed cost of a refresh)', bodies: Array.from({ length: REFRESH_SOURCES }, () => tiny) });
  scenarios.set('typical', { what: 'real feeds: the fixtures and the real-world corpus, in turn', bodies: typicalBodies() });
  for (const [name, { what, body }] of Object.entries(HOSTILE)) {
    scenarios.set(name, { what, bodies: Array.from({ length: REFRESH_SOURCES }, (_, i) => Buffer.from(body(i))) });
  }
  for (const [name, { bodies }] of scenarios) {
    const over = bodies.find((b) => b.byteLength > LIMIT);
    if (over) throw new Error(`${name}: a body of ${over.byteLength} bytes is over the ${LIMIT}-byte limit`);
  }
  const server = createServer((request, response) => {
    const [, scenario = '', index = '0'] = (request.url ?? '').split('/');
    const body = scenarios.get(decodeURIComponent(scenario))?.bodies[Number(index)];
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows: RefreshRow[] = [];
  try {
    for (const [scenario, { what, bodies }] of scenarios) {
      const samples: RefreshSample[] = [];
      for (let i = 0; i < REFRESH_PROCESSES; i++) {
        // Asynchronous: the server answering the child lives in this process.
        const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--refresh', origin, scenario], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        const code = await new Promise<number | null>((done) => child.once('exit', done));
        if (code !== 0) throw new Error(`refresh child (${scenario}) failed:\n${err}`);
        samples.push(JSON.parse(out) as RefreshSample);
      }
      const bytesPerSource = Math.max(...bodies.map((b) => b.byteLength));
      rows.push({ scenario, what, bytesPerSource, samples });
      console.log(`refresh ${scenario}: CPU ${samples.map((s) => s.cpuMs.toFixed(0)).join(' / ')} ms`);
    }
  } finally {
    server.close();
  }
  return rows;
}

interface Rate {
  readonly name: string;
  readonly rate: number;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const parse = await throughput();
  const refresh = await refreshCost();
  const machine = os.cpus()[0]?.model ?? 'unknown CPU';
  const date = new Date().toISOString().slice(0, 10);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const [full, pipeline, peer] = parse.rates as [Rate, Rate, Rate];
  const ratio = (rate: Rate) => `${(rate.rate / peer.rate).toFixed(2)}x`;
  const rows: [string, string][] = [
    ['corpus files parsed by both', `${parse.files} (${parse.megabytes.toFixed(2)} MB)`],
    ...parse.rates.map((rate): [string, string] => [rate.name, `${rate.rate.toFixed(1)} MB/s`]),
    ['ratio, full model / peer', ratio(full)],
    ['ratio, as the function runs / peer', ratio(pipeline)],
  ];
  const median = (values: number[]) => percentile(values, 50);
  const cpuOf = (row: RefreshRow) => median(row.samples.map((s) => s.cpuMs));
  const peakOf = (row: RefreshRow) => median(row.samples.map((s) => s.rssPeakMb));
  const growthOf = (row: RefreshRow) => median(row.samples.map((s) => s.rssPeakMb - s.rssBeforeMb));
  const baseline = refresh.find((row) => row.scenario === 'baseline') as RefreshRow;
  const typical = refresh.find((row) => row.scenario === 'typical') as RefreshRow;
  const hostile = refresh.filter((row) => row.scenario !== 'baseline' && row.scenario !== 'typical');
  const worstCpu = hostile.reduce((a, b) => (cpuOf(b) > cpuOf(a) ? b : a));
  const worstMemory = hostile.reduce((a, b) => (growthOf(b) > growthOf(a) ? b : a));
  rows.push(
    [`refresh of ${REFRESH_SOURCES} sources, CPU: baseline / typical / worst (${worstCpu.scenario})`, `${ms(cpuOf(baseline))} / ${ms(cpuOf(typical))} / ${ms(cpuOf(worstCpu))}`],
    [`refresh, peak memory growth: baseline / typical / worst (${worstMemory.scenario})`, `+${growthOf(baseline).toFixed(0)} / +${growthOf(typical).toFixed(0)} / +${growthOf(worstMemory).toFixed(0)} MB`],
  );
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(rows.map(([name, value]) => `${name.padEnd(width)}  ${value}`).join('\n'));

  const markdown = `# fetch-news performance

Measured by \`npm run bench:function\` (scripts/bench-function.ts) on ${date}.
Machine: ${machine}, ${os.cpus().length} cores, Node ${process.version} (the benchmark runs on Node; the function runs on Deno, same V8 engine).
Load average (1 min) when the run started: ${loadBefore.toFixed(1)}; other work on the machine slows every contender, which is why
the parse comparison counts CPU time and alternates the contenders.

## Parse throughput (same run, same files)

Every corpus file (real-world, rss-parser inputs, miniflux parser fixtures) that both parsers accept:
${parse.files} files, ${parse.megabytes.toFixed(2)} MB per pass, in 6 rounds of 0.5 s per contender after a
warm-up pass, rotating who goes first, with a full GC between turns. Figures are MB per second of CPU
time of the process. Both start from the same bytes: ours detects the charset, resolves namespaces,
turns titles (and summaries) into plain text and reads dates, links and images; rss-parser gets the
bytes decoded as UTF-8 by Node's Buffer. "As the function runs" reads summaries and images only for the
25 newest items of each feed, which is all the function ever needs; "full model" forces them for every
item (rss-parser always does the equivalent).

| contender | MB/s | vs. peer |
|---|---|---|
| ${full.name} | ${full.rate.toFixed(1)} | ${ratio(full)} |
| ${pipeline.name} | ${pipeline.rate.toFixed(1)} | ${ratio(pipeline)} |
| ${peer.name} | ${peer.rate.toFixed(1)} | 1.00x |

## One refresh of ${REFRESH_SOURCES} sources: CPU and memory against Supabase's limits

Supabase's hosted Edge Functions stop a request after 2 s of CPU time or 256 MB of memory. One
ingest's refresh (\`refreshSources\`: every source fetched over loopback HTTP, decoded, parsed and
turned into stories, as the ingest then writes them) with the default limits: at most ${(LIMIT / 1024).toFixed(0)} KiB per feed
(\`maxBodyBytes\`), a parse budget of ${DEFAULT_INGEST_CONFIG.parseBudgetMs} ms per feed and of
${DEFAULT_INGEST_CONFIG.refreshParseBudgetMs} ms per refresh (sources beyond it are reported \`too_slow\`),
${DEFAULT_INGEST_CONFIG.maxConcurrentFetches} fetches at once. Each row is the median of ${REFRESH_PROCESSES} fresh processes
(after a one-feed warm-up refresh that loads the code); the feed server runs in the parent process,
so the figures are the function's own. CPU is the process's user + system time during the refresh.
Memory is the growth of the process's peak resident set size during the refresh (what the refresh
needs: bodies, text, parse trees, and garbage not yet collected), and the peak itself, which includes
the Node and tsx runtime the benchmark runs in (${peakOf(baseline).toFixed(0)} MB before any refresh work; a Deno isolate
starts far smaller). Ratios are to the baseline of the same run.

| scenario | bytes per source | CPU, median | CPU vs. baseline | peak RSS | RSS growth | sources ok / codes |
|---|---|---|---|---|---|---|
${refresh
  .map((row) => {
    const codes = Object.entries(row.samples[0]?.errors ?? {}).map(([code, n]) => `${n} ${code}`).join(', ');
    return `| ${row.scenario}: ${row.what} | ${(row.bytesPerSource / 1024).toFixed(row.bytesPerSource < 10_240 ? 1 : 0)} KiB | ${ms(cpuOf(row))} | ${(cpuOf(row) / cpuOf(baseline)).toFixed(1)}x | ${peakOf(row).toFixed(0)} MB | +${growthOf(row).toFixed(0)} MB | ${row.samples[0]?.ok ?? 0}${codes ? ` / ${codes}` : ''} |`;
  })
  .join('\n')}

Worst case measured: ${ms(cpuOf(worstCpu))} of CPU (${worstCpu.scenario}), ${((cpuOf(worstCpu) / 2000) * 100).toFixed(0)}% of the 2 s limit;
memory +${growthOf(worstMemory).toFixed(0)} MB (${worstMemory.scenario}), ${((growthOf(worstMemory) / 256) * 100).toFixed(0)}% of 256 MB.
Typical: ${ms(cpuOf(typical))} of CPU, +${growthOf(typical).toFixed(0)} MB. Feeds that would cost more are cut by the
budgets and reported \`too_slow\` (the "codes" column), which is what keeps the worst case at this level. The parse budgets count CPU time
(\`process.cpuUsage()\`, on Deno too); the XML parse of one feed is one step, so a refresh can overrun its
parse budget by at most one feed's parse, which the byte limit bounds.

Target: faster than the peer (${pipeline.rate > peer.rate ? 'met' : 'NOT met'} as the function runs, ${full.rate > peer.rate ? 'met' : 'NOT met'} for the full model).
`;
  writeFileSync(join(ROOT, 'docs/performance-function.md'), withCrowdSection(markdown, crowdInNamespace()));
  console.log('\nwritten to docs/performance-function.md');
}

const refreshAt = process.argv.indexOf('--refresh');
if (refreshAt !== -1) await refreshChild(process.argv[refreshAt + 1] as string, process.argv[refreshAt + 2] as string);
else if (process.argv.includes('--crowd-child')) await crowdChild();
else if (process.argv.includes('--crowd')) {
  // Only the crowd, into the document as it is.
  const file = join(ROOT, 'docs/performance-function.md');
  writeFileSync(file, withCrowdSection(readFileSync(file, 'utf8'), crowdInNamespace()));
} else await main();
