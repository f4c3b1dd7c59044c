// How `npm start` and `npm run functions` start the function: NEWS_ALLOW_LOOPBACK is passed
// through from the environment, never turned on by the scripts themselves.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/paths.ts';

function commandFor(env: Record<string, string>): { env: Record<string, string>; args: string[] } {
  const code = `import { denoArgs, denoEnv } from './scripts/lib/function-command.mjs';
const env = ${JSON.stringify(env)};
console.log(JSON.stringify({ env: denoEnv(env), args: denoArgs(env) }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as { env: Record<string, string>; args: string[] };
}

describe('the Deno command of npm start / npm run functions', () => {
  it('lets the function read NEWS_ALLOW_LOOPBACK, the store\'s URL and pool size, the ingest secret, the Web Push settings, the driver\'s PG* defaults and http_ece\'s ECE_KEYLOG, and nothing else', () => {
    expect(commandFor({}).args).toContain(
      '--allow-env=NEWS_SOURCES_FILE,FUNCTIONS_PORT,NEWS_ALLOW_LOOPBACK,DATABASE_URL,SUPABASE_DB_URL,NEWS_DB_POOL_SIZE,INGEST_SECRET,VAPID_PUBLIC_KEY,VAPID_PRIVATE_KEY,VAPID_SUBJECT,PUSH_SERVICE_HOSTS,CLIENT_ADDRESS_FROM,ECE_KEYLOG,PG*',
    );
  });

  it('does not set NEWS_ALLOW_LOOPBACK when the environment does not', () => {
    expect(commandFor({}).env).toEqual({ FUNCTIONS_PORT: '54321' });
  });

  it.each(['1', '0'])('passes NEWS_ALLOW_LOOPBACK=%s through as it is', (value) => {
    expect(commandFor({ NEWS_ALLOW_LOOPBACK: value }).env.NEWS_ALLOW_LOOPBACK).toBe(value);
  });
});
