const SYLLABLES = ['ba', 'de', 'fi', 'go', 'ku', 'la', 'me', 'ni', 'po', 'ru', 'sa', 'te', 'vi', 'wo', 'xu', 'zy'];

/** A made-up word of four syllables, drawn from `seed` (FNV-1a of its text): titles that tell of no common event. */
function madeUpWord(seed: string): string {
  let hash = 0x811c9dc5;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return Array.from({ length: 4 }, (_, k) => SYLLABLES[(hash >>> (k * 4)) & 15]).join('');
}

/**
 * An RSS 2.0 feed of `count` items with distinct links, one hour apart (test and benchmark data). Each title has
 * words of its own, so that the grouping takes no two items, of one feed or of two, for reports of one event.
 */
export function syntheticRss(name: string, count: number, start = Date.UTC(2025, 5, 1)): string {
  const items = Array.from({ length: count }, (_, i) => {
    const date = new Date(start - i * 3_600_000).toUTCString();
    return `<item>
      <title>${name}: ${madeUpWord(`${name}/${i}/a`)} ${madeUpWord(`${name}/${i}/b`)} ${madeUpWord(`${name}/${i}/c`)} &amp; more</title>
      <link>https://${name}.example/articles/${i}</link>
      <guid isPermaLink="false">${name}-${i}</guid>
      <pubDate>${date}</pubDate>
      <description><![CDATA[<p>Paragraph <b>${i}</b> of ${name}, with <a href="/x">a link</a> and an image.</p><img src="/img/${i}.jpg"> ${'More text here. '.repeat(30)}]]></description>
      <media:content url="https://${name}.example/img/${i}-large.jpg" medium="image" width="800"/>
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
  <channel><title>${name}</title><link>https://${name}.example/</link>
  ${items.join('\n  ')}
  </channel>
</rss>`;
}
