-- The news store (docs/product.md#the-store): feeds and their fetch state, and the stories kept for 30 days.
-- Only the functions read and write it, with the database role; the page never reaches it.

create table sources (
  url text primary key,
  name text not null unique,
  category text not null,
  -- Order in the sources file: the answer lists sources in this order.
  position integer not null default 0,
  etag text,
  last_modified text,
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  -- A public error code (timeout, http_404, ...), null after a success.
  last_error text,
  -- Stories in the last full fetch (a 304 keeps it).
  last_count integer not null default 0,
  consecutive_failures integer not null default 0,
  -- A new source is due at once.
  next_fetch_at timestamptz not null default '-infinity',
  -- Set while an ingest fetches the source: no other ingest claims it until then.
  claimed_until timestamptz
);

create table stories (
  id text primary key,
  title text not null,
  summary text not null,
  source text not null,
  url text not null,
  -- The URL in canonical form: one story per article across sources.
  canonical_url text not null,
  image text,
  published_at timestamptz not null,
  category text not null,
  first_seen_at timestamptz not null default now(),
  -- Other outlets' reports of the same event, as the grouping computes it; null when none.
  related jsonb,
  -- The story that represents this one's group; the lists show representatives only.
  member_of text,
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B')
  ) stored
);

create index stories_newest on stories (published_at desc, id desc);
create index stories_search on stories using gin (search);
create index stories_canonical_url on stories (canonical_url);

-- Row-level security with no policy: the anonymous and authenticated roles read nothing.
alter table sources enable row level security;
alter table stories enable row level security;
