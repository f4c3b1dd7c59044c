export interface Story {
  id: string;
  title: string;
  summary: string;
  source: string;
  url: string;
  image?: string;
  published_at: string;
  category: string;
}

export const CATEGORIES: readonly string[];
export function makeStories(count: number, origin: string): Story[];
/** A 640x360 PNG story image, different per name. */
export function storyImagePng(name: string): Buffer;
export function staticPage(stories: Story[]): string;
