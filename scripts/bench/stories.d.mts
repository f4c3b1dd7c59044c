import type { Story } from '../../supabase/functions/_shared/story.ts';

export type { Story };

export const CATEGORIES: readonly string[];
export function makeStories(count: number, origin: string): Story[];
/** A 640x360 PNG story image, different per name. */
export function storyImagePng(name: string): Buffer;
export function staticPage(stories: Story[]): string;
