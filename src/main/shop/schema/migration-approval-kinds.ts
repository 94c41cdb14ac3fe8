// Migration 8 (issue 37.4-5): an approved request's job logged as what it does, and the owner's rule
// told to every desk. Kept in a file of its own (migrations.ts lists it), as released migrations are
// never edited.
//
// 1. A job an approval queued is logged with the approving desk beside the asking and running ones,
//    and an approved pause, resume or end under its own kind ('pause', 'resume', 'end'), as the same
//    action is when a publish desk does it directly (it was 'live-change' under migration 7). Rows
//    written before are named so too, their earlier kind kept in `changed.loggedAs`: the rows are
//    the database owner's to correct (the migration runs under its login), nothing is removed.
// 2. A change of the owner's rule ("publish desks must ask too") is told on the approvals' channel,
//    so every desk's window follows it while it is open.
import { BULK_OUTCOMES, PUBLISH_OUTCOMES } from './migration-activity';
import { APPROVALS_CHANNEL } from './migration-approvals';

/** The approvals' NOTIFY payload of a rule's change starts with this, the account after it. */
export const RULE_NOTICE = 'rule:';

export const approvalKindsMigration = {
  version: 8,
  name: "approved jobs logged by their kind with the approving desk; the owner's rule told to every desk",
  sql: `
-- The approval that queued a job (at most one: a request's job id is its own).
create index approvals_job on listing_desk.approvals (job_id) where job_id is not null;

-- The log's kind of one ad of a bulk job: a pause, resume or end an approval asked for by its own
-- kind; a price or any other change as before.
create function listing_desk.bulk_item_kind(edit jsonb, item jsonb) returns text language sql immutable as $$
  select case
    when item->'action'->>'kind' = 'end' then 'end'
    when item->'action'->>'kind' = 'pause' then
      case when item->'action'->>'state' = 'RESUMED' then 'resume' else 'pause' end
    when edit->>'kind' = 'price' then 'price-change'
    else 'live-change'
  end
$$;

-- Migration 7's function, now with the approval (its desk and request) of a job an approval queued,
-- and the kind above.
create or replace function listing_desk.job_step_logged() returns trigger language plpgsql as $$
declare
  job listing_desk.jobs%rowtype;
  before jsonb;
  state text := new.body->>'state';
  approver uuid;
  request text;
begin
  select * into job from listing_desk.jobs where id = new.job_id;
  select a.decided_by, a.id into approver, request from listing_desk.approvals a
   where a.job_id = new.job_id and a.state = 'approved' limit 1;
  select s.body into before from listing_desk.job_steps s
   where s.job_id = new.job_id and s.n < new.n order by s.n desc limit 1;
  if job.kind = 'publish' then
    if state = any(${PUBLISH_OUTCOMES}) and (before is null or before->>'state' is distinct from state) then
      insert into listing_desk.activity
        (kind, desk, asking_desk, approving_desk, running_desk, account, ad, draft, job, changed, made_at)
      values ('publish', new.desk, job.requested_by, approver, new.desk, job.account, new.body->>'listingUuid',
        job.draft_id, job.id, jsonb_strip_nulls(jsonb_build_object('outcome', state,
          'title', new.body->'snapshot'->>'title', 'problem', new.body->'error'->>'problem',
          'request', request)), now());
    end if;
  elsif job.kind = 'bulk' then
    insert into listing_desk.activity
      (kind, desk, asking_desk, approving_desk, running_desk, account, ad, job, changed, made_at)
    select listing_desk.bulk_item_kind(new.body->'edit', item),
           new.desk, job.requested_by, approver, new.desk, job.account, item->>'uuid', job.id,
           jsonb_strip_nulls(jsonb_build_object('outcome', item->>'state', 'title', item->>'title',
             'edit', new.body->'edit'->>'kind', 'changes', item->'changes',
             'state', item->'action'->>'state', 'publications', item->'publicationsDone',
             'sold', item->'action'->'sold', 'problem', item->'failure'->>'problem',
             'request', request)), now()
      from jsonb_array_elements(coalesce(new.body->'items', '[]')) item
     where item->>'state' = any(${BULK_OUTCOMES})
       and not exists (select 1 from jsonb_array_elements(coalesce(before->'items', '[]')) was
                        where was->>'uuid' = item->>'uuid' and was->>'state' = item->>'state');
  end if;
  return null;
end $$;

-- The rows migration 7 wrote of approved jobs: named by their kind, with the approving desk.
with approved as (
  select l.id, l.kind as was, a.id as request, a.decided_by,
         case when l.kind = 'publish' then 'publish'
              else listing_desk.bulk_item_kind(a.body->'record'->'edit', a.body->'record'->'items'->0) end as kind
    from listing_desk.activity l
    join listing_desk.approvals a on a.job_id = l.job and a.state = 'approved'
   where l.kind in ('publish', 'live-change', 'price-change') and l.approving_desk is null
)
update listing_desk.activity l
   set kind = approved.kind, approving_desk = approved.decided_by,
       changed = l.changed || jsonb_strip_nulls(jsonb_build_object('request', approved.request,
         'loggedAs', case when approved.kind <> approved.was then approved.was end))
  from approved
 where l.id = approved.id;

-- The owner's rule changed: every desk hears it on the approvals' channel (the account named).
create function listing_desk.approval_rule_written() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('${APPROVALS_CHANNEL}', '${RULE_NOTICE}' || old.account);
  else
    perform pg_notify('${APPROVALS_CHANNEL}', '${RULE_NOTICE}' || new.account);
  end if;
  return null;
end $$;
create trigger approval_rule_written after insert or update or delete on listing_desk.approval_rules
  for each row execute function listing_desk.approval_rule_written();
`,
};
