// The ingest's fetch stage (refreshSources) as the tests call it: every source fetched and parsed,
// each one's status in file order and all their stories, as the store would receive them.
import { type IngestDeps, refreshSources } from '../../../supabase/functions/_shared/ingest/refresh.ts';
import type { SourceStatus, Story } from '../../../supabase/functions/_shared/story.ts';
import type { Source } from '../../../supabase/functions/_shared/stories/sources-file.ts';

export async function refresh(sources: readonly Source[], deps: IngestDeps): Promise<{ sources: SourceStatus[]; stories: Story[] }> {
  const results = await refreshSources(sources.map((source) => ({ source })), deps);
  return { sources: results.map((result) => result.status), stories: results.flatMap((result) => result.stories) };
}
