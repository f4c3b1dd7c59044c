-- Production only: every 10 seconds Postgres starts as many calls of ingest-news as the due work needs
-- (work_calls_due, none when nothing is due), each a bounded step, as Supabase's automatic-embeddings guide drives its
-- queue; it replaces the one long call every 5 minutes. The function's URL and the ingest secret are read from Vault at
-- each tick (docs/deploy.md). pg_net's timeout is well past a call's own bound (60 s), so it never cuts one short.
-- Where pg_cron, pg_net or Vault is not available (the embedded store, a plain PostgreSQL) this migration does nothing.
do $migration$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net', 'supabase_vault')) < 3 then
    raise notice 'pg_cron, pg_net or supabase_vault is not available: the work is not scheduled in this database';
    return;
  end if;
  create or replace function start_work_calls() returns integer language plpgsql as $function$
  declare
    calls integer := work_calls_due(now());
  begin
    for n in 1..calls loop
      perform net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'ingest_news_url'),
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'ingest_secret')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 120000
      );
    end loop;
    return calls;
  end
  $function$;
  -- Not for the API's roles (PostgREST would offer them as /rpc/ to anyone holding the anon key).
  revoke execute on function start_work_calls(), work_due(timestamptz), work_calls_due(timestamptz) from public, anon, authenticated;
  -- The same job name: pg_cron replaces the 5-minute schedule of 20261127120100_schedule_ingest.sql.
  perform cron.schedule('ingest-news', '10 seconds', 'select start_work_calls()');
  -- A run every 10 seconds is 8,640 rows a day in cron's own log: keep two days of it.
  perform cron.schedule('cron-log-retention', '17 3 * * *', $job$delete from cron.job_run_details where end_time < now() - interval '2 days'$job$);
end
$migration$;
