/**
 * A static snapshot of the home page's first cards, painted before React has loaded
 * (src/feed-boot.ts): the same landmarks, headings and card content as the app's home page,
 * built with DOM calls from validated stories (never from stored HTML). It is a preview to
 * read, not to use: the search box and the card buttons are placeholders, hidden from
 * assistive technology, until the app takes over (docs/product.md#loading-failure-retry-and-fallback).
 *
 * While the snapshot shows, the app renders into `#root` out of sight (`data-behind-snapshot`:
 * laid out but invisible, so outside the accessibility tree); `removeSnapshot` swaps the two
 * in one step, so landmarks and headings are never doubled. Its look comes from styles of its
 * own in index.html's head (src/snapshot/styles.ts, put there by scripts/feed-boot-plugin.ts).
 */
import { PRODUCT_TITLE, TAGLINE } from '../app/config.ts';
import { formatStoryDate, isoDateTime } from '../domain/format.ts';
import { isNewSince } from '../domain/new-since.ts';
import type { Story } from '../domain/story.ts';
import { isHttpUrl } from '../domain/url.ts';

/** Large cards, as the app's Top Stories. */
export const SNAPSHOT_TOP = 3;
/**
 * Compact cards after them: all that a 1280×900 or 1920×1080 window shows above the fold, and
 * as many as the app's first render of a result list (FIRST_CARDS, src/app/StoryArea.tsx), so
 * that the page keeps its length when the app takes over.
 */
export const SNAPSHOT_MORE = 4;
/** Stories a snapshot shows at most. */
export const SNAPSHOT_CARDS = SNAPSHOT_TOP + SNAPSHOT_MORE;
export const SNAPSHOT_ID = 'snapshot';
export const BEHIND_SNAPSHOT = 'data-behind-snapshot';

type Attributes = Record<string, string>;

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string | null, attributes: Attributes = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function card(doc: Document, story: Story, large: boolean, headingId: string, lastVisit: number | null): HTMLLIElement {
  const item = doc.createElement('li');
  const article = element(doc, 'article', large ? 'snap-card snap-large' : 'snap-card', { 'aria-labelledby': headingId, 'data-story-id': story.id });
  if (isHttpUrl(story.image)) {
    const frame = element(doc, 'div', 'snap-image');
    const image = element(doc, 'img', null, { src: story.image, alt: '', loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' });
    dropWhenBroken(image);
    frame.append(image);
    article.append(frame);
  }
  const body = element(doc, 'div', 'snap-body');
  const meta = element(doc, 'div', 'snap-meta');
  meta.append(element(doc, 'span', 'snap-source', { dir: 'auto' }, story.source));
  const dateTime = isoDateTime(story.published_at);
  if (dateTime !== null) meta.append(element(doc, 'time', null, { datetime: dateTime }, formatStoryDate(story.published_at) ?? ''));
  if (isNewSince(story, lastVisit)) meta.append(element(doc, 'span', 'snap-new', {}, 'New'));
  body.append(meta, element(doc, 'h3', null, { id: headingId, dir: 'auto' }, story.title));
  if (story.summary !== '') body.append(element(doc, 'p', 'snap-summary', { dir: 'auto' }, story.summary));
  const footer = element(doc, 'div', 'snap-footer');
  if (isHttpUrl(story.url)) footer.append(element(doc, 'a', 'snap-link', { href: story.url, target: '_blank', rel: 'noopener noreferrer' }, 'Read more'));
  // The bookmark and share buttons' places: they work once the app has loaded.
  const actions = element(doc, 'div', 'snap-actions', { 'aria-hidden': 'true' });
  actions.append(element(doc, 'span', 'snap-action'), element(doc, 'span', 'snap-action'));
  footer.append(actions);
  body.append(footer);
  article.append(body);
  item.append(article);
  return item;
}

/** An image that fails leaves its muted frame rather than the browser's broken-image icon. */
function dropWhenBroken(image: HTMLImageElement): void {
  // Already failed (a snapshot parsed from the page's HTML, adopted after its images started).
  if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) image.remove();
  else image.addEventListener('error', () => image.remove(), { once: true });
}

function section(doc: Document, title: string, stories: readonly Story[], large: boolean, key: string, lastVisit: number | null): HTMLElement {
  const headingId = `snap-${key}`;
  const node = element(doc, 'section', null, { 'aria-labelledby': headingId });
  node.append(element(doc, 'h2', 'snap-heading', { id: headingId }, title));
  const grid = element(doc, 'ul', `snap-grid ${large ? 'snap-grid-top' : 'snap-grid-more'}`, { role: 'list' });
  stories.forEach((story, index) => grid.append(card(doc, story, large, `snap-${key}-${index}`, lastVisit)));
  node.append(grid);
  return node;
}

export interface SnapshotOptions {
  /** The previous visit's time: stories published after it carry "New", as in the app. */
  lastVisit: number | null;
}

/**
 * The snapshot of `stories` (already validated, in the app's order, at least one) as an
 * element of `doc`, not yet in it: `paintSnapshot` puts it in the page, and the prerendered
 * page (prerendered.ts) keeps its HTML.
 */
export function snapshotElement(doc: Document, stories: readonly Story[], { lastVisit }: SnapshotOptions): HTMLElement {
  const page = element(doc, 'div', 'snap', { id: SNAPSHOT_ID });
  const header = element(doc, 'header', 'snap-header');
  const bar = element(doc, 'div', 'snap-layout snap-bar');
  const titles = element(doc, 'div', 'snap-titles');
  titles.append(element(doc, 'h1', 'snap-title', {}, PRODUCT_TITLE), element(doc, 'p', 'snap-tagline', {}, TAGLINE));
  bar.append(element(doc, 'span', 'snap-mark', { 'aria-hidden': 'true' }), titles, element(doc, 'span', 'snap-toggle', { 'aria-hidden': 'true' }));
  header.append(bar);

  const layout = element(doc, 'div', 'snap-layout');
  // The search box and the filter buttons' places.
  const toolbar = element(doc, 'div', 'snap-toolbar', { 'aria-hidden': 'true' });
  const controls = element(doc, 'div', 'snap-controls');
  controls.append(
    element(doc, 'span', 'snap-search', {}, 'Search news stories...'),
    element(doc, 'span', 'snap-button', {}, 'Categories'),
    element(doc, 'span', 'snap-button snap-saved', {}, 'Saved'),
  );
  toolbar.append(controls);
  // Not busy: it shows stories, as the app's story area does with them.
  const main = element(doc, 'main', 'snap-main', { 'aria-busy': 'false' });
  const stack = element(doc, 'div', 'snap-stack');
  stack.append(section(doc, 'Top Stories', stories.slice(0, SNAPSHOT_TOP), true, 'top', lastVisit));
  const more = stories.slice(SNAPSHOT_TOP, SNAPSHOT_CARDS);
  if (more.length > 0) stack.append(section(doc, 'More Stories', more, false, 'more', lastVisit));
  main.append(stack);
  layout.append(toolbar, main);
  page.append(header, layout);
  return page;
}

/**
 * Paints the snapshot of `stories` (already validated, in the app's order) before `#root`
 * and hides `#root` behind it. Does nothing, and returns false, when there are no stories,
 * no `#root` or a snapshot already.
 */
export function paintSnapshot(doc: Document, stories: readonly Story[], options: SnapshotOptions): boolean {
  const root = doc.getElementById('root');
  if (!root || stories.length === 0 || doc.getElementById(SNAPSHOT_ID)) return false;
  const page = snapshotElement(doc, stories, options);
  root.setAttribute(BEHIND_SNAPSHOT, '');
  root.before(page);
  return true;
}

/** Takes over a snapshot that came in the page's HTML (the prerendered page): its images get what `paintSnapshot` gives them. */
export function adoptSnapshot(doc: Document): void {
  const page = doc.getElementById(SNAPSHOT_ID);
  for (const image of Array.from(page?.querySelectorAll('img') ?? [])) dropWhenBroken(image);
}

/** The app shows its own page: the snapshot goes and `#root` shows, in the same task. */
export function removeSnapshot(doc: Document): void {
  doc.getElementById(SNAPSHOT_ID)?.remove();
  doc.getElementById('root')?.removeAttribute(BEHIND_SNAPSHOT);
}
