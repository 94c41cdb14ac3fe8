// Four eyes for live ads (issue 37.4): a team of three desks on a real PostgreSQL (owner, publish,
// prepare), each on its own login, and one account of a real sandbox. The prepare desk asks to pause
// an ad and to change another; two desks approve the pause at one instant and it is sent once; the
// change sends exactly what was shown; a change asked against an ad another desk changed meanwhile
// is refused in words; a request is sent back; the owner's rule makes the publish desk ask too, and
// is the owner's alone (the window's channel and psql as a publish login both refuse it). An approved
// pause and end are logged by their kind with the asking and approving desks, and the ended ad's
// draft loses its link on every desk, as after a direct end.
import { afterEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import type { PublishStartResult } from '../../src/shared/domain/publishing';
import type { ApprovalsState } from '../../src/shared/ipc/contract-approvals';
import type { ListingsState } from '../../src/shared/ipc/types';
import { adminQuery, type Desk } from './helpers/desks';
import { callsOn, draftOn, jobDone, liveTeam, publishedAd } from './helpers/live-team';
import { psqlAs } from './helpers/team-logins';

const WAIT = { timeout: 30_000, interval: 100 };
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const STATE = 'PUT /v1/listings/:uuid/publications/:publicationUuid/state';
const UPDATE = 'PUT /v1/listings/:uuid';
const DELETE = 'DELETE /v1/listings/:uuid';

const news = (desk: Desk) =>
  desk.events.filter((e) => e.event === 'approvals:news').map((e) => (e.payload as { text: string }).text);

/** The draft each live ad was published from, by the ad's uuid. */
const drafts = new Map<string, string>();

/** Publishes a draft titled `title` from `desk`; the live ad's uuid (and the draft's id, `drafts`). */
async function published(desk: Desk, title: string, accountId: string): Promise<string> {
  const { uuid, draftId } = await publishedAd(desk, title, accountId);
  drafts.set(uuid, draftId);
  return uuid;
}

/** The log's rows of a job, with the desks by id. */
const rowsOf = (url: string, jobId: string) =>
  adminQuery<{ kind: string; asking: string; approving: string | null; running: string; changed: object }>(
    url,
    `select kind, asking_desk as asking, approving_desk as approving, running_desk as running, changed
       from listing_desk.activity where job = $1 and kind not in ('approval') order by id`,
    [jobId],
  );

it('asks to pause, change and end live ads, approves each once, refuses a change the ad outran, and the owner makes publish desks ask', async () => {
  const { sb, url, office, counter, desk, account, front } = await liveTeam(cleanup);

  const lamp = await published(office, 'Brass lamp', account.id);
  const table = await published(office, 'Oak table', account.id);
  // The prepare desk (no secret) knows the live ads from the team's shared view.
  await office.call('listings:list', { refresh: true });
  await vi.waitFor(async () => {
    const seen = await desk.call<ListingsState>('listings:list');
    expect(seen.listings.map((l) => l.uuid).sort()).toEqual([lamp, table].sort());
  }, WAIT);

  // A pause asked for on the prepare desk: a request, nothing sent.
  const states = callsOn(sb, STATE);
  const { requestId: pause } = await desk.call<{ requestId: string }>('approvals:ask', {
    kind: 'pause',
    listing: lamp,
    state: 'PAUSED',
  });
  expect(callsOn(sb, STATE)).toBe(states);
  const listed = await counter.call<ApprovalsState>('approvals:list');
  expect(listed.waiting).toBe(1);
  expect(listed.requests.find((r) => r.id === pause)).toMatchObject({
    kind: 'pause',
    listing: lamp,
    state: 'waiting',
    askedByName: 'Trainee',
    action: { kind: 'pause', state: 'PAUSED' },
    ad: { title: 'Brass lamp', account: account.id },
    changes: [],
    draft: null,
  });
  // The asking desk cannot approve it.
  await expect(desk.call('approvals:approve', { id: pause })).rejects.toThrow(
    "This desk's role in the team is “prepare”: it may not approve or send back requests",
  );
  // Two desks approve at one instant: one job, the ad paused once.
  const raced = await Promise.allSettled([
    counter.call<{ jobId: string }>('approvals:approve', { id: pause }),
    office.call<{ jobId: string }>('approvals:approve', { id: pause }),
  ]);
  const won = raced.filter((r) => r.status === 'fulfilled');
  expect(won).toHaveLength(1);
  expect(String((raced.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toContain(
    'This request was approved already.',
  );
  const pauseJob = (won[0] as PromiseFulfilledResult<{ jobId: string }>).value.jobId;
  expect(await jobDone(url, pauseJob)).toEqual({ kind: 'bulk', state: 'done', item: 'done' });
  expect(callsOn(sb, STATE)).toBe(states + 1);
  await vi.waitFor(
    () =>
      expect(news(desk).join('\n')).toContain('Your request to pause or resume “Brass lamp” was approved by'),
    WAIT,
  );
  // The log names the pause by its kind, once, with the asking and the approving desk (migration 8),
  // as a pause a publish desk makes directly is named.
  const approver = raced[0]!.status === 'fulfilled' ? counter : office;
  const pauseRows = await rowsOf(url, pauseJob);
  expect(pauseRows).toEqual([
    {
      kind: 'pause',
      asking: desk.deskId,
      approving: approver.deskId,
      running: expect.any(String),
      changed: expect.objectContaining({
        outcome: 'done',
        state: 'PAUSED',
        request: pause,
        title: 'Brass lamp',
      }),
    },
  ]);
  expect([counter.deskId, office.deskId]).toContain(pauseRows[0]!.running);

  // A change asked for: the request shows exactly what will change; approved, exactly that is sent.
  const updates = callsOn(sb, UPDATE);
  const { requestId: change } = await desk.call<{ requestId: string }>('approvals:ask', {
    kind: 'change',
    listing: table,
    patch: { title: 'Oak table, oiled', price: { type: 'FIXED', amount: 99 } },
  });
  const shown = (await office.call<ApprovalsState>('approvals:list')).requests.find((r) => r.id === change)!;
  expect(shown).toMatchObject({ kind: 'change', ad: { title: 'Oak table, oiled', price: { amount: 99 } } });
  expect(shown.changes.map((c) => c.field)).toEqual(['title', 'price']);
  expect(shown.changes[0]).toMatchObject({ live: 'Oak table', asked: 'Oak table, oiled' });
  const { jobId: changeJob } = await counter.call<{ jobId: string }>('approvals:approve', { id: change });
  expect((await jobDone(url, changeJob)).item).toBe('done');
  expect(callsOn(sb, UPDATE)).toBe(updates + 1);
  const after = await office.call<{ title: string; adPrice: { amount: number }; description: string }>(
    'listings:get',
    { uuid: table },
  );
  expect(after).toMatchObject({ title: 'Oak table, oiled', adPrice: { amount: 99 } });

  // Asked, then the ad changed on another desk: the approval refuses in words and sends nothing.
  await vi.waitFor(async () => {
    const seen = await desk.call<ListingsState>('listings:list');
    expect(seen.listings.find((l) => l.uuid === table)?.title).toBe('Oak table, oiled');
  }, WAIT);
  // The prepare desk holds no secret: its detail pane reads the ad from the team's view, quietly.
  expect(await desk.call<{ title: string }>('listings:get', { uuid: table })).toMatchObject({
    title: 'Oak table, oiled',
  });
  const { requestId: outrun } = await desk.call<{ requestId: string }>('approvals:ask', {
    kind: 'price',
    listing: table,
    amount: 79,
  });
  await office.call('listings:update', { uuid: table, patch: { title: 'Oak table, sold soon' } });
  const beforeRefusal = callsOn(sb, UPDATE);
  await expect(counter.call('approvals:approve', { id: outrun })).rejects.toThrow(
    '“Oak table, oiled” was changed since the request was made (title): approving it now would overwrite that blindly, so nothing was sent.',
  );
  expect(callsOn(sb, UPDATE)).toBe(beforeRefusal);
  // Sent back with a note the asker hears.
  await counter.call('approvals:send-back', { id: outrun, note: 'The title changed; ask again.' });
  await vi.waitFor(
    () =>
      expect(news(desk)).toContain(
        'Your request to change the price of “Oak table, oiled” was sent back by Front: The title changed; ask again.',
      ),
    WAIT,
  );
  const mine = (await desk.call<ApprovalsState>('approvals:list')).requests.find((r) => r.id === outrun);
  expect(mine).toMatchObject({ kind: 'price', state: 'sent-back', mine: true });

  // The owner's rule: refused to the publish desk (here and by psql as its login), set by the owner.
  await expect(counter.call('approvals:set-rule', { accountId: account.id, required: true })).rejects.toThrow(
    'A “publish” desk may not say whether publish desks must ask: only an “owner” desk may.',
  );
  const psql = psqlAs(
    front.url,
    `insert into listing_desk.approval_rules (account, set_by) values ('${account.id}', '${counter.deskId}')`,
  );
  expect(psql.code).not.toBe(0);
  expect(psql.stderr).toContain('42501');
  expect(await office.call('approvals:set-rule', { accountId: account.id, required: true })).toEqual({
    accounts: [account.id],
  });
  expect(await counter.call('approvals:rules')).toEqual({ accounts: [account.id] });
  // Now the publish desk asks: its Publish becomes a request, a direct pause is refused in words.
  const vase = await draftOn(counter, 'Glass vase', account.id);
  const { results } = await counter.call<{ results: PublishStartResult[] }>('publish:start', {
    draftIds: [vase],
  });
  expect(results).toEqual([{ draftId: vase, requestId: expect.any(String) }]);
  await expect(counter.call('listings:delete', { uuid: lamp })).rejects.toThrow(
    "The team's owner requires approval for this account's ads, also from publish desks: the ad was not ended.",
  );
  // The lamp's draft is linked to the live ad until it ends.
  const linked = await office.call<Draft>('drafts:get', { id: drafts.get(lamp)! });
  expect(linked.remote?.listingUuid).toBe(lamp);
  const deletes = callsOn(sb, DELETE);
  const { requestId: end } = await counter.call<{ requestId: string }>('approvals:ask', {
    kind: 'end',
    listing: lamp,
  });
  await expect(counter.call('approvals:approve', { id: end })).rejects.toThrow(
    'This desk asked for this request itself',
  );
  const { jobId: endJob } = await office.call<{ jobId: string }>('approvals:approve', { id: end });
  expect((await jobDone(url, endJob)).item).toBe('done');
  expect(callsOn(sb, DELETE)).toBe(deletes + 1);
  // Logged as an end, with the asking (publish) and the approving (owner) desk.
  expect(await rowsOf(url, endJob)).toEqual([
    {
      kind: 'end',
      asking: counter.deskId,
      approving: office.deskId,
      running: expect.any(String),
      changed: expect.objectContaining({ outcome: 'done', sold: false, request: end }),
    },
  ]);
  // The lamp's draft lost its link, as after a direct end: on the desk that ran the job and, through
  // the team's drafts, on every other desk (a plain end makes it a draft again).
  const lampDraft = drafts.get(lamp)!;
  for (const each of [office, counter, desk])
    await vi.waitFor(async () => {
      const draft = await each.call<Draft>('drafts:get', { id: lampDraft });
      expect(draft.remote ?? null).toBeNull();
      expect(draft.status).not.toBe('ended');
    }, WAIT);
  await office.call('approvals:set-rule', { accountId: account.id, required: false });
  expect(await office.call('approvals:rules')).toEqual({ accounts: [] });
}, 180_000);
