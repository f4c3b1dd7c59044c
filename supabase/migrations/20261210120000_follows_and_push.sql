-- Following a story (docs/product.md#follow-news): a followed story is answered by the report that
-- now leads its group, found through member_of; and the browsers that asked to hear of new reports.

-- A group's members by their representative: the follow answer and the push check count them in one probe.
create index stories_member_of on stories (member_of) where member_of is not null;

-- One row per browser that turned notifications on: its push endpoint and the keys its payloads are
-- encrypted with (RFC 8291). Forgotten 30 days after the page last sent it, or at once when asked.
create table push_subscriptions (
  endpoint text primary key,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null
);
create index push_subscriptions_last_seen on push_subscriptions (last_seen_at);

-- The stories a subscription follows, each with the number of reports its group had when the browser
-- last heard of it: a group with more reports after an ingest is news for that browser.
create table push_follows (
  endpoint text not null references push_subscriptions (endpoint) on delete cascade,
  story_id text not null,
  known_reports integer not null,
  primary key (endpoint, story_id)
);

-- Calls to follow-news per client address (an HMAC-SHA-256 of it, never the address) in the current window:
-- the limit holds across every instance of the function. Rows of past windows are deleted by the ingest.
create table follow_calls (
  address_hash text primary key,
  window_started_at timestamptz not null,
  calls integer not null
);

-- Row-level security with no policy: the anonymous and authenticated roles read and write nothing.
alter table push_subscriptions enable row level security;
alter table push_follows enable row level security;
alter table follow_calls enable row level security;
