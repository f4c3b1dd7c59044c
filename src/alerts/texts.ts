/** The words of alerts, as docs/product.md#alerts-for-words gives them; the refusals' are the contract's (src/domain/alerts.ts). */

export const NOTIFY_MATCHES = 'Notify me of matches';
export const ALERTS_EMPTY = 'Add words to hear of new stories about them';
