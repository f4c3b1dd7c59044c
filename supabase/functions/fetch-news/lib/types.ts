/** One entry of the sources file. */
export interface Source {
  readonly name: string;
  readonly url: string;
  readonly category: string;
}

export type { NewsAnswer, RelatedLink, SourceStatus, Story } from '../../_shared/story.ts';
