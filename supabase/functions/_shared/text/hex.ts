/** Bytes as lowercase hex, two digits each: how a digest (the sources file's, an address's keyed hash) is stored. */
export function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
