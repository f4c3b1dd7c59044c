/** The system share sheet, where the browser has one (docs/product.md#bookmarks-sharing-and-copying). */

export function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Hands the title and url to the share sheet; a cancelled or refused share shows nothing. */
export async function shareNatively(data: { title: string; url: string }): Promise<void> {
  try {
    await navigator.share({ title: data.title, url: data.url });
  } catch {
    // AbortError when the visitor closes the sheet, NotAllowedError without a user gesture:
    // neither is news to the visitor.
  }
}
