import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSources } from '../../supabase/functions/fetch-news/lib/app.ts';
import { parseSources, SourcesFileError } from '../../supabase/functions/fetch-news/lib/sources.ts';
import { FUNCTION_DIR } from './helpers/paths.ts';

const REQUIRED_CATEGORIES = ['Business', 'Environment', 'Health', 'Science', 'Sports', 'Technology', 'World'];

describe('the bundled sources.json', () => {
  const sources = parseSources(readFileSync(join(FUNCTION_DIR, 'sources.json'), 'utf8'), 'sources.json');

  it('lists at least 20 https feeds covering every required category', () => {
    expect(sources.length).toBeGreaterThanOrEqual(20);
    expect([...new Set(sources.map((s) => s.category))].sort()).toEqual(expect.arrayContaining(REQUIRED_CATEGORIES));
    for (const source of sources) expect(source.url).toMatch(/^https:\/\//);
    expect(new Set(sources.map((s) => s.url)).size).toBe(sources.length);
  });

  it('is what loadSources uses without NEWS_SOURCES_FILE', async () => {
    const loaded = await loadSources({ getEnv: () => undefined, readTextFile: () => Promise.reject(new Error('unused')) });
    expect(loaded).toEqual(sources);
  });
});

describe('parseSources', () => {
  const valid = [{ name: 'A', url: 'http://127.0.0.1:9/a.xml', category: 'World' }];

  it('accepts a valid file', () => {
    expect(parseSources(JSON.stringify(valid), 'f.json')).toEqual(valid);
  });

  it.each([
    ['not json', /f\.json: not valid JSON/],
    ['{}', /f\.json: expected a non-empty JSON array/],
    ['[]', /non-empty JSON array/],
    ['[1]', /entry 0 is not an object/],
    ['[{"name":"A","url":"http://x/","category":""}]', /entry 0: "category" must be a non-empty string/],
    ['[{"name":"A","url":"/relative","category":"W"}]', /entry 0: "url" is not an absolute URL/],
    ['[{"name":"A","url":"ftp://x/f","category":"W"}]', /must be http or https/],
    ['[{"name":"A","url":"http://x/1","category":"W"},{"name":"A","url":"http://x/2","category":"W"}]', /entry 1: duplicate name "A"/],
  ])('rejects %j with a clear message', (text, message) => {
    expect(() => parseSources(text, 'f.json')).toThrow(SourcesFileError);
    expect(() => parseSources(text, 'f.json')).toThrow(message);
  });

  it('reads NEWS_SOURCES_FILE and reports an unreadable one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sources-'));
    const file = join(dir, 'sources.json');
    writeFileSync(file, JSON.stringify(valid));
    const runtime = (name: string) => ({ getEnv: (key: string) => (key === 'NEWS_SOURCES_FILE' ? name : undefined), readTextFile: (path: string) => readFile(path, 'utf8') });
    await expect(loadSources(runtime(file))).resolves.toEqual(valid);
    await expect(loadSources(runtime(join(dir, 'missing.json')))).rejects.toThrow(/NEWS_SOURCES_FILE=.*missing\.json: cannot be read/);
  });
});
