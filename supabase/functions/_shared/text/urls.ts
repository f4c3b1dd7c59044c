/** Resolves a reference against a base; undefined when it can't be made absolute. */
export function resolveUrl(reference: string, base?: string): string | undefined {
  const trimmed = reference.trim();
  if (trimmed === '') return undefined;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return undefined; // not a URL: the caller treats the value as absent
  }
}

export function isHttpUrl(value: string): boolean {
  return value.startsWith('http://') || value.startsWith('https://');
}

/** An absolute http(s) URL for the reference, or undefined. */
export function resolveHttpUrl(reference: string | undefined, base?: string): string | undefined {
  if (reference === undefined) return undefined;
  const resolved = resolveUrl(reference, base);
  return resolved !== undefined && isHttpUrl(resolved) ? resolved : undefined;
}

/**
 * The key under which the same article from two sources is merged:
 * lowercase scheme and host (the URL parser does that), no fragment,
 * no utm_* tracking parameters, no trailing slash.
 */
export function canonicalUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  parsed.hash = '';
  for (const key of [...parsed.searchParams.keys()]) {
    if (key.toLowerCase().startsWith('utm_')) parsed.searchParams.delete(key);
  }
  if (parsed.pathname.length > 1 && parsed.pathname.endsWith('/')) {
    parsed.pathname = parsed.pathname.replace(/\/+$/, '');
  }
  let href = parsed.href;
  if (parsed.pathname === '/' && parsed.search === '') href = href.slice(0, -1);
  return href;
}
