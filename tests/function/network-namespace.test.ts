// The real function on Deno, fed hostile sources that really redirect to blocked addresses,
// run inside a loopback-only network namespace: `unshare -n` gives the run its own network
// stack with nothing but `lo`, and the blocked addresses are bound to `lo` there, each with a
// canary server. Whatever the code does, no packet can leave the machine; a request that
// reaches a blocked address shows up as a canary hit.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewsAnswer } from '../../supabase/functions/_shared/story.ts';
import { CANARY_ADDRESSES } from './helpers/netns-addresses.ts';
import { REPO_ROOT } from './helpers/paths.ts';

interface Run {
  elapsedMs: number;
  answerBytes: number;
  answer: NewsAnswer;
  canaryHits: string[];
  controlHits: string[];
  log: string;
}

let run: Run;

function requireTool(name: string, args: string[]): void {
  const probe = spawnSync(name, args, { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `This test needs \`${name}\` (util-linux / iproute2) to run the function in a loopback-only network namespace, ` +
        `and it is not usable here: ${probe.error?.message ?? probe.stderr.trim()}. Install it; the test is not skipped.`,
    );
  }
}

beforeAll(() => {
  requireTool('unshare', ['--version']);
  requireTool('ip', ['-V']);
  const setup = [
    'set -e',
    'ip link set lo up',
    ...CANARY_ADDRESSES.map((address) => `ip addr add ${address}/32 dev lo`),
    `exec "${process.execPath}" --import tsx "${join(REPO_ROOT, 'tests/function/helpers/netns-hostile.ts')}"`,
  ].join('\n');
  const result = spawnSync('unshare', ['--net', '--', 'sh', '-c', setup], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 170_000,
  });
  if (result.status !== 0 || result.stdout === '') {
    throw new Error(
      'Could not run the function in a loopback-only network namespace (`unshare --net` needs root or CAP_SYS_ADMIN; ' +
        `the test is not skipped): exit ${result.status}, ${result.error?.message ?? ''}\n${result.stderr}`,
    );
  }
  run = JSON.parse(result.stdout) as Run;
}, 180_000);

const errorOf = (name: string) => run.answer.sources.find((source) => source.name === name)?.error;

describe('in a loopback-only network namespace, the function on Deno (npm run functions)', () => {
  it('is watched by canaries that do see requests to the blocked addresses', () => {
    expect(run.controlHits).toHaveLength(CANARY_ADDRESSES.length);
  });

  it.each(['Metadata', 'RFC 1918 10/8', 'RFC 1918 172.16/12', 'RFC 1918 192.168/16', 'CGNAT', 'Mapped IPv6', 'Decimal', 'Hex', 'Octal'])(
    'never requests the blocked address behind the redirect of "%s": blocked_address',
    (name) => {
      expect(errorOf(name)).toBe('blocked_address');
    },
  );

  it('made no request at all to any blocked address, and no internal story came back', () => {
    expect(run.canaryHits).toEqual([]);
    expect(JSON.stringify(run.answer)).not.toContain('INTERNAL SECRET');
  });

  it('ingests by its 8 s deadline, with the sources that finished and every other reported by its code', () => {
    // The refresh's deadline is 8 s (docs/product.md#timings-and-limits), since 36a2263 moved it from 7 s; the
    // margin past it stays the 2.5 s this test was written with, for a loaded machine (CI runs this beside other test
    // files on 2 cores) and the first call's cold start, not for the function. Without the deadline the last hanging
    // sources would start only when the first time out and answer at 16 s or later.
    expect(run.elapsedMs).toBeGreaterThanOrEqual(8_000);
    expect(run.elapsedMs).toBeLessThan(10_500);
    const ok = run.answer.sources.filter((source) => source.ok).map((source) => source.name);
    expect(ok).toEqual(['Good', 'Ampersands 500 KB', 'Unbounded']);
    expect(errorOf('Ampersands 3 MB')).toBe('too_large');
    expect(errorOf('Missing')).toBe('http_404');
    expect(errorOf('Page')).toBe('not_a_feed');
    expect(errorOf('Broken')).toBe('invalid_xml');
    for (let i = 1; i <= 10; i++) expect(errorOf(`Hang ${i}`)).toBe('timeout');
  });

  it('keeps the answer small: titles, URLs and dates bounded', () => {
    const unbounded = run.answer.stories.filter((story) => story.source === 'Unbounded');
    expect(unbounded.map((story) => story.url).sort()).toEqual(['https://unbounded.example/long-image', 'https://unbounded.example/long-title']);
    const longTitle = unbounded.find((story) => story.url.endsWith('long-title'));
    expect(longTitle?.title.length).toBeLessThanOrEqual(300);
    expect(longTitle?.title.endsWith('…')).toBe(true);
    expect(Date.parse(longTitle?.published_at ?? '')).toBeLessThanOrEqual(Date.parse(run.answer.generated_at));
    expect(unbounded.find((story) => story.url.endsWith('long-image'))?.image).toBeUndefined();
    const ampersands = run.answer.stories.find((story) => story.source === 'Ampersands 500 KB');
    expect(ampersands?.title).toMatch(/^&+…$/);
    expect(run.answerBytes).toBeLessThan(64 * 1024);
  });

  it('logs the details the answer leaves out', () => {
    expect(run.log).toMatch(/source "Metadata" \(http:\/\/127\.0\.0\.1:\d+\/to-metadata\): blocked_address: 169\.254\.169\.254 is 169\.254\.169\.254: link-local/);
    expect(run.log).toMatch(/source "Hang 10" .*: timeout: /);
    expect(JSON.stringify(run.answer.sources)).not.toMatch(/169\.254|127\.0\.0\.1|https?:/);
  });
});
