// Migration 5 (issue 37.3): feeds become the team's. A feed's settings (`feed`), its record of the
// ads it made (`feed-items`) and its run reports (`feed-run`) are shared items like templates; the
// access keys and passwords stay in each desk's keychain. What a role may write of them is enforced
// here, and one table of leases lets one desk at a time run a feed. Kept beside the others' file
// (migrations.ts lists it), as released migrations are never edited.

export const feedsMigration = {
  version: 5,
  name: 'feeds shared by the team: who may change, run and approve them, one runner at a time',
  sql: `
-- What a run writes into a feed's item (it is no setting): the first run's yes, the header and
-- mapping it applied (a mapping only along with a new header), when it ran, the variants applied.
create function listing_desk.feed_settings_changed(old_body jsonb, new_body jsonb) returns boolean
language sql immutable as $$
  select (old_body - array['approved', 'header', 'mapping', 'lastRunAt', 'variantsApplied'])
           is distinct from (new_body - array['approved', 'header', 'mapping', 'lastRunAt', 'variantsApplied'])
      or ((old_body -> 'mapping') is distinct from (new_body -> 'mapping')
          and (old_body -> 'header') is not distinct from (new_body -> 'header'))
$$;

-- The grade owner's work needs: owner once the team names an owner desk; until then (a team
-- upgraded from before roles) publish, as for the accounts (migration 4).
create function listing_desk.owner_grade() returns text language sql stable as $$
  select case when listing_desk.owner_named() then 'owner' else 'publish' end
$$;

-- Feeds: a prepare desk writes none of them; a publish desk writes the records and reports of runs
-- and what a run writes into a feed; adding, changing or removing a feed and approving a run the
-- safety valve held are the owner's.
create function listing_desk.feed_graded() returns trigger language plpgsql as $$
declare
  kind text := new.kind;
begin
  if tg_op = 'UPDATE' and old.kind <> new.kind then
    kind := case when 'feed' in (old.kind, new.kind) then 'feed' else old.kind end;
  end if;
  if kind not in ('feed', 'feed-items', 'feed-run') then
    return new;
  end if;
  if tg_table_name = 'changes' then
    -- The change feed is written by the items' trigger; a change written there alone is the owner's.
    if pg_trigger_depth() = 1 then
      perform listing_desk.assert_grade(listing_desk.owner_grade(), 'write-feeds');
    end if;
    return new;
  end if;
  perform listing_desk.assert_grade('publish', 'run-feeds');
  if kind = 'feed' and (
       tg_op = 'INSERT' or old.deleted or new.deleted
       or listing_desk.feed_settings_changed(old.body, new.body)) then
    perform listing_desk.assert_grade(listing_desk.owner_grade(), 'write-feeds');
  elsif kind = 'feed-run' and
       (case when tg_op = 'INSERT' then null else old.body -> 'approval' end)
         is distinct from (new.body -> 'approval') then
    perform listing_desk.assert_grade(listing_desk.owner_grade(), 'approve-held');
  end if;
  return new;
end $$;
create trigger feed_graded before insert or update on listing_desk.items
  for each row execute function listing_desk.feed_graded();
create trigger feed_graded before insert on listing_desk.changes
  for each row execute function listing_desk.feed_graded();

-- Who runs a feed now: a lease renewed while the run goes on, and a fence each claim moves on, so a
-- desk whose lease ran out (it died, or lost its link) learns at its next renewal that it is out.
create table listing_desk.feed_leases (
  feed_id text primary key,
  desk uuid not null references listing_desk.desks(id),
  fence bigint not null default 1,
  lease_until timestamptz,
  claimed_at timestamptz not null default now()
);

create function listing_desk.feed_lease_written() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_desk(new.desk);
  perform listing_desk.assert_grade('publish', 'run-feeds');
  return new;
end $$;
create trigger feed_lease_written before insert or update on listing_desk.feed_leases
  for each row execute function listing_desk.feed_lease_written();
`,
};
