/** The words of following in the first render, as docs/product.md#following-a-story gives them (the later part's: later/texts.ts, kept apart so they stay out of the first render's bundle). */

/** "{N} stories you follow have new reports" ("1 story you follow has new reports"). */
export function returnNoticeText(count: number): string {
  return count === 1 ? '1 story you follow has new reports' : `${count} stories you follow have new reports`;
}
