// Supabase Edge Function entry: `supabase functions deploy follow-news` (docs/deploy.md#notifications).
import { createFollowNews } from '../_shared/http/follow-news.ts';
import { addressSourceFrom, allowLoopbackFrom, clientAddress, connectFromEnv, DEPLOYED_ADDRESS_SOURCE, pushConfigFrom } from '../_shared/http/runtime.ts';

const getEnv = (name: string) => Deno.env.get(name);
// A bad VAPID_*, PUSH_SERVICE_HOSTS or CLIENT_ADDRESS_FROM fails here, at startup, with a message naming it.
const push = pushConfigFrom(getEnv);
// Behind Supabase's gateway the connection is the gateway's: the client is the entry it appended (docs/deploy.md#the-client-address).
const addressSource = addressSourceFrom(getEnv, DEPLOYED_ADDRESS_SOURCE);
const sql = connectFromEnv(getEnv);
if (!sql) throw new Error('follow-news: no database: set DATABASE_URL (Supabase sets SUPABASE_DB_URL)');
const followNews = createFollowNews({
  sql,
  vapid: push?.vapid,
  hosts: push?.hosts ?? [],
  allowLoopback: allowLoopbackFrom(getEnv),
  logError: (error) => console.error('follow-news:', error),
});

Deno.serve((request, info) => followNews(request, clientAddress(request.headers, info.remoteAddr.hostname, addressSource)));
