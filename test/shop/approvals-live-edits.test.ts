// Four eyes for live edits and bulk changes (issue 37.4) on a real PostgreSQL and a real sandbox: a
// team of an owner desk ("Office", the database's owner), a publish desk ("Front", its own login,
// holding the account's secret) and a prepare desk ("Trainee", no secret). The prepare desk's live
// edit form saves by asking: the request carries exactly the fields the form changed (a contact field
// among them), nothing reaches the service and the live ad stays as it was until the publish desk
// approves, which sends exactly that, once. A bulk price change on the prepare desk is previewed from
// the ads as it knows them and asked for ad by ad; each approval sends its ad's price once. Its direct
// bulk job is refused, and so is a publish desk's once the owner requires approval for the account.
import { afterEach, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import type { BulkRowPlan } from '../../src/shared/domain/bulk';
import type { ApprovalsState } from '../../src/shared/ipc/contract-approvals';
import type { ListingsState, ListingView } from '../../src/shared/ipc/types';
import { draftOfListing, patchOf } from '../../src/renderer/views/listings/listing-form';
import type { Desk } from './helpers/desks';
import { callsOn, jobDone, liveTeam, publishedAd } from './helpers/live-team';

const WAIT = { timeout: 30_000, interval: 100 };
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const UPDATE = 'PUT /v1/listings/:uuid';
const updates = (sb: Sandbox) => callsOn(sb, UPDATE);

/** Publishes a draft titled `title` with one photo from `desk`; the live ad's uuid. */
const published = async (desk: Desk, title: string, accountId: string): Promise<string> =>
  (await publishedAd(desk, title, accountId)).uuid;

/** The ad as `desk` knows it (the team's shared view on a desk without the secret). */
const seen = async (desk: Desk, uuid: string): Promise<ListingView | undefined> =>
  (await desk.call<ListingsState>('listings:list')).listings.find((l) => l.uuid === uuid);

it("a prepare desk's live edit and bulk price change become requests; each approval sends exactly what was asked, once", async () => {
  const { sb, url, office, counter, desk, account } = await liveTeam(cleanup);

  const lamp = await published(office, 'Brass lamp', account.id);
  const table = await published(office, 'Oak table', account.id);
  await office.call('listings:list', { refresh: true });
  const lampSeen = await vi.waitFor(async () => {
    const listing = await seen(desk, lamp);
    expect(listing?.title).toBe('Brass lamp');
    expect(await seen(desk, table)).toBeDefined();
    return listing!;
  }, WAIT);

  // The live edit form on the prepare desk: title, price and phone changed; "Ask to save" asks with
  // exactly the fields the form's Save would send.
  const start = draftOfListing(lampSeen, lampSeen.category, 'de');
  const patch = patchOf(start, {
    ...start,
    title: 'Brass lamp, polished',
    price: { ...start.price, amount: '99,00' },
    phoneNumber: '+49 30 7654321',
  });
  expect(patch).toEqual({
    title: 'Brass lamp, polished',
    price: { type: 'FIXED', amount: 99 },
    phoneNumber: '+49 30 7654321',
  });
  const sent = updates(sb);
  // Saved directly, it is refused by the role; asked, it is a request.
  await expect(desk.call('listings:update', { uuid: lamp, patch })).rejects.toThrow(
    'A “prepare” desk may not change live ads',
  );
  const { requestId: change } = await desk.call<{ requestId: string }>('approvals:ask', {
    kind: 'change',
    listing: lamp,
    patch,
  });
  expect(updates(sb)).toBe(sent);
  const shown = (await counter.call<ApprovalsState>('approvals:list')).requests.find((r) => r.id === change)!;
  expect(shown).toMatchObject({
    kind: 'change',
    state: 'waiting',
    askedByName: 'Trainee',
    ad: {
      title: 'Brass lamp, polished',
      price: { type: 'FIXED', amount: 99 },
      contact: { phoneNumber: '+49 30 7654321', contactPerson: 'Erika Mustermann' },
    },
  });
  expect(shown.changes).toEqual([
    { field: 'title', live: 'Brass lamp', asked: 'Brass lamp, polished' },
    { field: 'price', live: expect.stringContaining('120.5'), asked: expect.stringContaining('99') },
    { field: 'phoneNumber', live: '+49 30 1234567', asked: '+49 30 7654321' },
  ]);
  // The asker sees it among the requests, as its own.
  const mine = (await desk.call<ApprovalsState>('approvals:list')).requests.find((r) => r.id === change);
  expect(mine).toMatchObject({ mine: true, state: 'waiting' });
  // Before approval the live ad is as it was.
  expect(await office.call<ListingView>('listings:get', { uuid: lamp })).toMatchObject({
    title: 'Brass lamp',
    adPrice: { amount: 120.5 },
    phoneNumber: '+49 30 1234567',
  });
  const { jobId } = await counter.call<{ jobId: string }>('approvals:approve', { id: change });
  expect((await jobDone(url, jobId)).item).toBe('done');
  expect(updates(sb)).toBe(sent + 1);
  expect(await office.call<ListingView>('listings:get', { uuid: lamp })).toMatchObject({
    title: 'Brass lamp, polished',
    adPrice: { amount: 99 },
    phoneNumber: '+49 30 7654321',
    contactPerson: 'Erika Mustermann',
  });
  await expect(office.call('approvals:approve', { id: change })).rejects.toThrow(
    'This request was approved already.',
  );
  expect(updates(sb)).toBe(sent + 1);

  // A bulk price change on the prepare desk: its direct job is refused; previewed from the ads as it
  // knows them, then asked for ad by ad. Nothing is sent until approved.
  await vi.waitFor(async () => expect((await seen(desk, lamp))?.title).toBe('Brass lamp, polished'), WAIT);
  const edit = { kind: 'price', mode: 'percent', value: -10, rounding: 'none' } as const;
  await expect(desk.call('bulk:start', { uuids: [lamp, table], edit })).rejects.toThrow(
    'A “prepare” desk may not change live ads',
  );
  const { rows } = await desk.call<{ rows: BulkRowPlan[] }>('approvals:preview-edit', {
    uuids: [lamp, table],
    edit,
  });
  expect(rows.map((row) => [row.id, row.outcome, row.changes])).toEqual([
    [lamp, 'change', [{ field: 'price', before: '99.00', after: '89.10' }]],
    [table, 'change', [{ field: 'price', before: '120.50', after: '108.45' }]],
  ]);
  const before = updates(sb);
  const asked: string[] = [];
  for (const row of rows) {
    const { requestId } = await desk.call<{ requestId: string }>('approvals:ask-edit', {
      listing: row.id,
      edit,
    });
    asked.push(requestId);
  }
  expect(updates(sb)).toBe(before);
  const waiting = (await counter.call<ApprovalsState>('approvals:list')).requests.filter((r) =>
    asked.includes(r.id),
  );
  expect(waiting.map((r) => [r.listing, r.kind, r.state, r.ad.price.amount]).sort()).toEqual(
    [
      [lamp, 'price', 'waiting', 89.1],
      [table, 'price', 'waiting', 108.45],
    ].sort(),
  );
  expect(await office.call<ListingView>('listings:get', { uuid: table })).toMatchObject({
    adPrice: { amount: 120.5 },
  });
  for (const id of asked) {
    const { jobId: priceJob } = await counter.call<{ jobId: string }>('approvals:approve', { id });
    expect((await jobDone(url, priceJob)).item).toBe('done');
  }
  expect(updates(sb)).toBe(before + 2);
  expect((await office.call<ListingView>('listings:get', { uuid: lamp })).adPrice.amount).toBe(89.1);
  expect((await office.call<ListingView>('listings:get', { uuid: table })).adPrice.amount).toBe(108.45);

  // The owner's rule: the publish desk's direct bulk job is refused in words too.
  await office.call('approvals:set-rule', { accountId: account.id, required: true });
  await expect(counter.call('bulk:start', { uuids: [table], edit })).rejects.toThrow(
    "The team's owner requires approval for this account's ads, also from publish desks: this change was not sent.",
  );
  expect(updates(sb)).toBe(before + 2);
  await office.call('approvals:set-rule', { accountId: account.id, required: false });
}, 180_000);
