import { SAMPLE_ID_PREFIX, type Story } from './story.ts';

// Loaded on demand with import() (docs/product.md#loading-failure-retry-and-fallback): no other domain module may import it.

export const SAMPLE_STORY_COUNT = 6;

const HOUR_MS = 60 * 60 * 1000;

type SampleContent = Omit<Story, 'id' | 'published_at' | 'image'>;

const SAMPLES: readonly SampleContent[] = [
  {
    title: 'New Chip Design Promises Longer Battery Life for Laptops',
    summary:
      'Engineers unveiled a processor architecture that cuts idle power use by nearly a third. The first devices using it are expected next year.',
    source: 'Tech Daily',
    url: 'https://example.com/technology/new-chip-design',
    category: 'Technology',
  },
  {
    title: 'Markets Steady as Investors Await Interest Rate Decision',
    summary:
      'Major indexes ended the week little changed while traders weighed fresh inflation data ahead of the central bank meeting.',
    source: 'Finance Weekly',
    url: 'https://example.com/finance/markets-await-rate-decision',
    category: 'Finance',
  },
  {
    title: 'Coastal Cities Expand Wetland Restoration Projects',
    summary:
      'Several coastal cities are restoring salt marshes to absorb storm surges. Early results show fewer floods in protected neighborhoods.',
    source: 'Green Planet News',
    url: 'https://example.com/environment/wetland-restoration',
    category: 'Environment',
  },
  {
    title: 'Astronomers Spot Water Vapor Around a Distant Exoplanet',
    summary:
      'A new telescope survey detected water vapor in the atmosphere of a planet orbiting a nearby star, a first for a world of its size.',
    source: 'Science Today',
    url: 'https://example.com/science/exoplanet-water-vapor',
    category: 'Science',
  },
  {
    title: 'Study Links Short Daily Walks to Better Sleep',
    summary:
      'Adults who walked for twenty minutes a day fell asleep faster and woke less often, according to a year-long study of 3,000 volunteers.',
    source: 'Health Journal',
    url: 'https://example.com/health/daily-walks-better-sleep',
    category: 'Health',
  },
  {
    title: 'Underdogs Clinch Championship in Overtime Thriller',
    summary:
      'A last-second goal in overtime gave the visiting side its first title in two decades, capping a season few had predicted.',
    source: 'Sports Central',
    url: 'https://example.com/sports/overtime-championship',
    category: 'Sports',
  },
];

/** The built-in placeholder stories, dated 2, 4, ... 12 hours before `now` (newest first). */
export function sampleStories(now: number): Story[] {
  return SAMPLES.map((sample, index) => ({
    id: `${SAMPLE_ID_PREFIX}${index + 1}`,
    ...sample,
    published_at: new Date(now - (index + 1) * 2 * HOUR_MS).toISOString(),
  }));
}
