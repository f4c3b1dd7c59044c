-- The store keeps its word (docs/product.md#the-store, #the-ingest): one generation for the whole store,
-- one story per article, and a marker for what the retention deleted so that it does not come back.

-- One row: bumped by every ingest step that writes (its start, a source's stories and status, the grouping,
-- a deletion, its end), so fetch-news knows from one tiny query whether its answers in memory still hold.
create table ingest_state (
  only_row boolean primary key default true check (only_row),
  generation bigint not null default 0,
  started_at timestamptz,
  finished_at timestamptz,
  -- ok, partial (some sources failed), idle (none was due), failed (the ingest stopped on an error).
  outcome text
);
insert into ingest_state default values;

-- Stories removed by the retention while a feed may still list them: an id here is not stored again.
create table story_tombstones (
  id text primary key,
  -- The last time a feed listed it (or it was deleted); forgotten once a feed has not listed it for 30 days.
  seen_at timestamptz not null
);

-- A feed's RSS <ttl> from its last full fetch, in seconds: honoured after a 304 too.
alter table sources add column ttl_seconds integer;

-- One story per article, even from two ingests at once: keep the first stored of any twins, then make it a rule.
delete from stories s using stories t
where s.canonical_url = t.canonical_url and (s.first_seen_at, s.id) > (t.first_seen_at, t.id);
drop index stories_canonical_url;
create unique index stories_canonical_url on stories (canonical_url);

alter table ingest_state enable row level security;
alter table story_tombstones enable row level security;
