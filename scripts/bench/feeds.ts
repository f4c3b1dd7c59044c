// Real feeds for the benches: the fixtures and the real-world corpus (tests/fixtures/feeds/NOTICE.md), not the attacks.
import { readdirSync } from 'node:fs';
import { ROOT } from '../lib/function-command.mjs';

export const REAL_FEEDS = ['tests/fixtures/feeds', 'tests/fixtures/feeds/corpus/real-world'].flatMap((dir) =>
  readdirSync(`${ROOT}/${dir}`).filter((name) => name.endsWith('.xml') && !/billion|quadratic|xxe/.test(name)).map((name) => `${ROOT}/${dir}/${name}`));
