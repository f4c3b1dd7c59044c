/**
 * The loopback news the real fetch-news function aggregates in the e2e suite: seven sources in
 * three feed formats (RSS 2.0, Atom, RSS 1.0), six categories, images served by the same
 * loopback server (one of them a 404), and dates chosen so that the newest-first order is known.
 * Two sources are files in tests/fixtures/feeds (reader-*.xml): two outlets reporting the same
 * event, which the function folds into one story with `related`, and a story in Arabic.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.ts';

export interface FixtureStory {
  title: string;
  summary: string;
  /** Path of the story's link on the fixture origin. */
  path: string;
  published: string;
  /** Image path on the fixture origin; `/images/missing.svg` answers 404. */
  image?: string;
  /** Another outlet's report of the story with this title: the function folds it into that story's `related`. */
  relatedTo?: string;
}

export interface FixtureSource {
  name: string;
  category: string;
  /** Path of the feed on the fixture origin. */
  feed: string;
  format: 'rss2' | 'atom' | 'rss1';
  /** A feed file in tests/fixtures/feeds, `{{ORIGIN}}` standing for the fixture origin; `stories` then describe it. */
  file?: string;
  stories: FixtureStory[];
}

/** The image the fixture server answers with 404, so the page must hide it. */
export const BROKEN_IMAGE_PATH = '/images/missing.svg';

export const FIXTURE_SOURCES: FixtureSource[] = [
  {
    name: 'Orbital Times',
    category: 'Science',
    feed: '/feeds/orbital.rss',
    format: 'rss2',
    stories: [
      { title: 'Comet Lumen brightens ahead of schedule', summary: 'Observers report the comet is visible to the naked eye a week early.', path: '/orbital/comet-lumen', published: '2025-06-10T16:00:00.000Z', image: '/images/story-2.svg' },
      { title: 'Probe maps ice on the lunar south pole', summary: 'Radar data reveals thick deposits inside permanently shadowed craters.', path: '/orbital/lunar-ice', published: '2025-06-10T08:00:00.000Z', image: '/images/story-6.svg' },
      { title: 'Telescope mirror segments arrive at the summit', summary: 'Crews will spend the winter installing them, hoping for an aurora-free first light.', path: '/orbital/mirror-segments', published: '2025-06-09T14:00:00.000Z', image: '/images/story-10.svg' },
    ],
  },
  {
    name: 'Ledger Daily',
    category: 'Finance',
    feed: '/feeds/ledger.atom',
    format: 'atom',
    stories: [
      { title: 'Central bank holds rates steady', summary: 'Policy makers signalled patience as inflation eased for a third month.', path: '/ledger/rates-steady', published: '2025-06-10T12:00:00.000Z', image: '/images/story-4.svg' },
      { title: 'Small businesses report a strong quarter', summary: 'Lenders describe quokka-like optimism among shop owners surveyed this spring.', path: '/ledger/strong-quarter', published: '2025-06-09T18:00:00.000Z' },
      { title: 'Copper & tin prices climb: supply worries?', summary: 'Two mines paused production after flooding, tightening an already thin market.', path: '/ledger/copper-prices', published: '2025-06-09T08:00:00.000Z' },
    ],
  },
  {
    name: 'Pitchside',
    category: 'Sports',
    feed: '/feeds/pitchside.rss',
    format: 'rss2',
    stories: [
      { title: 'Harbour City clinch the title in extra time', summary: 'A header in the final minute settled a tense derby in front of a full stadium.', path: '/pitchside/harbour-city-title', published: '2025-06-10T18:00:00.000Z', image: '/images/story-1.svg' },
      { title: 'Marathon record falls in cold rain', summary: 'The winner shaved eleven seconds off a mark that had stood for nine years.', path: '/pitchside/marathon-record', published: '2025-06-09T20:00:00.000Z', image: '/images/story-7.svg' },
      { title: 'Youth league expands to twelve new towns', summary: 'Organisers say volunteers and pitches, not money, were the hardest part.', path: '/pitchside/youth-league', published: '2025-06-09T10:00:00.000Z' },
    ],
  },
  {
    name: 'Circuit Weekly',
    category: 'Technology',
    feed: '/feeds/circuit.rdf',
    format: 'rss1',
    stories: [
      { title: 'Open-source compiler reaches version 10', summary: 'The release brings faster builds and a friendlier error format.', path: '/circuit/compiler-10', published: '2025-06-10T14:00:00.000Z' },
      { title: 'Browser vendors agree on a new storage standard', summary: 'The proposal gives sites a clearer picture of how much space they may use.', path: '/circuit/storage-standard', published: '2025-06-09T16:00:00.000Z' },
      { title: 'Chip makers race to cut idle power', summary: 'Laptops could gain hours of battery life from designs shown this week.', path: '/circuit/idle-power', published: '2025-06-09T06:00:00.000Z' },
    ],
  },
  {
    name: 'Ward Round',
    category: 'Health',
    feed: '/feeds/ward-round.rss',
    format: 'rss2',
    stories: [
      { title: 'Clinics trial shorter waiting lists', summary: 'Evening appointments halved the wait for routine checks in a pilot.', path: '/ward-round/waiting-lists', published: '2025-06-10T10:00:00.000Z', image: BROKEN_IMAGE_PATH },
      { title: 'Nurses share tips for night shifts', summary: 'Regular meals and a dark bedroom help more than coffee, they say.', path: '/ward-round/night-shifts', published: '2025-06-09T12:00:00.000Z' },
    ],
  },
  {
    name: 'Harbour Gazette',
    category: 'World',
    feed: '/feeds/harbour-gazette.rss',
    format: 'rss2',
    file: 'reader-harbour-gazette.rss2.xml',
    stories: [
      { title: 'Harbour bridge reopens after storm repairs finish early', summary: 'Crews finished a week ahead of plan, and the first buses crossed at dawn.', path: '/gazette/bridge-reopens', published: '2025-06-08T09:00:00.000Z' },
    ],
  },
  {
    name: 'Coastline Courier',
    category: 'World',
    feed: '/feeds/coastline-courier.atom',
    format: 'atom',
    file: 'reader-coastline-courier.atom.xml',
    stories: [
      {
        title: 'Storm repairs finish early as harbour bridge reopens to traffic',
        summary: 'Commuters returned to the crossing on Sunday after months of detours.',
        path: '/courier/bridge-traffic',
        published: '2025-06-08T15:00:00.000Z',
        relatedTo: 'Harbour bridge reopens after storm repairs finish early',
      },
      { title: 'افتتاح معرض الكتاب في المدينة القديمة', summary: 'يستمر المعرض أسبوعين ويضم أكثر من مئتي دار نشر.', path: '/courier/book-fair', published: '2025-06-08T12:00:00.000Z' },
    ],
  },
];

/** The story the function answers for two outlets' reports of one event, and the other report. */
export const GROUPED_STORY = 'Harbour bridge reopens after storm repairs finish early';
/** A story whose title and summary are Arabic (right to left). */
export const RTL_STORY = 'افتتاح معرض الكتاب في المدينة القديمة';

export interface ExpectedStory extends FixtureStory {
  source: string;
  category: string;
}

/** Every fixture story as the function answers it, newest first; reports folded into another story's `related` are not stories. */
export const EXPECTED_STORIES: ExpectedStory[] = FIXTURE_SOURCES.flatMap((source) =>
  source.stories.filter((story) => story.relatedTo === undefined).map((story) => ({ ...story, source: source.name, category: source.category })),
).sort((a, b) => Date.parse(b.published) - Date.parse(a.published));

/** The `related` entries the function gives the story titled `title`: { source, path }. */
export function expectedRelated(title: string): { source: string; path: string }[] {
  return FIXTURE_SOURCES.flatMap((source) =>
    source.stories.filter((story) => story.relatedTo === title).map((story) => ({ source: source.name, path: story.path })),
  );
}

export function storyByTitle(title: string): ExpectedStory {
  const story = EXPECTED_STORIES.find((candidate) => candidate.title === title);
  if (!story) throw new Error(`no fixture story titled ${title}`);
  return story;
}

/** The categories of the fixture data, sorted alphabetically as the page must list them. */
export const FIXTURE_CATEGORIES = [...new Set(FIXTURE_SOURCES.map((source) => source.category))].sort();

const CONTENT_TYPES = {
  rss2: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  rss1: 'application/rdf+xml; charset=utf-8',
} as const;

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function rss2(source: FixtureSource, origin: string): string {
  const items = source.stories.map(
    (story) => `    <item>
      <title>${xml(story.title)}</title>
      <link>${origin}${story.path}</link>
      <guid isPermaLink="true">${origin}${story.path}</guid>
      <pubDate>${new Date(story.published).toUTCString()}</pubDate>
      <description>${xml(`<p>${story.summary}</p>`)}</description>
      ${story.image ? `<media:content url="${origin}${story.image}" medium="image" width="800" height="450"/>` : ''}
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${xml(source.name)}</title>
    <link>${origin}/</link>
    <description>${xml(source.name)} fixture feed</description>
${items.join('\n')}
  </channel>
</rss>`;
}

function atom(source: FixtureSource, origin: string): string {
  const entries = source.stories.map(
    (story) => `  <entry>
    <title>${xml(story.title)}</title>
    <link rel="alternate" href="${origin}${story.path}"/>
    ${story.image ? `<link rel="enclosure" type="image/svg+xml" href="${origin}${story.image}"/>` : ''}
    <id>${origin}${story.path}</id>
    <published>${story.published}</published>
    <updated>${story.published}</updated>
    <summary>${xml(story.summary)}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${xml(source.name)}</title>
  <id>${origin}${source.feed}</id>
  <updated>${source.stories[0]?.published ?? '2025-06-10T00:00:00.000Z'}</updated>
  <link rel="alternate" href="${origin}/"/>
${entries.join('\n')}
</feed>`;
}

function rss1(source: FixtureSource, origin: string): string {
  const items = source.stories.map(
    (story) => `  <item rdf:about="${origin}${story.path}">
    <title>${xml(story.title)}</title>
    <link>${origin}${story.path}</link>
    <description>${xml(story.summary)}</description>
    <dc:date>${story.published}</dc:date>
  </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="${origin}${source.feed}">
    <title>${xml(source.name)}</title>
    <link>${origin}/</link>
    <description>${xml(source.name)} fixture feed</description>
    <items><rdf:Seq>${source.stories.map((story) => `<rdf:li rdf:resource="${origin}${story.path}"/>`).join('')}</rdf:Seq></items>
  </channel>
${items.join('\n')}
</rdf:RDF>`;
}

/** The feed document of a source, with links and images on `origin`. */
export function feedDocument(source: FixtureSource, origin: string): { body: string; contentType: string } {
  if (source.file !== undefined) {
    const body = readFileSync(join(REPO_ROOT, 'tests/fixtures/feeds', source.file), 'utf8').replaceAll('{{ORIGIN}}', origin);
    return { body, contentType: CONTENT_TYPES[source.format] };
  }
  switch (source.format) {
    case 'rss2':
      return { body: rss2(source, origin), contentType: 'application/rss+xml; charset=utf-8' };
    case 'atom':
      return { body: atom(source, origin), contentType: 'application/atom+xml; charset=utf-8' };
    case 'rss1':
      return { body: rss1(source, origin), contentType: 'application/rdf+xml; charset=utf-8' };
  }
}
