import { NS } from './namespaces.ts';
import { attr, childrenNamed } from './xml-query.ts';
import type { XmlElement } from './xml.ts';
import { resolveHttpUrl } from '../text/urls.ts';

const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif', '.bmp', '.svg'];

export function looksLikeImageUrl(url: string): boolean {
  let path: string;
  try {
    path = new URL(url, 'http://x/').pathname.toLowerCase();
  } catch {
    return false; // not a URL at all
  }
  return IMAGE_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/** True when a medium/type pair (either may be absent) describes an image at `url`. */
export function isImage(medium: string | undefined, type: string | undefined, url: string): boolean {
  if (medium !== undefined && medium.trim() !== '') return medium.trim().toLowerCase() === 'image';
  if (type !== undefined && type.trim() !== '') return type.trim().toLowerCase().startsWith('image/');
  return looksLikeImageUrl(url);
}

interface Candidate {
  readonly url: string;
  readonly width: number;
}

function widest(candidates: readonly Candidate[]): string | undefined {
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    if (best === undefined || candidate.width > best.width) best = candidate;
  }
  return best?.url;
}

function candidate(element: XmlElement, base: string | undefined): Candidate | undefined {
  const url = resolveHttpUrl(attr(element, 'url'), element.base ?? base);
  if (url === undefined) return undefined;
  const width = Number(attr(element, 'width'));
  return { url, width: Number.isFinite(width) ? width : 0 };
}

/**
 * The image an item carries through Media RSS: the widest image media:content
 * (directly or in a media:group), else the widest media:thumbnail at any of those levels.
 */
export function mediaRssImage(item: XmlElement, base: string | undefined): string | undefined {
  const groups = childrenNamed(item, [NS.media], 'group');
  const contents = [item, ...groups].flatMap((parent) => childrenNamed(parent, [NS.media], 'content'));
  const images: Candidate[] = [];
  for (const content of contents) {
    const found = candidate(content, base);
    if (found && isImage(attr(content, 'medium'), attr(content, 'type'), found.url)) images.push(found);
  }
  const image = widest(images);
  if (image !== undefined) return image;

  const thumbnails = [item, ...groups, ...contents]
    .flatMap((parent) => childrenNamed(parent, [NS.media], 'thumbnail'))
    .map((thumbnail) => candidate(thumbnail, base))
    .filter((found): found is Candidate => found !== undefined);
  return widest(thumbnails);
}

/** itunes:image href, at item level. */
export function itunesImage(item: XmlElement, base: string | undefined): string | undefined {
  for (const image of childrenNamed(item, [NS.itunes], 'image')) {
    const url = resolveHttpUrl(attr(image, 'href') ?? attr(image, 'url'), image.base ?? base);
    if (url !== undefined) return url;
  }
  return undefined;
}
