// The shop database's schema as numbered migrations (DESIGN.md "One shop, many desktops"). A
// migration is never edited once released: a change is a new number. Everything lives in the
// schema `listing_desk`, so a desk's role needs to reach nothing else (issue 24.7).
//
// The shared state is rows of `items` (a kind, an id, a version for compare-and-set, the body as
// JSON). Every write of an item also appends to `changes`, the change feed, under one transaction
// lock held to commit: so the feed's `seq` order is the commit order, and a desk that reads
// `seq > cursor` never skips a change a slower transaction commits later. NOTIFY only says "read now".

import { activityMigration } from './migration-activity';
import { approvalKindsMigration } from './migration-approval-kinds';
import { approvalsMigration } from './migration-approvals';
import { rolesMigration } from './migration-roles';
import { feedsMigration } from './migration-feeds';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const SHOP_SCHEMA = 'listing_desk';

/** The advisory lock key that serializes migrations (any number; the same on every desk). */
export const MIGRATION_LOCK = 7_024_001;
/** The advisory lock key held by each writer of the change feed until it commits. */
export const FEED_LOCK = 7_024_002;
/** The NOTIFY channel that says "the change feed has grown". */
export const FEED_CHANNEL = 'listing_desk_changes';
/** The NOTIFY channel that names an account whose shared listings moved (issue 24.6). */
export const LISTINGS_CHANNEL = 'listing_desk_listings';
/** The NOTIFY channel that says "a job of the shop's queue changed hands or state". */
export const JOBS_CHANNEL = 'listing_desk_jobs';
/** The NOTIFY channel that tells of a rate limit a desk met on an account (issue 36.2). */
export const PACE_CHANNEL = 'listing_desk_pace';

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'shop, desks, items and their change feed, photos, jobs with fenced steps, listings',
    sql: `
create table listing_desk.shop (
  id uuid primary key,
  created_at timestamptz not null default now()
);

create table listing_desk.desks (
  id uuid primary key,
  name text not null,
  joined_at timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  left_at timestamptz
);

-- Refuses a write by a desk that is unknown or has left (issue 24.7).
create function listing_desk.assert_desk(desk uuid) returns void language plpgsql as $$
begin
  if not exists (select 1 from listing_desk.desks d where d.id = desk and d.left_at is null) then
    raise exception 'desk % is not a member of this shop', desk using errcode = 'LD001';
  end if;
end $$;

create table listing_desk.items (
  kind text not null,
  id text not null,
  version bigint not null,
  body jsonb,
  deleted boolean not null default false,
  desk uuid not null references listing_desk.desks(id),
  changed_at timestamptz not null default now(),
  primary key (kind, id)
);

create table listing_desk.changes (
  seq bigint generated always as identity primary key,
  kind text not null,
  id text not null,
  version bigint not null,
  deleted boolean not null,
  body jsonb,
  desk uuid not null,
  changed_at timestamptz not null
);

create function listing_desk.item_written() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_desk(new.desk);
  -- Held until commit: the next writer takes its seq after this one has committed.
  perform pg_advisory_xact_lock(${FEED_LOCK});
  insert into listing_desk.changes (kind, id, version, deleted, body, desk, changed_at)
    values (new.kind, new.id, new.version, new.deleted, new.body, new.desk, new.changed_at);
  perform pg_notify('${FEED_CHANNEL}', '');
  return new;
end $$;

create trigger item_written after insert or update on listing_desk.items
  for each row execute function listing_desk.item_written();

create table listing_desk.photos (
  hash text primary key,
  bytes bytea not null,
  size integer not null,
  desk uuid not null references listing_desk.desks(id),
  added_at timestamptz not null default now()
);
-- Photos are JPEG or PNG, compressed already: stored as they are, without TOAST's compression try.
alter table listing_desk.photos alter column bytes set storage external;

create table listing_desk.jobs (
  id text primary key,
  kind text not null,
  draft_id text,
  account text,
  state text not null,
  requested_by uuid not null references listing_desk.desks(id),
  runner uuid references listing_desk.desks(id),
  fence bigint not null default 0,
  lease_until timestamptz,
  body jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One active job per draft: two desks pressing Publish at the same instant make one job.
create unique index jobs_one_active_per_draft on listing_desk.jobs (draft_id)
  where draft_id is not null and state in ('queued', 'running', 'waiting');

create table listing_desk.job_steps (
  job_id text not null references listing_desk.jobs(id),
  n bigint generated always as identity,
  fence bigint not null,
  desk uuid not null references listing_desk.desks(id),
  at timestamptz not null default now(),
  body jsonb not null,
  primary key (job_id, n)
);

create table listing_desk.listings (
  account text not null,
  listing_id text not null,
  body jsonb not null,
  refreshed_at timestamptz not null default now(),
  refreshed_by uuid not null references listing_desk.desks(id),
  primary key (account, listing_id)
);

-- shop-cli (issue 24.7): a desk that left cannot write any more. Items check their desk above;
-- the other tables that record a writing desk check it here, the same way.
create function listing_desk.desk_row_written() returns trigger language plpgsql as $$
begin
  -- One statement per table: PL/pgSQL resolves a row's fields only in the statement it runs.
  -- A job is written by its runner while it has one (claims), else by the desk that queued it.
  if tg_table_name = 'jobs' then
    perform listing_desk.assert_desk(coalesce(new.runner, new.requested_by));
  elsif tg_table_name = 'listings' then
    perform listing_desk.assert_desk(new.refreshed_by);
  else
    perform listing_desk.assert_desk(new.desk);
  end if;
  return new;
end $$;

-- A desk that left stays left: its row takes no more heartbeats and is never brought back (a desk
-- that joins again is a new desk).
create function listing_desk.desk_left_stays() returns trigger language plpgsql as $$
begin
  if old.left_at is not null then
    raise exception 'desk % has left this shop', old.id using errcode = 'LD001';
  end if;
  return new;
end $$;

create trigger desk_left_stays before update on listing_desk.desks
  for each row execute function listing_desk.desk_left_stays();

create trigger desk_row_written before insert on listing_desk.photos
  for each row execute function listing_desk.desk_row_written();
create trigger desk_row_written before insert on listing_desk.job_steps
  for each row execute function listing_desk.desk_row_written();
create trigger desk_row_written before insert or update on listing_desk.jobs
  for each row execute function listing_desk.desk_row_written();
create trigger desk_row_written before insert or update on listing_desk.listings
  for each row execute function listing_desk.desk_row_written();

-- shop-sync (issue 24.3): the NOTIFY names the desk that wrote, so a desk is not woken to read
-- the feed for its own change (one query saved per change, and the other desks' come sooner).
create or replace function listing_desk.item_written() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_desk(new.desk);
  perform pg_advisory_xact_lock(${FEED_LOCK});
  insert into listing_desk.changes (kind, id, version, deleted, body, desk, changed_at)
    values (new.kind, new.id, new.version, new.deleted, new.body, new.desk, new.changed_at);
  perform pg_notify('${FEED_CHANNEL}', new.desk::text);
  return new;
end $$;

-- Shop listings (issue 24.6): one shared view of each account's listings, written by whichever desk
-- read the service. Kept beside the change feed, not in it: the service is the authority here, so
-- there is nothing to merge or replay, and a refresh every few minutes would only grow the feed.
-- Each write bumps the account's version under its row lock (so versions follow commit order per
-- account); a listing row carries the version that last changed it (a removed one stays, marked), so
-- a desk reads only what moved since the version it holds. NOTIFY names the account.
-- The body stays json (text as the service sent it), not jsonb: a desk compares listings by their
-- text, and jsonb would give every listing read back another key order, so each would look changed.
alter table listing_desk.listings
  alter column body type json using body::json,
  add column version bigint not null default 0,
  add column removed boolean not null default false;

create table listing_desk.listing_views (
  account text primary key,
  version bigint not null default 0,
  fetched_at timestamptz,
  fetched_by uuid references listing_desk.desks(id),
  unreadable jsonb not null default '[]',
  publications_from text,
  -- One refresher at a time: a desk claims the next read for a short while before it asks the service.
  claimed_by uuid references listing_desk.desks(id),
  claimed_until timestamptz,
  touched_by uuid not null references listing_desk.desks(id)
);

create function listing_desk.listing_view_written() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_desk(new.touched_by);
  if new.version > 0 and (tg_op = 'INSERT' or new.version <> old.version) then
    perform pg_notify('${LISTINGS_CHANNEL}', new.account);
  end if;
  return new;
end $$;

create trigger listing_view_written before insert or update on listing_desk.listing_views
  for each row execute function listing_desk.listing_view_written();

create function listing_desk.listing_row_written() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_desk(new.refreshed_by);
  return new;
end $$;

create trigger listing_row_written before insert or update on listing_desk.listings
  for each row execute function listing_desk.listing_row_written();
-- shop-claims (issue 24.5): the publish queue. A tracking job is open too (its runner reads the
-- publication), so the draft's second Publish joins it rather than making another listing.
drop index listing_desk.jobs_one_active_per_draft;
create unique index jobs_one_active_per_draft on listing_desk.jobs (draft_id)
  where draft_id is not null and state in ('queued', 'running', 'waiting', 'tracking');
create index jobs_open on listing_desk.jobs (created_at)
  where state in ('queued', 'running', 'waiting', 'tracking');

-- Desks hear of a new job, a new runner, a new state or a lease given back (not of every step:
-- those are read by whoever takes the job over). Only a member writes a job: desk_row_written above.
create function listing_desk.job_written() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or old.state is distinct from new.state or old.runner is distinct from new.runner
     or (new.lease_until is null and old.lease_until is not null) then
    perform pg_notify('${JOBS_CHANNEL}', new.id);
  end if;
  return new;
end $$;
create trigger job_written after insert or update on listing_desk.jobs
  for each row execute function listing_desk.job_written();
`,
  },
  {
    version: 2,
    name: 'claims of due tasks (scheduled publishing, feed runs, price steps) with fencing tokens',
    sql: `
-- automation (issue 25.6): each due task is run by exactly one desk or worker. A claim is a lease
-- with a fencing token; a desk that died is replaced once its lease ran out; a key done stays done.
create table listing_desk.due_claims (
  key text primary key,
  desk uuid not null references listing_desk.desks(id),
  fence bigint not null default 1,
  lease_until timestamptz,
  claimed_at timestamptz not null default now(),
  done_at timestamptz
);

create function listing_desk.due_claim_written() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_desk(new.desk);
  return new;
end $$;
create trigger due_claim_written before insert or update on listing_desk.due_claims
  for each row execute function listing_desk.due_claim_written();
`,
  },
  {
    version: 3,
    name: 'rate limits of each account, shared by its desks',
    sql: `
-- Issue 36.2: the desks working for one account share its budget with the service. A limit one desk
-- meets (a 429, or a 503 with Retry-After) holds the lane on every desk until the latest hold asked
-- for, and counts one more limit; each desk hears it (NOTIFY with the hold still to run, in ms, so
-- desks' clocks do not matter) and cuts its own pace as for a limit of its own.
create table listing_desk.account_pace (
  account text not null,
  lane text not null check (lane in ('read', 'write')),
  hold_until timestamptz not null,
  limits bigint not null default 1,
  desk uuid not null references listing_desk.desks(id),
  limited_at timestamptz not null default now(),
  primary key (account, lane)
);

create function listing_desk.account_pace_writing() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_desk(new.desk);
  return new;
end $$;
create trigger account_pace_writing before insert or update on listing_desk.account_pace
  for each row execute function listing_desk.account_pace_writing();

-- After the row is written (an upsert fires BEFORE INSERT for the row it proposes even when it
-- updates instead), so each limit is told once.
create function listing_desk.account_pace_written() returns trigger language plpgsql as $$
begin
  perform pg_notify('${PACE_CHANNEL}', json_build_object(
    'account', new.account, 'lane', new.lane, 'desk', new.desk, 'limits', new.limits,
    'holdMs', greatest(0, floor(extract(epoch from (new.hold_until - now())) * 1000)))::text);
  return new;
end $$;
create trigger account_pace_written after insert or update on listing_desk.account_pace
  for each row execute function listing_desk.account_pace_written();
`,
  },
  rolesMigration,
  feedsMigration,
  approvalsMigration,
  activityMigration,
  approvalKindsMigration,
];

/** The newest schema version this build knows. */
export const LATEST_SCHEMA = migrations[migrations.length - 1]!.version;
