-- The scheduled work's policy in one place (docs/deploy.md#scheduled-work): its batch sizes, its leases, the calls a
-- tick starts and what is due. Every SQL place below reads it, and so do the calls (supabase/functions/_shared/work/)
-- and the local driver (scripts/lib/work-driver.mjs); tests/store/work.test.ts holds both sides to it. An operator
-- changes the work with one `update work_policy set ...`, no deploy.

create table work_policy (
  -- One row, always.
  id boolean primary key default true check (id),
  -- Sources a call claims: with the runtime's start, a call's CPU stays under 1 s
  -- (docs/performance-function.md#at-scale-100-sources-100000-subscriptions-the-platforms-limits).
  sources_per_call integer not null check (sources_per_call between 1 and 100),
  -- The CPU the parses of a call's sources may take together; once spent, the rest are `too_slow`.
  call_parse_budget interval not null check (call_parse_budget > interval '0'),
  -- Pushes a call sends at most: about 2.5 ms of CPU each in a fresh process, web-push's encryption most of it.
  pushes_per_call integer not null check (pushes_per_call >= 1),
  -- Pushes a call claims at once and has in flight together.
  push_batch integer not null check (push_batch >= 1),
  -- Follows the fan-out takes in one statement.
  fan_out_rows integer not null check (fan_out_rows >= 1),
  -- A call takes no more work after this long: with a batch's own timeouts (8 s, 10 s) it answers within 60 s.
  call_work interval not null check (call_work > interval '0'),
  -- Calls the schedule starts at most in a tick: the platform's concurrency.
  calls_per_tick integer not null check (calls_per_tick >= 1),
  -- A claim (a source, a batch of pushes) is held this long: a call answers well within it, and what a call that died
  -- held comes back then.
  claim_lease interval not null check (claim_lease > interval '0'),
  -- Stories the grouping has not seen wait for the sources due, this long at most.
  grouping_wait interval not null,
  -- A run is due when none started for this long, even with every source backing off (fetch-news takes a schedule
  -- silent for 15 minutes as broken, and lets caches keep an answer until the next run is due).
  run_every interval not null check (run_every > interval '0')
);
insert into work_policy (sources_per_call, call_parse_budget, pushes_per_call, push_batch, fan_out_rows, call_work, calls_per_tick, claim_lease, grouping_wait, run_every)
values (5, interval '250 milliseconds', 100, 25, 2000, interval '30 seconds', 20, interval '2 minutes', interval '1 minute', interval '5 minutes');
alter table work_policy enable row level security;

-- A source is held while a call's claim on it lasts, and due once its time has come and no call holds it.
create function source_held(s sources, at timestamptz) returns boolean language sql stable as $$
  select s.claimed_until is not null and s.claimed_until > at
$$;
create function source_due(s sources, at timestamptz) returns boolean language sql stable as $$
  select s.next_fetch_at <= at and not source_held(s, at)
$$;
-- A push is due once it is queued, its claim's lease has run out or its backoff has passed.
create function push_due(q push_queue, at timestamptz) returns boolean language sql stable as $$
  select q.visible_at <= at
$$;

-- work_due gains the sources held (a round waits for them); its answer's shape changes, so it is made again, and
-- work_calls_due with it.
drop function work_calls_due(timestamptz);
drop function work_due(timestamptz);

-- The work due at `at`, for the schedule and the calls: sources due, sources held by a call, pushes due (counted up to
-- what a tick's calls can take), a grouping due (once no source is due, or grouping_wait after the first story it has
-- not seen), news to fan out, and a run when none started for run_every.
create function work_due(at timestamptz, out sources integer, out held integer, out pushes integer, out regroup boolean, out news boolean, out run boolean)
language sql stable as $$
  select
    (select count(*) from sources x where source_due(x, at))::integer,
    (select count(*) from sources x where source_held(x, at))::integer,
    (select count(*) from (select 1 from push_queue q where push_due(q, at) limit (select calls_per_tick * pushes_per_call from work_policy)) as due)::integer,
    s.grouping_due_since is not null
      and (s.grouping_due_since <= at - p.grouping_wait or not exists (select 1 from sources x where source_due(x, at))),
    s.news_pending,
    s.started_at is null or s.started_at <= at - p.run_every
  from ingest_state s, work_policy p
$$;

-- How many calls of ingest-news that work needs: a call per sources_per_call sources and per pushes_per_call pushes,
-- one for a grouping, news or a run; at most calls_per_tick. The schedule starts that many every 10 seconds
-- (20261216120100_schedule_work.sql; locally scripts/lib/work-driver.mjs).
create function work_calls_due(at timestamptz) returns integer language sql stable as $$
  select least(
    p.calls_per_tick,
    ceil(d.sources::numeric / p.sources_per_call) + ceil(d.pushes::numeric / p.pushes_per_call) + case when d.regroup or d.news or d.run then 1 else 0 end
  )::integer
  from work_due(at) d, work_policy p
$$;

-- Only the functions' own role calls them: not PUBLIC, nor Supabase's API roles where they exist (PostgREST would offer
-- them as /rpc/ to anyone holding the anon key).
revoke execute on function work_due(timestamptz), work_calls_due(timestamptz), source_held(sources, timestamptz), source_due(sources, timestamptz), push_due(push_queue, timestamptz) from public;
do $migration$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') and exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke execute on function work_due(timestamptz), work_calls_due(timestamptz), source_held(sources, timestamptz), source_due(sources, timestamptz), push_due(push_queue, timestamptz) from anon, authenticated;
  end if;
end
$migration$;
