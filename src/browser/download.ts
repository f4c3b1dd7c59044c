// Only "Your reading"'s export downloads a file: apart from browser.ts, it comes with the page's later part.

/** Offers `text` as a download named `name` (a JSON file): an object URL clicked through a link, then revoked. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the URL is no longer needed once it has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
