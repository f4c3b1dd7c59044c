const ELLIPSIS = '…';

/**
 * Shortens plain text to at most `max` characters (UTF-16 units), cutting at a
 * word boundary and ending with "…", which counts towards the limit. Text with
 * no space in reach (CJK) is cut hard, never inside a surrogate pair.
 */
export function truncateSummary(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - ELLIPSIS.length;
  const space = text.lastIndexOf(' ', cut);
  if (space > max / 2) {
    cut = space;
  } else if (isLowSurrogate(text.charCodeAt(cut))) {
    cut -= 1;
  }
  return text.slice(0, cut).replace(/[\s,;:.\-–—]+$/, '') + ELLIPSIS;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
