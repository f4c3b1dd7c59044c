// Images that items carry through Media RSS, iTunes and enclosure types (lib/media.ts).
import { describe, expect, it } from 'vitest';
import { isImage, itunesImage, looksLikeImageUrl, mediaRssImage } from '../../supabase/functions/_shared/parse/media.ts';
import { parseXml } from '../../supabase/functions/_shared/parse/xml.ts';

const BASE = 'https://feed.example/news/';
const item = (inner: string, attributes = '') =>
  parseXml(
    `<item xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" ${attributes}>${inner}</item>`,
    'https://feed.example/rss',
  );

describe('looksLikeImageUrl', () => {
  it.each(['a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'a.webp', 'a.avif', 'a.bmp', 'a.svg'])('%s is an image', (name) => {
    expect(looksLikeImageUrl(`https://img.example/p/${name}`)).toBe(true);
  });

  it.each([
    ['https://img.example/A.JPG?w=300#top', true], // case, query and fragment do not matter
    ['/relative/b.png', true],
    ['https://img.example/a.jpg/page', false],
    ['https://img.example/a.mp3', false],
    ['https://img.example/png', false],
    ['https://img.example/a?f=x.jpg', false],
    ['http://[not a url/x.jpg', false],
  ])('%s -> %s', (url, image) => {
    expect(looksLikeImageUrl(url)).toBe(image);
  });
});

describe('isImage', () => {
  it('believes the medium first, then the MIME type, then the file name', () => {
    expect(isImage(' Image ', 'video/mp4', 'https://x.example/a.mp4')).toBe(true);
    expect(isImage('video', 'image/jpeg', 'https://x.example/a.jpg')).toBe(false);
    expect(isImage(' ', ' IMAGE/png', 'https://x.example/a.mp4')).toBe(true);
    expect(isImage(undefined, 'video/mp4', 'https://x.example/a.jpg')).toBe(false);
    expect(isImage(undefined, 'imagex', 'https://x.example/a.jpg')).toBe(false);
    expect(isImage(undefined, '  ', 'https://x.example/a.jpg')).toBe(true);
    expect(isImage('', undefined, 'https://x.example/a.mp4')).toBe(false);
    expect(isImage(undefined, undefined, 'https://x.example/a.gif')).toBe(true);
  });
});

describe('mediaRssImage', () => {
  it('takes the widest image media:content, the first of equals, resolved against the base', () => {
    const found = mediaRssImage(
      item('<media:content url="a.jpg" width="100"/><media:content url="b.jpg" width="300"/><media:content url="c.jpg" width="300"/><media:content url="d.jpg"/>'),
      BASE,
    );
    expect(found).toBe('https://feed.example/news/b.jpg');
  });

  it('counts a width that is not a finite number as 0', () => {
    expect(mediaRssImage(item('<media:content url="a.jpg" width="wide"/><media:content url="b.jpg" width="1"/>'), BASE)).toBe(
      'https://feed.example/news/b.jpg',
    );
    expect(mediaRssImage(item('<media:content url="a.jpg" width="0"/><media:content url="b.jpg" width="Infinity"/>'), BASE)).toBe(
      'https://feed.example/news/a.jpg',
    );
  });

  it('skips content that is not an image or has no http(s) address', () => {
    const found = mediaRssImage(
      item(
        '<media:content url="v.mp4" medium="video" width="900"/><media:content url="javascript:alert(1)" medium="image" width="800"/><media:content medium="image" width="700"/><media:content url="p.jpg" type="image/jpeg" width="10"/>',
      ),
      BASE,
    );
    expect(found).toBe('https://feed.example/news/p.jpg');
  });

  it('takes content for an image on its medium or MIME type alone, whatever its file name', () => {
    expect(mediaRssImage(item('<media:content url="photo?id=1" medium="image"/>'), BASE)).toBe('https://feed.example/news/photo?id=1');
    expect(mediaRssImage(item('<media:content url="photo?id=2" type="image/webp"/>'), BASE)).toBe('https://feed.example/news/photo?id=2');
  });

  it('passes over a thumbnail without an http(s) address after a usable one', () => {
    expect(mediaRssImage(item('<media:thumbnail url="t.png"/><media:thumbnail url="mailto:x@y"/>'), BASE)).toBe(
      'https://feed.example/news/t.png',
    );
  });

  it('reads media:content inside media:group too', () => {
    const found = mediaRssImage(item('<media:content url="a.jpg" width="10"/><media:group><media:content url="g.jpg" width="20"/></media:group>'), BASE);
    expect(found).toBe('https://feed.example/news/g.jpg');
  });

  it('prefers an image media:content to a wider thumbnail', () => {
    expect(mediaRssImage(item('<media:thumbnail url="t.jpg" width="900"/><media:content url="c.jpg" width="10"/>'), BASE)).toBe(
      'https://feed.example/news/c.jpg',
    );
  });

  it('falls back to the widest thumbnail of the item, its groups and its contents', () => {
    const thumbnails = (widths: [number, number, number]) =>
      item(
        `<media:thumbnail url="item.jpg" width="${widths[0]}"/><media:group><media:thumbnail url="group.jpg" width="${widths[1]}"/></media:group>` +
          `<media:content url="v.mp4" medium="video"><media:thumbnail url="content.jpg" width="${widths[2]}"/></media:content>`,
      );
    expect(mediaRssImage(thumbnails([30, 10, 20]), BASE)).toBe('https://feed.example/news/item.jpg');
    expect(mediaRssImage(thumbnails([10, 30, 20]), BASE)).toBe('https://feed.example/news/group.jpg');
    expect(mediaRssImage(thumbnails([10, 20, 30]), BASE)).toBe('https://feed.example/news/content.jpg');
    expect(mediaRssImage(item('<media:thumbnail url="mailto:x@y"/><media:thumbnail url="t.png"/>'), BASE)).toBe(
      'https://feed.example/news/t.png',
    );
  });

  it('resolves against the xml:base of the element before the base given', () => {
    expect(mediaRssImage(item('<media:content url="a.jpg" xml:base="https://cdn.example/i/"/>'), BASE)).toBe('https://cdn.example/i/a.jpg');
    expect(mediaRssImage(item('<media:thumbnail url="t.jpg"/>', 'xml:base="https://cdn.example/t/"'), BASE)).toBe(
      'https://cdn.example/t/t.jpg',
    );
  });

  it('gives undefined when there is no image', () => {
    expect(mediaRssImage(item('<media:content url="v.mp4"/><enclosure url="e.jpg"/>'), BASE)).toBeUndefined();
    expect(mediaRssImage(item(''), BASE)).toBeUndefined();
  });

  it('reads only the Media RSS namespace', () => {
    expect(mediaRssImage(item('<content url="a.jpg"/><thumbnail url="b.jpg"/><x:content xmlns:x="urn:x" url="c.jpg"/>'), BASE)).toBeUndefined();
  });
});

describe('itunesImage', () => {
  it('takes the first itunes:image with an http(s) href (or url), resolved', () => {
    expect(itunesImage(item('<itunes:image href="javascript:x"/><itunes:image url="i.png"/><itunes:image href="j.png"/>'), BASE)).toBe(
      'https://feed.example/news/i.png',
    );
    expect(itunesImage(item('<itunes:image href="h.png" url="u.png"/>'), BASE)).toBe('https://feed.example/news/h.png');
    expect(itunesImage(item('<itunes:image href="h.png" xml:base="https://cdn.example/"/>'), BASE)).toBe('https://cdn.example/h.png');
  });

  it('gives undefined without one', () => {
    expect(itunesImage(item('<itunes:image/><image href="x.png"/>'), BASE)).toBeUndefined();
  });
});
