/**
 * Which file a failed on-demand import names (src/browser/on-demand.ts): the page asks the host
 * for that file before it reloads itself, and only ever asks its own site.
 */
import { describe, expect, it } from 'vitest';
import { failedFile } from '../../src/browser/on-demand.ts';

const page = { href: 'https://news.example.com/?q=harbour', origin: 'https://news.example.com' };
const chunk = 'https://news.example.com/assets/ArchiveSection-Ds559ru0.js';

describe('the file a failed import names', () => {
  it.each([
    ['Chromium', new TypeError(`Failed to fetch dynamically imported module: ${chunk}`)],
    ['Firefox', new TypeError(`error loading dynamically imported module: ${chunk}`)],
  ])('%s: the chunk on this site', (_browser, error) => {
    expect(failedFile(error, page)).toBe(chunk);
  });

  it('a site served over plain http (the preview server on localhost): the chunk there', () => {
    const local = { href: 'http://localhost:4173/?q=harbour', origin: 'http://localhost:4173' };
    const localChunk = 'http://localhost:4173/assets/ArchiveSection-Ds559ru0.js';
    expect(failedFile(new TypeError(`Failed to fetch dynamically imported module: ${localChunk}`), local)).toBe(localChunk);
  });

  it.each([
    ['Safari, which names no file', new TypeError('Importing a module script failed.')],
    ['a file on another site', new TypeError('Failed to fetch dynamically imported module: https://cdn.example.org/assets/x.js')],
    ['a file on a lookalike site', new TypeError('Failed to fetch dynamically imported module: https://news.example.com.evil.example/assets/x.js')],
    ['something thrown that is no error', 'chunk failed'],
  ])('%s: the page itself', (_case, error) => {
    expect(failedFile(error, page)).toBe(page.href);
  });
});
