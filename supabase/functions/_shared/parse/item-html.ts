import { firstImageSource, htmlToText } from '../text/html-text.ts';
import { readTextProgressively } from './xml-query.ts';
import type { XmlElement } from './xml.ts';

// Summaries and images from elements holding HTML (RSS description and
// content:encoded, Atom html content), read only as far as needed.

/**
 * Characters at the end of a partial read that a cut may have spoiled (half an
 * entity such as "&amp", half a word); beyond them, the partial text is exact.
 */
const SPOILED_TAIL = 40;

/** Plain text of the element's HTML; at least `atLeast` characters of it when it has that many. */
export function htmlElementText(element: XmlElement, atLeast: number): string {
  return (
    readTextProgressively(
      element,
      (html, complete) => {
        const text = htmlToText(html, atLeast);
        return complete || text.length > atLeast + SPOILED_TAIL ? text : undefined;
      },
      // A few hundred characters of text rarely take more than 2 kB of (escaped) HTML.
      2048,
    ) ?? ''
  );
}

/** The source of the first <img> in the element's HTML. */
export function htmlElementImage(element: XmlElement): string | undefined {
  // Most bodies have no image at all: don't decode them to find that out.
  if (element.rawText !== undefined && !/img/i.test(element.rawText)) return undefined;
  const found = readTextProgressively(element, (html, complete) => {
    // In a partial read, an image tag the cut runs into (perhaps inside a quoted address that
    // holds a ">") gives nothing yet: a longer read decides.
    const source = firstImageSource(html, !complete);
    return source !== undefined || complete ? { source } : undefined;
  });
  return found?.source;
}
