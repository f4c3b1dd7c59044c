import type { Story } from '../../src/domain/story.ts';

export function makeStory(overrides: Partial<Story> = {}): Story {
  return {
    id: 'story-1',
    title: 'Quantum chip breaks efficiency record',
    summary: 'Researchers report a new processor design that uses a fraction of the energy.',
    source: 'Tech Daily',
    url: 'https://example.com/quantum-chip',
    image: 'https://images.example.com/quantum.jpg',
    published_at: '2025-11-21T15:05:00.000Z',
    category: 'Technology',
    ...overrides,
  };
}
