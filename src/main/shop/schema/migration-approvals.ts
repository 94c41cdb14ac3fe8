// Migration 6 (issue 37.4): four eyes. A request to publish a draft (or to change, pause or end a
// live ad, or change its price) carries a snapshot of what will be sent; another desk allowed to
// publish approves it (its job goes into the queue with exactly that snapshot) or sends it back with
// a note; an edit of the draft withdraws it. Kept in a file of its own (migrations.ts lists it).
/** The NOTIFY channel that names a request asked for or decided. */
export const APPROVALS_CHANNEL = 'listing_desk_approvals';

export const approvalsMigration = {
  version: 6,
  name: 'requests and approvals (four eyes) the database enforces',
  sql: `
-- A draft's content as buyers and the service see it: the draft without what the app keeps about it.
create function listing_desk.ad_content(draft jsonb) returns jsonb language sql immutable as $$
  select draft - '{version,status,createdAt,updatedAt,remote,shop,schedule,priceRule}'::text[]
$$;

create table listing_desk.approvals (
  id text primary key,
  kind text not null check (kind in ('publish', 'change', 'pause', 'end', 'price')),
  draft_id text,
  account text not null,
  -- The live ad a change is for (null for a draft's first publishing).
  listing text,
  state text not null default 'waiting' check (state in ('waiting', 'approved', 'sent-back', 'withdrawn')),
  -- The ad as buyers will see it (title, text, price, category, attributes, photos by hash, account).
  ad jsonb not null,
  -- The live ad as it was when asked, for what changes against it (null: nothing live yet).
  live jsonb,
  -- What goes into the queue when approved: the job's body, sent as it is.
  body jsonb not null,
  -- The draft's content when asked: an edit that changes it withdraws the request (set below).
  content jsonb,
  asked_by uuid not null references listing_desk.desks(id),
  asked_login name not null default current_user,
  asked_at timestamptz not null default now(),
  decided_by uuid references listing_desk.desks(id),
  decided_login name,
  decided_at timestamptz,
  note text check (note is null or length(note) <= 2000),
  job_id text
);
-- One waiting request per draft.
create unique index approvals_one_waiting_per_draft on listing_desk.approvals (draft_id)
  where state = 'waiting' and draft_id is not null;
create index approvals_waiting on listing_desk.approvals (asked_at) where state = 'waiting';

-- Accounts whose publish desks ask too (the owner's setting, issue 37.4).
create table listing_desk.approval_rules (
  account text primary key,
  set_by uuid not null references listing_desk.desks(id),
  set_at timestamptz not null default now()
);
create function listing_desk.approval_rule_graded() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_grade('owner', 'require-approval');
  if tg_op <> 'DELETE' then
    perform listing_desk.assert_desk(new.set_by);
    return new;
  end if;
  return old;
end $$;
create trigger approval_rule_graded before insert or update or delete on listing_desk.approval_rules
  for each row execute function listing_desk.approval_rule_graded();

-- Whether this login's desk asks before a job for \`account\` goes into the queue.
create function listing_desk.must_ask(account text) returns boolean language sql stable as $$
  select case listing_desk.desk_grade()
    when 'prepare' then true
    when 'publish' then exists (select 1 from listing_desk.approval_rules r where r.account = must_ask.account)
    else false
  end
$$;

-- Any member asks, in its own name and only for itself; a request is born waiting.
create function listing_desk.approval_asked() returns trigger language plpgsql as $$
begin
  perform listing_desk.assert_desk(new.asked_by);
  perform listing_desk.assert_grade('prepare', 'ask-approval');
  new.asked_login := current_user;
  new.asked_at := now();
  new.state := 'waiting';
  new.decided_by := null;
  new.decided_login := null;
  new.decided_at := null;
  new.note := null;
  new.job_id := null;
  new.content := case when new.kind = 'publish' then listing_desk.ad_content(new.body->'record'->'snapshot') end;
  return new;
end $$;
create trigger approval_asked before insert on listing_desk.approvals
  for each row execute function listing_desk.approval_asked();

-- A request is decided once: approved or sent back by a publish or owner desk that did not ask for
-- it (neither the desk nor its login), or withdrawn by its asker or by an edit of its draft (the
-- items' trigger below). What was asked never changes.
create function listing_desk.approval_decided() returns trigger language plpgsql as $$
begin
  if (new.id, new.kind, new.draft_id, new.account, new.listing, new.ad, new.live, new.body, new.content,
      new.asked_by, new.asked_login, new.asked_at)
     is distinct from
     (old.id, old.kind, old.draft_id, old.account, old.listing, old.ad, old.live, old.body, old.content,
      old.asked_by, old.asked_login, old.asked_at) then
    raise exception 'what a request asks for never changes' using errcode = '42501',
      detail = 'listing-desk-request:unchanged';
  end if;
  if old.state <> 'waiting' then
    raise exception 'request % was decided already (%)', old.id, old.state using errcode = '42501',
      detail = 'listing-desk-request:decided:' || old.state;
  end if;
  if new.state in ('approved', 'sent-back') then
    perform listing_desk.assert_grade('publish', 'approve-requests');
    if current_user = old.asked_login or new.decided_by = old.asked_by then
      raise exception 'a desk may not approve or send back its own request' using errcode = '42501',
        detail = 'listing-desk-request:own';
    end if;
    if new.state = 'sent-back' and coalesce(btrim(new.note), '') = '' then
      raise exception 'a request is sent back with a note' using errcode = '23514',
        detail = 'listing-desk-request:note';
    end if;
  elsif new.state = 'withdrawn' then
    if pg_trigger_depth() < 2 and current_user <> old.asked_login then
      raise exception 'only the asking desk withdraws its request' using errcode = '42501',
        detail = 'listing-desk-request:withdraw';
    end if;
  else
    raise exception 'a waiting request is approved, sent back or withdrawn' using errcode = '42501',
      detail = 'listing-desk-request:unchanged';
  end if;
  perform listing_desk.assert_desk(new.decided_by);
  new.decided_login := current_user;
  new.decided_at := now();
  if new.state <> 'approved' then
    new.job_id := null;
  end if;
  return new;
end $$;
create trigger approval_decided before update on listing_desk.approvals
  for each row execute function listing_desk.approval_decided();

create function listing_desk.approval_written() returns trigger language plpgsql as $$
begin
  perform pg_notify('${APPROVALS_CHANNEL}', new.id);
  return new;
end $$;
create trigger approval_written after insert or update on listing_desk.approvals
  for each row execute function listing_desk.approval_written();

-- An edit of a draft that changes what would be sent (or its trash) withdraws its waiting request,
-- whichever desk made it, when the edit reaches the database.
create function listing_desk.draft_edit_withdraws() returns trigger language plpgsql as $$
begin
  if new.kind = 'draft' then
    update listing_desk.approvals a
       set state = 'withdrawn', decided_by = new.desk, note = null
     where a.draft_id = new.id and a.state = 'waiting' and a.kind = 'publish'
       and (new.deleted or new.body->>'trashedAt' is not null
            or listing_desk.ad_content(new.body->'draft') is distinct from a.content);
  end if;
  return new;
end $$;
create trigger draft_edit_withdraws after insert or update on listing_desk.items
  for each row execute function listing_desk.draft_edit_withdraws();
`,
};
