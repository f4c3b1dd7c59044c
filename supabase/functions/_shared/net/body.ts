/**
 * A body read whole, to at most `maxBytes`: one that says it is larger (Content-Length), or grows larger as it streams,
 * is cancelled before more of it is read, and `tooLarge` names the error (`declared`: the Content-Length it gave).
 */
export async function readBounded(message: Request | Response, maxBytes: number, tooLarge: (declared?: number) => Error): Promise<Uint8Array> {
  const declared = Number(message.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await message.body?.cancel();
    throw tooLarge(declared);
  }
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
