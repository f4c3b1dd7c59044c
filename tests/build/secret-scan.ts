import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Real credentials, not the words: supabase-js's own docs (in the source maps) name roles
 * and key kinds. Supabase's secret API keys start with `sb_secret_`; its public keys are
 * `sb_publishable_…` or JWTs with role anon.
 */
const SUSPICIOUS: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /\bsb_secret_[0-9A-Za-z_-]{8,}/,
  /\bsk_(live|test)_[0-9a-zA-Z]{10,}/,
  /\bAKIA[0-9A-Z]{16}\b/,
  /NEWS_SOURCES_FILE|FUNCTIONS_PORT|NEWS_ALLOW_LOOPBACK/,
];

/** What in the files under `dir` looks like a secret: one line per finding, empty when none. */
export function findSecrets(dir: string): string[] {
  const findings: string[] = [];
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file, 'utf8');
    // A JWT is allowed only if it is an anon key (Supabase's public keys are JWTs with role anon).
    for (const [jwt] of text.matchAll(/eyJ[\w-]{10,}\.(eyJ[\w-]{10,})\.[\w-]{10,}/g)) {
      let role: string | undefined;
      try {
        role = (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { role?: string }).role;
      } catch {
        role = undefined; // not a JSON payload: not a usable key either way, but reported
      }
      if (role !== 'anon') findings.push(`${file} holds a JWT with role ${role ?? '(unreadable)'}`);
    }
    for (const pattern of SUSPICIOUS) {
      if (pattern.test(text)) findings.push(`${file} matches ${pattern}`);
    }
  }
  return findings;
}
