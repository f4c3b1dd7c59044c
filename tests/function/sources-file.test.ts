import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSources } from '../../supabase/functions/_shared/http/runtime.ts';
import { parseSources, SourcesFileError } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { FUNCTION_DIR } from './helpers/paths.ts';

const REQUIRED_CATEGORIES = ['Business', 'Environment', 'Health', 'Science', 'Sports', 'Technology', 'World'];

describe('the bundled sources.json', () => {
  const sources = parseSources(readFileSync(join(FUNCTION_DIR, '../_shared/sources.json'), 'utf8'), 'sources.json');

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

describe('validateSources: what each entry may hold', () => {
  it('trims names, URLs and categories, and writes the URL in its normal form', () => {
    const text = JSON.stringify([{ name: '  A  ', url: ' HTTPS://News.Example:443/Feed.xml ', category: '\tWorld\n' }]);
    expect(parseSources(text, 'f.json')).toEqual([{ name: 'A', url: 'https://news.example/Feed.xml', category: 'World' }]);
  });

  it.each([
    ['[null]', /^f\.json: entry 0 is not an object$/],
    ['[[]]', /^f\.json: entry 0 is not an object$/],
    ['[{"url":"http://x/","category":"W"}]', /^f\.json: entry 0: "name" must be a non-empty string$/],
    ['[{"name":"   ","url":"http://x/","category":"W"}]', /^f\.json: entry 0: "name" must be a non-empty string$/],
    ['[{"name":"A","url":7,"category":"W"}]', /^f\.json: entry 0: "url" must be a non-empty string$/],
    ['[{"name":"A","url":"http://x/"}]', /^f\.json: entry 0: "category" must be a non-empty string$/],
    ['[{"name":"A","url":"nowhere","category":"W"}]', /^f\.json: entry 0: "url" is not an absolute URL: nowhere$/],
    ['[{"name":"A","url":"javascript:alert(1)","category":"W"}]', /^f\.json: entry 0: "url" must be http or https: javascript:alert\(1\)$/],
    ['[{"name":"A","url":"http://x/1","category":"W"},{"name":" A ","url":"http://x/2","category":"W"}]', /^f\.json: entry 1: duplicate name "A"$/],
    ['[{"name":"A","url":"http://x/1","category":"W"},{"name":"B","url":"HTTP://X/1","category":"W"}]', /^f\.json: entry 1: duplicate url http:\/\/x\/1$/],
    ['"sources"', /^f\.json: expected a non-empty JSON array of \{ "name", "url", "category" \}$/],
  ])('rejects %s, naming the file, the entry and the field', (text, message) => {
    expect(() => parseSources(text, 'f.json')).toThrow(message);
  });

  it('says why the JSON is invalid, and names the error', () => {
    let caught: unknown;
    try {
      parseSources('[{"name": "A",', 'f.json');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SourcesFileError);
    expect((caught as SourcesFileError).name).toBe('SourcesFileError');
    expect((caught as SourcesFileError).message).toMatch(/^f\.json: not valid JSON \(.+\)$/);
  });

  it('accepts http and https, and several sources with different names', () => {
    const sources = [
      { name: 'A', url: 'http://a.example/feed', category: 'World' },
      { name: 'B', url: 'https://b.example/feed', category: 'World' },
    ];
    expect(parseSources(JSON.stringify(sources), 'f.json')).toEqual(sources);
  });
});

describe('loadSources: NEWS_SOURCES_FILE', () => {
  const runtime = (value: string | undefined, files: Readonly<Record<string, string>>) => ({
    getEnv: (key: string) => (key === 'NEWS_SOURCES_FILE' ? value : undefined),
    readTextFile: async (path: string) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT ${path}`);
      return text;
    },
  });
  const bundled = () => loadSources(runtime(undefined, {}));

  it('uses the bundled file when the variable is empty or blank', async () => {
    const expected = await bundled();
    await expect(loadSources(runtime('', {}))).resolves.toEqual(expected);
    await expect(loadSources(runtime('   ', {}))).resolves.toEqual(expected);
  });

  it('reads the file named, without the spaces around the name', async () => {
    const text = JSON.stringify([{ name: 'Local', url: 'http://127.0.0.1:9/feed.xml', category: 'World' }]);
    await expect(loadSources(runtime(' /srv/sources.json ', { '/srv/sources.json': text }))).resolves.toEqual([
      { name: 'Local', url: 'http://127.0.0.1:9/feed.xml', category: 'World' },
    ]);
  });

  it('names the file in the errors of its content, and says why it cannot be read', async () => {
    await expect(loadSources(runtime('/srv/bad.json', { '/srv/bad.json': '[]' }))).rejects.toThrow(/^\/srv\/bad\.json: expected a non-empty JSON array/);
    await expect(loadSources(runtime('/srv/none.json', {}))).rejects.toThrow('NEWS_SOURCES_FILE=/srv/none.json: cannot be read (ENOENT /srv/none.json)');
    const odd = { getEnv: () => '/srv/odd.json', readTextFile: () => Promise.reject('permission denied') };
    await expect(loadSources(odd)).rejects.toThrow('NEWS_SOURCES_FILE=/srv/odd.json: cannot be read (permission denied)');
    await expect(loadSources(odd)).rejects.toBeInstanceOf(SourcesFileError);
  });
});
