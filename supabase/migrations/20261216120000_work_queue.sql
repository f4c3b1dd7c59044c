-- Scheduled work in bounded calls (docs/deploy.md#scheduled-work): the pushes waiting to be sent, claimed as the
-- sources are (FOR UPDATE SKIP LOCKED, a lease that a dead claimer lets run out); the news not yet handed to them;
-- follow-news's two limits per client address; and how many calls the schedule starts for what is due.

-- One push to one subscription, telling of the groups that gained reports. `visible_at` is when a call may take it:
-- at once when queued, a lease ahead while a call sends it (a call that dies gives it back then), its backoff after a
-- 429, a 5xx or no answer. A push sent, gone (404, 410) or past its day is deleted.
create table push_queue (
  id bigint generated always as identity primary key,
  endpoint text not null references push_subscriptions (endpoint) on delete cascade,
  -- [{ "leaderId", "title", "added" }], the group with most new reports first: what the notification says.
  news jsonb not null,
  -- The news is a day old at most when it reaches a browser (the push's TTL counts from here).
  created_at timestamptz not null,
  visible_at timestamptz not null,
  attempts integer not null default 0
);
create index push_queue_visible on push_queue (visible_at);
create index push_queue_endpoint on push_queue (endpoint);

-- Since when stories were written that the grouping has not seen: the scheduled calls fetch sources without regrouping,
-- and one call regroups once no source is due (or a minute later at the latest).
alter table ingest_state add column grouping_due_since timestamptz;
-- Set by a grouping that may have given followed groups new reports; cleared by the fan-out once every follow has heard.
alter table ingest_state add column news_pending boolean not null default false;
-- A digest of the sources file the sources table follows: an ingest syncs the table only when the file changed.
alter table ingest_state add column sources_digest text;

-- The fan-out walks the followed stories through this index.
create index push_follows_story on push_follows (story_id, known_reports);

-- follow-news's limits per client address (a keyed hash of it, never the address): `calls` in a minute, new
-- `subscriptions` in a day. A window that has ended is deleted by the next ingest.
create table address_windows (
  address_hash text not null,
  kind text not null check (kind in ('calls', 'subscriptions')),
  window_ends_at timestamptz not null,
  count integer not null,
  primary key (address_hash, kind)
);
create index address_windows_ends on address_windows (window_ends_at);
drop table follow_calls;

alter table push_queue enable row level security;
alter table address_windows enable row level security;

-- The work due at `at`, in one place for the schedule and the calls: sources due and not held, pushes due (counted up to
-- 3,000), a grouping due (once no source is due, or a minute after the first story it has not seen), news to fan out,
-- and a run when none started for 5 minutes (fetch-news takes a schedule silent for 15 minutes as broken).
create function work_due(at timestamptz, out sources integer, out pushes integer, out regroup boolean, out news boolean, out run boolean)
language sql stable as $$
  select
    (select count(*) from sources where next_fetch_at <= at and (claimed_until is null or claimed_until <= at))::integer,
    (select count(*) from (select 1 from push_queue where visible_at <= at limit 3000) as due)::integer,
    s.grouping_due_since is not null
      and (s.grouping_due_since <= at - interval '1 minute'
        or not exists (select 1 from sources where next_fetch_at <= at and (claimed_until is null or claimed_until <= at))),
    s.news_pending,
    s.started_at is null or s.started_at <= at - interval '5 minutes'
  from ingest_state s
$$;

-- How many calls of ingest-news that work needs: a call per 5 sources, per 100 pushes (ingest/step.ts's bounds), one for
-- a grouping, news or a run; at most 20 at once. The schedule starts that many every 10 seconds
-- (20261216120100_schedule_work.sql; locally scripts/lib/work-driver.mjs).
create function work_calls_due(at timestamptz) returns integer language sql stable as $$
  select least(20, ceil(sources / 5.0) + ceil(pushes / 100.0) + case when regroup or news or run then 1 else 0 end)::integer from work_due(at)
$$;

-- Only the functions' own role calls them (Supabase's anon and authenticated roles lose theirs in 20261216120100).
revoke execute on function work_due(timestamptz), work_calls_due(timestamptz) from public;
