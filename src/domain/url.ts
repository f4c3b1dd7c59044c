// The URL parser silently drops tabs/newlines and strips leading/trailing spaces and
// control characters; we reject such strings so the string we check is the string we use.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHAR = /[\u0000-\u001f\u007f]/;
// Browsers resolve `http:host` and `http:/host` against the page when the scheme matches,
// so an absolute link must spell out `scheme://`.
const ABSOLUTE_HTTP = /^https?:\/\//i;

/** True only for an absolute `http:` or `https:` URL given exactly as the parser will read it. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value !== value.trim() || CONTROL_CHAR.test(value) || !ABSOLUTE_HTTP.test(value)) {
    return false;
  }
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
