/** The site's name and tagline, as the header and the document title show them (docs/product.md#screens-and-states). */
export const PRODUCT_TITLE = 'Newsroom';
export const TAGLINE = 'Stay informed with the latest news';
