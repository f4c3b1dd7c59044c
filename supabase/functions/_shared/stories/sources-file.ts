/** The sources file (the bundled sources.json, or NEWS_SOURCES_FILE): its entries, parsed and validated. */

/** One entry of the sources file. */
export interface Source {
  readonly name: string;
  readonly url: string;
  readonly category: string;
}

export class SourcesFileError extends Error {
  override readonly name = 'SourcesFileError';
}

/** Parses and validates the text of a sources file. */
export function parseSources(text: string, fileName: string): Source[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SourcesFileError(`${fileName}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return validateSources(data, fileName);
}

/**
 * A sources file is a non-empty JSON array of { name, url, category } with
 * http(s) URLs, unique names and unique URLs. Throws SourcesFileError naming the file and entry.
 */
export function validateSources(data: unknown, fileName: string): Source[] {
  if (!Array.isArray(data) || data.length === 0) {
    throw new SourcesFileError(`${fileName}: expected a non-empty JSON array of { "name", "url", "category" }`);
  }
  const names = new Set<string>();
  const urls = new Set<string>();
  return data.map((entry: unknown, index) => {
    const where = `${fileName}: entry ${index}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new SourcesFileError(`${where} is not an object`);
    }
    const record = entry as Record<string, unknown>;
    const field = (key: string): string => {
      const value = record[key];
      if (typeof value !== 'string' || value.trim() === '') {
        throw new SourcesFileError(`${where}: "${key}" must be a non-empty string`);
      }
      return value.trim();
    };
    const name = field('name');
    const url = field('url');
    const category = field('category');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new SourcesFileError(`${where}: "url" is not an absolute URL: ${url}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new SourcesFileError(`${where}: "url" must be http or https: ${url}`);
    }
    if (names.has(name)) throw new SourcesFileError(`${where}: duplicate name "${name}"`);
    // The store keeps one row per feed URL.
    if (urls.has(parsed.href)) throw new SourcesFileError(`${where}: duplicate url ${parsed.href}`);
    names.add(name);
    urls.add(parsed.href);
    return { name, url: parsed.href, category };
  });
}
