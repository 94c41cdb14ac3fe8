// Migration 4 (issue 37.1-2): the roles of a team's desks, enforced by the database. Kept beside the
// others' file (migrations.ts lists it), as released migrations are never edited.

export const rolesMigration = {
  version: 4,
  name: 'roles of desks (prepare, publish, owner) the database enforces',
  sql: `
-- Issue 37.1-2: a desk's login is in one of three group roles, which \`shop init\` makes and writes
-- here (roles are the cluster's, so their names carry the database's). Each role may do what the one
-- below it may, and more: prepare (drafts, photos, templates, mappings), publish (also the queue's
-- jobs and the due tasks: publishing, live changes, bulk edits, feed runs, price steps), owner (also
-- the accounts and their imprints). The database's owner may do everything.
create table listing_desk.desk_roles (
  grade text primary key check (grade in ('prepare', 'publish', 'owner')),
  role name not null
);

-- The grade of the login that runs the statement: its highest group; null for a login in none.
-- Before \`shop init\` wrote the groups (an upgrade half done), every desk is publish, as before.
create function listing_desk.desk_grade() returns text language sql stable as $$
  select case
    when pg_has_role(current_user, (select datdba from pg_database where datname = current_database()), 'member')
      then 'owner'
    when not exists (select 1 from listing_desk.desk_roles) then 'publish'
    when exists (select 1 from listing_desk.desk_roles r where r.grade = 'owner' and pg_has_role(current_user, r.role, 'member'))
      then 'owner'
    when exists (select 1 from listing_desk.desk_roles r where r.grade = 'publish' and pg_has_role(current_user, r.role, 'member'))
      then 'publish'
    when exists (select 1 from listing_desk.desk_roles r where r.grade = 'prepare' and pg_has_role(current_user, r.role, 'member'))
      then 'prepare'
  end
$$;

-- Refuses the statement unless the login's grade reaches \`needed\`: SQLSTATE 42501 (as a grant
-- refuses), the detail naming the grade and what it may not do, for the app to say in words.
create function listing_desk.assert_grade(needed text, action text) returns void language plpgsql as $$
declare
  have text := listing_desk.desk_grade();
begin
  if have is null or (needed = 'publish' and have = 'prepare') or (needed = 'owner' and have <> 'owner') then
    raise exception 'a % desk may not %', coalesce(have, 'non-member'), replace(action, '-', ' ')
      using errcode = '42501', detail = 'listing-desk-role:' || coalesce(have, 'none') || ':' || action;
  end if;
end $$;

-- The queue: a prepare desk neither puts a job in it (its Publish becomes a request, later), nor
-- claims one, nor writes a step or a job's state.
create function listing_desk.job_graded() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'job_steps' then
    perform listing_desk.assert_grade('publish', 'run-jobs');
  elsif tg_op = 'INSERT' then
    perform listing_desk.assert_grade('publish', 'queue-jobs');
  elsif new.runner is not null and new.runner is distinct from old.runner then
    perform listing_desk.assert_grade('publish', 'claim-jobs');
  else
    perform listing_desk.assert_grade('publish', 'change-jobs');
  end if;
  return new;
end $$;
create trigger job_graded before insert or update on listing_desk.jobs
  for each row execute function listing_desk.job_graded();
create trigger job_graded before insert on listing_desk.job_steps
  for each row execute function listing_desk.job_graded();

create function listing_desk.due_claim_graded() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_grade('publish', 'claim-due');
  return new;
end $$;
create trigger due_claim_graded before insert or update on listing_desk.due_claims
  for each row execute function listing_desk.due_claim_graded();

-- Whether an owner desk is named: a login in the owner group. A team upgraded from schema 3 has none
-- until \`shop role\` names one; until then its publish desks keep writing accounts as before, so an
-- upgrade never leaves a team whose accounts no desk may change.
create function listing_desk.owner_named() returns boolean language sql stable as $$
  select exists (
    select 1
      from listing_desk.desk_roles r
      join pg_roles g on g.rolname = r.role
      join pg_auth_members m on m.roleid = g.oid
      join pg_roles l on l.oid = m.member
     where r.grade = 'owner' and l.rolcanlogin
  )
$$;

-- Accounts (their settings, defaults and imprints) are the owner's, in the items and in the change
-- feed alike (a desk may append to the feed: a change written there alone would reach every desk).
create function listing_desk.account_graded() returns trigger language plpgsql as $$
begin
  if new.kind = 'account' or (tg_op = 'UPDATE' and old.kind = 'account') then
    perform listing_desk.assert_grade(
      case when listing_desk.owner_named() then 'owner' else 'publish' end, 'write-accounts');
  end if;
  return new;
end $$;
create trigger account_graded before insert or update on listing_desk.items
  for each row execute function listing_desk.account_graded();
create trigger account_graded before insert on listing_desk.changes
  for each row execute function listing_desk.account_graded();

-- Which login each desk signs in with (\`shop desks\` names the desks of a login): set by the
-- database, never by the desk; a desk of an older shop has it from its next heartbeat.
alter table listing_desk.desks add column login name;
create function listing_desk.desk_login() returns trigger language plpgsql as $$
begin
  new.login := case when tg_op = 'UPDATE' then coalesce(old.login, current_user) else current_user end;
  return new;
end $$;
create trigger desk_login before insert or update on listing_desk.desks
  for each row execute function listing_desk.desk_login();
`,
};
