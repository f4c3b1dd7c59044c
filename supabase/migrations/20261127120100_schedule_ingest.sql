-- Production only: Postgres calls ingest-news every 5 minutes (pg_cron + pg_net), with the function's URL
-- and the ingest secret read from Vault at each call (docs/deploy.md). Where pg_cron, pg_net or Vault is
-- not available (the embedded store, a plain PostgreSQL) this migration does nothing.
do $migration$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net', 'supabase_vault')) < 3 then
    raise notice 'pg_cron, pg_net or supabase_vault is not available: ingest-news is not scheduled in this database';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  create extension if not exists supabase_vault;
  perform cron.schedule(
    'ingest-news',
    '*/5 * * * *',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'ingest_news_url'),
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'ingest_secret')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 30000
      );
    $job$
  );
end
$migration$;
