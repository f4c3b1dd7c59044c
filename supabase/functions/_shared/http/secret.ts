/** The ingest secret's environment variable; ingest-news answers no one while it is unset. */
export const INGEST_SECRET_ENV = 'INGEST_SECRET';
/** A shorter secret is refused: it could be guessed. */
export const INGEST_SECRET_MIN_CHARS = 32;

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * True when the request carries `Authorization: Bearer <secret>`. Compared as SHA-256 digests,
 * byte by byte without an early exit, so the time taken says nothing of the secret.
 */
export async function hasIngestSecret(request: Request, secret: string | undefined): Promise<boolean> {
  if (secret === undefined || secret.length < INGEST_SECRET_MIN_CHARS) return false;
  const header = request.headers.get('authorization') ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const [a, b] = await Promise.all([digest(given), digest(secret)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}
