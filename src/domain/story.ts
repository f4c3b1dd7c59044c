/** The Story (and answer) contract is the function's, defined once (docs/product.md#the-story-and-its-validation). */
export type { RelatedLink, Story } from '../../supabase/functions/_shared/story.ts';

/** At most this many related entries are kept per story. */
export const MAX_RELATED = 10;

export const DEFAULT_CATEGORY = 'General';
