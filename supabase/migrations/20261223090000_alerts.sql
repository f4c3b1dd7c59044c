-- Alerts for words (docs/product.md#alerts-for-words): the words a browser asked to hear of, stored with its push
-- subscription; each new story's words, so that the store finds the alerts it matches through an index; and what the
-- daily cap of alert pushes per subscription counts. Words are normalised by the functions' code, defined once
-- (supabase/functions/_shared/alerts.ts: case and accents folded, whole words), never by SQL of its own.

-- A browser's alerts (at most 10), replaced whole on each POST and deleted with the subscription (at once on DELETE,
-- a 404 or 410, or 30 days after the page last sent it).
create table push_alerts (
  endpoint text not null references push_subscriptions (endpoint) on delete cascade,
  -- The alert's terms one space apart: two alerts with the same terms are one.
  key text not null,
  -- As the visitor wrote them: the notification's title says them.
  words text not null,
  -- The alert's distinct words, normalised: it matches a story whose words hold every one (`terms <@ words`).
  terms text[] not null check (cardinality(terms) between 1 and 5),
  -- A story first stored before this never notifies of this alert.
  created_at timestamptz not null,
  primary key (endpoint, key)
);
-- The stories' words probe this index: the alerts whose every term is among them, never every alert.
create index push_alerts_terms on push_alerts using gin (terms);

-- A story's distinct words of title and summary, normalised; null for stories stored before alerts existed (they were
-- first stored before any alert, so they never notify).
alter table stories add column words text[];
-- Set when a story is first stored, cleared once its matches are queued: the alerts' part of the scheduled work.
alter table stories add column alerts_due boolean not null default false;
create index stories_alerts_due on stories (first_seen_at, id) where alerts_due;

-- The daily cap (20 alert pushes a UTC day per subscription): the day counted and the pushes queued on it.
alter table push_subscriptions add column alert_day date;
alter table push_subscriptions add column alert_pushes integer not null default 0;

-- Row-level security with no policy: the anonymous and authenticated roles read and write nothing.
alter table push_alerts enable row level security;

-- The matching is news for the queue: a call matches this many due stories against every alert in one statement.
alter table work_policy add column alert_stories integer not null default 5 check (alert_stories >= 1);

-- work_due's `news` is now also a story waiting for the alerts' matching (its shape is unchanged).
create or replace function work_due(at timestamptz, out sources integer, out held integer, out pushes integer, out regroup boolean, out news boolean, out run boolean)
language sql stable as $$
  select
    (select count(*) from sources x where source_due(x, at))::integer,
    (select count(*) from sources x where source_held(x, at))::integer,
    (select count(*) from (select 1 from push_queue q where push_due(q, at) limit (select calls_per_tick * pushes_per_call from work_policy)) as due)::integer,
    s.grouping_due_since is not null
      and (s.grouping_due_since <= at - p.grouping_wait or not exists (select 1 from sources x where source_due(x, at))),
    s.news_pending or exists (select 1 from stories where alerts_due),
    s.started_at is null or s.started_at <= at - p.run_every
  from ingest_state s, work_policy p
$$;
