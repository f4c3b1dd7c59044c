import { decodeEntities as decodeHtmlEntities } from './entities.ts';

// Feed HTML is untrusted and often broken, so this is a small tolerant tokenizer
// rather than a DOM: it only needs text and the first image.

/**
 * Collapses whitespace and drops the other C0 control characters (illegal in XML, seen in feeds
 * anyway). U+000B and U+000C count as whitespace, as they do when a text is read out of markup
 * (htmlToText): a word boundary, never a join.
 */
export function collapseWhitespace(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim();
}

/** Elements whose content is never visible text. */
const SKIPPED_CONTENT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);

/** Elements that separate words when markup is removed. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'img', 'video', 'audio', 'picture', 'source',
]);

interface Tag {
  readonly name: string;
  readonly closing: boolean;
  readonly attrs: ReadonlyMap<string, string>;
  /** Index just past the tag's '>'. */
  readonly end: number;
  /** Ended by its own ">" (not by the end of the input). */
  readonly closed: boolean;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12;
}

const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

/**
 * Reads the tag starting at html[start] === '<', or undefined when it isn't one.
 * Attributes are collected only for <img> and only when `withAttributes`; they are
 * always skipped correctly, quotes included, to find the end of the tag.
 */
function readTag(html: string, start: number, withAttributes: boolean): Tag | undefined {
  let i = start + 1;
  const closing = html.charCodeAt(i) === 47; // '/'
  if (closing) i++;
  if (!isAsciiLetter(html.charCodeAt(i))) return undefined;
  const nameStart = i;
  while (i < html.length && !isSpace(html.charCodeAt(i)) && html[i] !== '>' && html[i] !== '/') i++;
  const name = html.slice(nameStart, i).toLowerCase();
  const attrs = withAttributes && name === 'img' ? new Map<string, string>() : undefined;
  while (i < html.length) {
    while (i < html.length && (isSpace(html.charCodeAt(i)) || html[i] === '/')) i++;
    if (i >= html.length) break;
    if (html[i] === '>') return { name, closing, attrs: attrs ?? NO_ATTRIBUTES, end: i + 1, closed: true };
    const attrStart = i;
    while (i < html.length && !isSpace(html.charCodeAt(i)) && html[i] !== '=' && html[i] !== '>' && html[i] !== '/') i++;
    const attrName = html.slice(attrStart, i).toLowerCase();
    while (i < html.length && isSpace(html.charCodeAt(i))) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && isSpace(html.charCodeAt(i))) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const stop = close === -1 ? html.length : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html.charCodeAt(i)) && html[i] !== '>') i++;
        value = html.slice(valueStart, i);
      }
    }
    if (attrs && attrName !== '' && !attrs.has(attrName)) attrs.set(attrName, decodeHtmlEntities(value));
  }
  return { name, closing, attrs: attrs ?? NO_ATTRIBUTES, end: html.length, closed: false };
}

/** Index just past the closing tag of a skipped element (script, style, ...). */
function skipContent(html: string, from: number, name: string): number {
  let close = html.indexOf('</', from);
  while (close !== -1 && html.slice(close + 2, close + 2 + name.length).toLowerCase() !== name) {
    close = html.indexOf('</', close + 2);
  }
  if (close === -1) return html.length;
  const gt = html.indexOf('>', close);
  return gt === -1 ? html.length : gt + 1;
}

/** Index just past a comment, doctype or processing instruction starting at `start`. */
function skipDeclaration(html: string, start: number): number {
  if (html.startsWith('<!--', start)) {
    const end = html.indexOf('-->', start + 4);
    return end === -1 ? html.length : end + 3;
  }
  const end = html.indexOf('>', start);
  return end === -1 ? html.length : end + 1;
}

/**
 * Visits the text runs and tags of an HTML fragment. The visitors return true to stop.
 */
function scanHtml(
  html: string,
  withAttributes: boolean,
  onText: (text: string) => boolean,
  onTag: (tag: Tag) => boolean,
): void {
  let i = 0;
  let textStart = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const next = html[lt + 1];
    if (next === '!' || next === '?') {
      if (lt > textStart && onText(html.slice(textStart, lt))) return;
      i = textStart = skipDeclaration(html, lt);
      continue;
    }
    const tag = readTag(html, lt, withAttributes);
    if (!tag) {
      i = lt + 1; // a lone '<' is text
      continue;
    }
    if (lt > textStart && onText(html.slice(textStart, lt))) return;
    if (onTag(tag)) return;
    i = textStart = !tag.closing && SKIPPED_CONTENT.has(tag.name) ? skipContent(html, tag.end, tag.name) : tag.end;
  }
  if (textStart < html.length) onText(html.slice(textStart));
}

/**
 * Plain text of an HTML fragment: markup removed, entities decoded, whitespace
 * collapsed. With `atLeast`, reading may stop once that many characters of text
 * are in hand (the result is then longer than `atLeast`, and a prefix of the whole).
 */
export function htmlToText(html: string, atLeast = Infinity): string {
  if (html.indexOf('<') === -1) return collapseWhitespace(decodeHtmlEntities(html));
  const parts: string[] = [];
  // Length after collapsing each part on its own; joining can merge at most one
  // space per boundary, so `length - parts.length` never overstates the result.
  let length = 0;
  scanHtml(
    html,
    false,
    (text) => {
      const part = decodeHtmlEntities(text).replace(/\s+/g, ' ');
      parts.push(part);
      length += part.length;
      return length - parts.length > atLeast + 1;
    },
    (tag) => {
      if (BLOCK.has(tag.name)) {
        parts.push(' ');
        length++;
      }
      return false;
    },
  );
  return collapseWhitespace(parts.join(''));
}

/** 1x1 images are counters (FeedBurner, ad servers), not pictures. */
function isTrackingPixel(tag: Tag): boolean {
  const tiny = (value: string | undefined): boolean => value !== undefined && Number(value) <= 2;
  return tiny(tag.attrs.get('width')) || tiny(tag.attrs.get('height'));
}

/**
 * The source of the first <img> of an HTML fragment (lazy-loading attributes understood). With
 * `partial`, `html` is the start of a longer text: an image tag that runs into its end gives
 * undefined, as its attributes may go on past it.
 */
export function firstImageSource(html: string, partial = false): string | undefined {
  if (!/<img/i.test(html)) return undefined;
  let found: string | undefined;
  scanHtml(
    html,
    true,
    () => false,
    (tag) => {
      if (tag.closing || tag.name !== 'img') return false;
      // The start of a longer text: an image tag the cut runs into is not read yet.
      if (partial && !tag.closed) return true;
      if (isTrackingPixel(tag)) return false;
      const candidates = [tag.attrs.get('src'), tag.attrs.get('data-src'), tag.attrs.get('data-lazy-src')];
      found = candidates.find((value) => value !== undefined && value.trim() !== '' && !value.trim().startsWith('data:'));
      return found !== undefined;
    },
  );
  return found?.trim();
}
