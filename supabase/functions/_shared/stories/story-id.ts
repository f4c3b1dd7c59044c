/**
 * A short, URL-safe, deterministic id: 64 bits from two independent 32-bit
 * FNV-1a style hashes, in base 36. Synchronous (crypto.subtle is async) and the
 * same on Node and Deno.
 */
export function storyId(sourceName: string, key: string): string {
  const input = `${sourceName}\u0000${key}`;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ input.length;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x01000193);
    h2 = Math.imul(h2 ^ code, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  const a = (h1 >>> 0).toString(36).padStart(7, '0');
  const b = (h2 >>> 0).toString(36).padStart(7, '0');
  return a + b;
}
