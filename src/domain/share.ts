import type { Story } from './story.ts';

type Shareable = Pick<Story, 'title' | 'url'>;

/** Where a story can be shared from its menu: the system share sheet (`native`) only where there is one. */
export type ShareTarget = 'twitter' | 'facebook' | 'copy' | 'native';

export function twitterShareUrl(story: Shareable): string {
  return `https://twitter.com/intent/tweet?text=${encodeURIComponent(story.title)}&url=${encodeURIComponent(story.url)}`;
}

export function facebookShareUrl(story: Shareable): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(story.url)}&quote=${encodeURIComponent(story.title)}`;
}
