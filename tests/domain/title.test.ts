/** The document's title (docs/product.md#a-page-for-each-story: it begins with the story's title; a search's, with the query). */
import { describe, expect, it } from 'vitest';
import { documentTitle, PRODUCT_TITLE, TAGLINE } from '../../src/domain/title.ts';

describe("the document's title", () => {
  it("is what the page shows first, then the site's name", () => {
    expect(documentTitle('Mars rover finds water ice')).toBe('Mars rover finds water ice · Newsroom');
    expect(documentTitle('“mars”')).toBe('“mars” · Newsroom');
  });

  it("names the site and its tagline as the header shows them", () => {
    expect([PRODUCT_TITLE, TAGLINE]).toEqual(['Newsroom', 'Stay informed with the latest news']);
  });
});
