-- Grouping per step (docs/product.md#several-sources-one-story, docs/grouping.md): each story keeps its title's terms
-- (stories/group.ts titleTerms), written when the story is placed in a group. The stories a step wrote (terms still
-- null) are placed by the next grouping call (work_due's regroup) against the open groups of the 48 hours around them,
-- found through the terms' index; a placed story never changes group.
alter table stories add column terms text[];
create index stories_terms on stories using gin (terms);
-- The stories written and not placed yet, earliest first.
create index stories_unplaced on stories (published_at, id) where terms is null;

-- A full regroup asked for (after a change of rule, `npm run regroup`): the next grouping call places every story of
-- the last 48 hours again, as one batch.
alter table ingest_state add column regroup_all boolean not null default false;
create function request_regroup(at timestamptz) returns void language sql as $$
  update ingest_state set regroup_all = true, grouping_due_since = coalesce(grouping_due_since, at)
$$;
revoke execute on function request_regroup(timestamptz) from public;
do $migration$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') and exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke execute on function request_regroup(timestamptz) from anon, authenticated;
  end if;
end
$migration$;

-- Stories stored before this migration count as placed, with no terms; one full regroup gives those of the last 48
-- hours their terms and their groups by the new rule.
update stories set terms = '{}';
select request_regroup(now()) where exists (select 1 from stories);
