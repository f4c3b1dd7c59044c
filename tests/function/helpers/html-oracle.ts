// An independent reading of HTML (the DOM's own parser; test files that use it
// run in Vitest's jsdom environment) that turns peers' HTML expectations into
// the plain text this project promises.
let parser: DOMParser | undefined;

export function oracleText(html: string): string {
  parser ??= new DOMParser();
  const doc = parser.parseFromString(`<!doctype html><body>${html}`, 'text/html');
  for (const el of doc.querySelectorAll('script, style, template, noscript, iframe, object, svg, math')) el.remove();
  return doc.body.textContent ?? '';
}

/** Compares texts ignoring whitespace: block elements add spaces in ours, not in textContent. */
export function squash(text: string): string {
  return text.replace(/\s+/g, '');
}
