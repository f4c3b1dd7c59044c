import { readFileSync } from 'node:fs';
import { parseFeedBytes } from '../../../supabase/functions/_shared/parse/parse-feed.ts';

/** Parses feed files with the function's library; failures become { error }. Runs on Node and Deno. */
export function parseFiles(files: readonly string[]): unknown[] {
  return files.map((file) => {
    try {
      return parseFeedBytes(readFileSync(file), null, 'https://feeds.example/feed.xml');
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
}
