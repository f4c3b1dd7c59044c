// Queries the feed readers make on the tree built by xml.ts.
import { decodeEntities } from '../text/entities.ts';
import type { XmlElement, XmlNode } from './xml.ts';

export function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== 'string';
}

export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter(isElement);
}

/** Child elements matching one of the namespaces and the local name. */
export function childrenNamed(element: XmlElement, namespaces: readonly string[], name: string): XmlElement[] {
  return element.children.filter(
    (node): node is XmlElement => isElement(node) && node.name === name && namespaces.includes(node.ns),
  );
}

export function firstChild(element: XmlElement, namespaces: readonly string[], name: string): XmlElement | undefined {
  for (const node of element.children) {
    if (isElement(node) && node.name === name && namespaces.includes(node.ns)) return node;
  }
  return undefined;
}

/** An attribute in no namespace (or in the given one). */
export function attr(element: XmlElement, name: string, ns = ''): string | undefined {
  for (const a of element.attrs) {
    if (a.name === name && a.ns === ns) return a.value;
  }
  return undefined;
}

/** The concatenated character data of the element and its descendants. */
export function textContent(element: XmlElement): string {
  if (element.rawText !== undefined) return characterData(element.rawText);
  let out = '';
  for (const node of element.children) out += typeof node === 'string' ? node : textContent(node);
  return out;
}

/**
 * Calls `read` with the character data of the first `size` characters of the
 * element's raw content, then 4 times more, and so on, until `read` returns a
 * result; `complete` says the text is all of it. Summaries and first images of
 * long article bodies rarely need more than their start, and decoding a whole
 * entity-escaped body costs as much as parsing it.
 */
export function readTextProgressively<T>(
  element: XmlElement,
  read: (text: string, complete: boolean) => T | undefined,
  firstSize = 4096,
): T | undefined {
  const raw = element.rawText;
  if (raw !== undefined) {
    for (let size = firstSize; size < raw.length; size *= 4) {
      const result = read(characterData(raw.slice(0, size)), false);
      if (result !== undefined) return result;
    }
  }
  return read(textContent(element), true);
}

/**
 * Character data of content the parser left as written: CDATA sections unwrapped,
 * character references decoded elsewhere. Markup in it stays markup.
 */
function characterData(raw: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = raw.indexOf('<![CDATA[', from);
    if (start === -1) return out + decodeEntities(raw.slice(from));
    const end = raw.indexOf(']]>', start + 9);
    out += decodeEntities(raw.slice(from, start)) + raw.slice(start + 9, end === -1 ? raw.length : end);
    if (end === -1) return out;
    from = end + 3;
  }
}

/** Re-serializes the children as markup (for inline XHTML content). */
export function innerXml(element: XmlElement): string {
  if (element.rawText !== undefined) return element.rawText;
  let out = '';
  for (const node of element.children) {
    if (typeof node === 'string') {
      out += escapeText(node);
      continue;
    }
    let attrs = '';
    for (const a of node.attrs) attrs += ` ${a.name}="${escapeAttribute(a.value)}"`;
    out += `<${node.name}${attrs}>${innerXml(node)}</${node.name}>`;
  }
  return out;
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replaceAll('"', '&quot;');
}
