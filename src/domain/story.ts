/** The Story (and answer) contract is the function's, defined once with its limits (docs/product.md#the-story-and-its-validation). */
export { MAX_IDS, MAX_RELATED, MAX_STORIES, type RelatedLink, type Story } from '../../supabase/functions/_shared/story.ts';

export const DEFAULT_CATEGORY = 'General';
