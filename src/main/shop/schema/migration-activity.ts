// Migration 7 (issue 37.5): the team's activity log, who did what. Kept in a file of its own
// (migrations.ts lists it), as released migrations are never edited.
//
// A row is written with the change it records, never afterwards: by the triggers below in the same
// statement as a job step that states an outcome (so a desk killed mid-publish leaves neither a step
// without its row nor a row without its step), as an account is written and as a desk joins or
// leaves; by the app in the transaction of a change it makes itself (roles, logins). No desk's login
// may change or delete a row: the grants give desks SELECT and INSERT only, and a trigger refuses an
// UPDATE, DELETE or TRUNCATE by anyone but the database's owner (or a member of it). Rows older than
// two years go through `prune_activity()`, a SECURITY DEFINER function any desk may call, which
// deletes only such rows.

/** The kinds of job whose steps state an outcome the log records (publish and bulk jobs). */
export const PUBLISH_OUTCOMES = `array['published', 'rejected', 'failed', 'cancelled']`;
export const BULK_OUTCOMES = `array['done', 'failed']`;

export const activityMigration = {
  version: 7,
  name: 'the activity log: who did what, written with the change',
  sql: `
create table listing_desk.activity (
  id bigint generated always as identity primary key,
  kind text not null,
  -- The desk that wrote the row; null when the database's owner wrote it directly (\`shop role\`).
  desk uuid references listing_desk.desks(id),
  asking_desk uuid references listing_desk.desks(id),
  approving_desk uuid references listing_desk.desks(id),
  running_desk uuid references listing_desk.desks(id),
  account text,
  ad text,
  draft text,
  job text,
  changed jsonb not null default '{}',
  -- When the change was made (on the desk, perhaps offline) and when it reached the database.
  made_at timestamptz not null,
  recorded_at timestamptz not null default now()
);
create index activity_recorded on listing_desk.activity (recorded_at);

-- The database's clock says when a row arrived (a desk cannot backdate it); a desk writes rows only
-- as itself, under its own login.
create function listing_desk.activity_stamped() returns trigger language plpgsql as $$
declare
  owner boolean := pg_has_role(current_user,
    (select datdba from pg_database where datname = current_database()), 'member');
begin
  new.recorded_at := now();
  new.made_at := least(coalesce(new.made_at, now()), now());
  if new.desk is null and not owner then
    raise exception 'an activity row names the desk that wrote it' using errcode = '42501';
  end if;
  if new.desk is not null then
    -- A desk's leaving is written as it leaves (desk_logged below): every other row needs a member.
    if new.kind <> 'desk-left' then
      perform listing_desk.assert_desk(new.desk);
    end if;
    if not owner and exists (select 1 from listing_desk.desks d
                              where d.id = new.desk and d.login is not null and d.login <> current_user) then
      raise exception 'desk % writes activity only under its own login', new.desk using errcode = '42501';
    end if;
  end if;
  return new;
end $$;
create trigger activity_stamped before insert on listing_desk.activity
  for each row execute function listing_desk.activity_stamped();

-- Kept as written: only the database's owner (or a role it is a member of) changes or deletes a row.
create function listing_desk.activity_kept() returns trigger language plpgsql as $$
begin
  if not pg_has_role(current_user, (select datdba from pg_database where datname = current_database()), 'member') then
    raise exception 'the activity log is kept as written: no desk changes or deletes a row'
      using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;
create trigger activity_kept before update or delete on listing_desk.activity
  for each row execute function listing_desk.activity_kept();
create trigger activity_kept_truncate before truncate on listing_desk.activity
  for each statement execute function listing_desk.activity_kept();

-- Two years kept: runs as the database's owner, deletes only rows older than that; returns how many.
create function listing_desk.prune_activity() returns bigint language sql security definer
  set search_path = pg_catalog, listing_desk as $$
  with gone as (delete from listing_desk.activity where recorded_at < now() - interval '2 years' returning 1)
  select count(*) from gone
$$;

-- An outcome stated by a job step, in the step's own statement: a publish job's end, or each ad of a
-- bulk job that this step saw done or failed (the steps before it had not).
create function listing_desk.job_step_logged() returns trigger language plpgsql as $$
declare
  job listing_desk.jobs%rowtype;
  before jsonb;
  state text := new.body->>'state';
begin
  select * into job from listing_desk.jobs where id = new.job_id;
  select s.body into before from listing_desk.job_steps s
   where s.job_id = new.job_id and s.n < new.n order by s.n desc limit 1;
  if job.kind = 'publish' then
    if state = any(${PUBLISH_OUTCOMES}) and (before is null or before->>'state' is distinct from state) then
      insert into listing_desk.activity
        (kind, desk, asking_desk, running_desk, account, ad, draft, job, changed, made_at)
      values ('publish', new.desk, job.requested_by, new.desk, job.account, new.body->>'listingUuid',
        job.draft_id, job.id, jsonb_strip_nulls(jsonb_build_object('outcome', state,
          'title', new.body->'snapshot'->>'title', 'problem', new.body->'error'->>'problem')), now());
    end if;
  elsif job.kind = 'bulk' then
    insert into listing_desk.activity
      (kind, desk, asking_desk, running_desk, account, ad, job, changed, made_at)
    select case when new.body->'edit'->>'kind' = 'price' then 'price-change' else 'live-change' end,
           new.desk, job.requested_by, new.desk, job.account, item->>'uuid', job.id,
           jsonb_strip_nulls(jsonb_build_object('outcome', item->>'state', 'title', item->>'title',
             'edit', new.body->'edit'->>'kind', 'changes', item->'changes',
             'problem', item->'failure'->>'problem')), now()
      from jsonb_array_elements(coalesce(new.body->'items', '[]')) item
     where item->>'state' = any(${BULK_OUTCOMES})
       and not exists (select 1 from jsonb_array_elements(coalesce(before->'items', '[]')) was
                        where was->>'uuid' = item->>'uuid' and was->>'state' = item->>'state');
  end if;
  return null;
end $$;
create trigger job_step_logged after insert on listing_desk.job_steps
  for each row execute function listing_desk.job_step_logged();

-- Accounts and their imprints, as they reach the database: \`made_at\` is when the desk made the
-- change (its outbox's mark, perhaps offline), so the row holds both times.
alter table listing_desk.items add column made_at timestamptz;
create function listing_desk.account_logged() returns trigger language plpgsql as $$
declare
  was jsonb := case when tg_op = 'UPDATE' and not old.deleted then old.body end;
  now_body jsonb := case when not new.deleted then new.body end;
  fields jsonb;
begin
  if new.kind <> 'account' or was is not distinct from now_body then
    return null;
  end if;
  select coalesce(jsonb_agg(k order by k), '[]') into fields
    from (select key as k from jsonb_each(coalesce(was, '{}'))
          union select key from jsonb_each(coalesce(now_body, '{}'))) keys
   where (was->k) is distinct from (now_body->k);
  insert into listing_desk.activity (kind, desk, running_desk, account, changed, made_at)
  values (case when fields = '["imprints"]'::jsonb then 'imprint-change' else 'account-change' end,
    new.desk, new.desk, new.id,
    jsonb_strip_nulls(jsonb_build_object('change', case when was is null then 'added'
      when now_body is null then 'removed' else 'changed' end,
      'name', coalesce(now_body, was)->>'name', 'fields', fields)),
    coalesce(new.made_at, now()));
  return null;
end $$;
create trigger account_logged after insert or update on listing_desk.items
  for each row execute function listing_desk.account_logged();

-- A desk joining the team, and leaving it.
create function listing_desk.desk_logged() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' and new.left_at is null then
    insert into listing_desk.activity (kind, desk, running_desk, changed, made_at)
    values ('desk-joined', new.id, new.id, jsonb_build_object('name', new.name, 'login', new.login), now());
  elsif old.left_at is null and new.left_at is not null then
    insert into listing_desk.activity (kind, desk, running_desk, changed, made_at)
    values ('desk-left', new.id, new.id, jsonb_build_object('name', new.name, 'login', new.login), now());
  end if;
  return null;
end $$;
create trigger desk_logged after insert or update on listing_desk.desks
  for each row execute function listing_desk.desk_logged();

-- Requests to publish or change an ad and their decisions (issue 37.4, migration 6), in the statement
-- that asks or decides: the asker's row when asked, the deciding desk's (or, for an edit that
-- withdrew it, the editing desk's) when approved, sent back or withdrawn.
create function listing_desk.approval_logged() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into listing_desk.activity (kind, desk, asking_desk, running_desk, account, ad, draft, changed, made_at)
    values ('request', new.asked_by, new.asked_by, new.asked_by, new.account, new.listing, new.draft_id,
      jsonb_strip_nulls(jsonb_build_object('request', new.id, 'what', new.kind, 'title', new.ad->>'title')), now());
  elsif old.state = 'waiting' and new.state <> 'waiting' then
    insert into listing_desk.activity
      (kind, desk, asking_desk, approving_desk, running_desk, account, ad, draft, job, changed, made_at)
    values (case new.state when 'approved' then 'approval' when 'sent-back' then 'send-back' else 'withdrawal' end,
      new.decided_by, new.asked_by, case when new.state = 'approved' then new.decided_by end, new.decided_by,
      new.account, new.listing, new.draft_id, new.job_id,
      jsonb_strip_nulls(jsonb_build_object('request', new.id, 'what', new.kind, 'title', new.ad->>'title',
        'note', new.note)), now());
  end if;
  return null;
end $$;
create trigger approval_logged after insert or update on listing_desk.approvals
  for each row execute function listing_desk.approval_logged();

-- An upgraded team's desks may read and add rows at once (\`shop init\` grants the same again).
do $$
declare
  prepare name := (select role from listing_desk.desk_roles where grade = 'prepare');
begin
  if prepare is not null and exists (select 1 from pg_roles where rolname = prepare) then
    execute format('grant select, insert on listing_desk.activity to %I', prepare);
  end if;
end $$;
`,
};
