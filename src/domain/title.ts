/** The site's name and tagline, as the header and the document title show them (docs/product.md#screens-and-states). */
export const PRODUCT_TITLE = 'Newsroom';
export const TAGLINE = 'Stay informed with the latest news';

/** A page's document title: what it shows first (a search, a story's title), then the site's name. */
export const documentTitle = (shown: string): string => `${shown} · ${PRODUCT_TITLE}`;
