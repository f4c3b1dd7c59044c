/** Where fetch-news is and the key it takes: build-time configuration (docs/product.md#configuration-and-commands). */
export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321';

/** The public anon key. The default only works against the local function, which checks no key. */
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY || 'local-development-anon-key';
