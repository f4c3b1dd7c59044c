// Supabase Edge Function entry: `supabase functions deploy follow-news` (docs/deploy.md#notifications).
import { createFollowNews } from '../_shared/http/follow-news.ts';
import { allowLoopbackFrom, clientAddress, connectFromEnv, pushConfigFrom } from '../_shared/http/runtime.ts';

const getEnv = (name: string) => Deno.env.get(name);
// A bad VAPID_* or PUSH_SERVICE_HOSTS fails here, at startup, with a message naming it.
const push = pushConfigFrom(getEnv);
const sql = connectFromEnv(getEnv);
if (!sql) throw new Error('follow-news: no database: set DATABASE_URL (Supabase sets SUPABASE_DB_URL)');
const followNews = createFollowNews({
  sql,
  vapid: push?.vapid,
  hosts: push?.hosts ?? [],
  allowLoopback: allowLoopbackFrom(getEnv),
  logError: (error) => console.error('follow-news:', error),
});

// Behind Supabase's gateway the connection is the gateway's: the client is the first X-Forwarded-For entry.
Deno.serve((request, info) => followNews(request, clientAddress(request.headers.get('x-forwarded-for'), info.remoteAddr.hostname)));
