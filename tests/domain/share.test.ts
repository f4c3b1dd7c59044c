import { describe, expect, it } from 'vitest';
import { facebookShareUrl, twitterShareUrl } from '../../src/domain/share.ts';

const story = {
  title: `Tom & Jerry's "big" day #1 😀`,
  url: 'https://example.com/a b?x=1&y=2#top',
};

describe('share URLs', () => {
  it('builds the Twitter intent URL with both values encoded', () => {
    expect(twitterShareUrl(story)).toBe(
      'https://twitter.com/intent/tweet?text=Tom%20%26%20Jerry\'s%20%22big%22%20day%20%231%20%F0%9F%98%80' +
        '&url=https%3A%2F%2Fexample.com%2Fa%20b%3Fx%3D1%26y%3D2%23top',
    );
  });

  it('builds the Facebook sharer URL with both values encoded', () => {
    expect(facebookShareUrl(story)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com%2Fa%20b%3Fx%3D1%26y%3D2%23top' +
        '&quote=Tom%20%26%20Jerry\'s%20%22big%22%20day%20%231%20%F0%9F%98%80',
    );
  });

  it('round-trips through URLSearchParams', () => {
    const twitter = new URL(twitterShareUrl(story)).searchParams;
    expect([twitter.get('text'), twitter.get('url')]).toEqual([story.title, story.url]);
    const facebook = new URL(facebookShareUrl(story)).searchParams;
    expect([facebook.get('u'), facebook.get('quote')]).toEqual([story.url, story.title]);
  });
});
