// Four eyes in the app (issue 37.4): a team of three desks on a real PostgreSQL, each on its own
// login (owner, publish, prepare). The prepare desk's Publish makes requests; it cannot approve
// them; the publish and owner desks approve one at the same instant and it goes live once, with
// what the request showed; the owner sends the other back with a note the asker hears; asked
// again and then edited, the request is withdrawn and the asker told.
import { afterEach, expect, it, vi } from 'vitest';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import type { ApprovalsState } from '../../src/shared/ipc/contract-approvals';
import type { Draft } from '../../src/shared/domain/drafts';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import type { PublishStartResult } from '../../src/shared/domain/publishing';
import type { AccountView } from '../../src/shared/ipc/types';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { giveImprint, publicationWithoutImprint as publication } from '../helpers/imprint';
import { adminQuery, openDesk, saveShopAccount, SHOP_CLIENT, type Desk } from './helpers/desks';
import { teamStart } from './helpers/live-team';

const wait = { timeout: 30_000, interval: 100 };
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const news = (desk: Desk) =>
  desk.events.filter((e) => e.event === 'approvals:news').map((e) => (e.payload as { text: string }).text);

it('asks on a prepare desk, approves once on another desk, sends back with a note, withdraws on an edit', async () => {
  const { sb, url, front, trainee } = await teamStart(cleanup);
  const open = async (name: string, options: Parameters<typeof openDesk>[2]) => {
    const desk = await openDesk(url, name, { secrets: createSessionSecretStore('no keychain'), ...options });
    cleanup.push(() => desk.close());
    return desk;
  };
  // The database's owner is the owner desk; it alone holds the account's secret.
  const office = await open('Office', {});
  const account = await saveShopAccount(office, sb);
  await giveImprint(office, account.id, 'Möbelhaus Schmidt GmbH');
  const counter = await open('Front', { via: front.url });
  let desk = await open('Trainee', { via: trainee.url });
  await vi.waitFor(async () => {
    const { accounts } = await desk.call<{ accounts: AccountView[] }>('accounts:list');
    expect(accounts.some((a) => a.id === account.id && a.imprints.length === 1)).toBe(true);
  }, wait);
  await desk.close();
  const lamp = readyDraft(desk.dataDir, 1, { title: 'Brass lamp', accountId: account.id, publication }, 2);
  const table = readyDraft(desk.dataDir, 3, { title: 'Oak table', accountId: account.id, publication }, 1);
  writeDraft(desk.dataDir, lamp);
  writeDraft(desk.dataDir, table);
  desk = await open('Trainee', { via: trainee.url, dataDir: desk.dataDir });

  // The prepare desk's Publish asks: a request each, nothing in the queue.
  const { results } = await desk.call<{ results: PublishStartResult[] }>('publish:start', {
    draftIds: [lamp.id, table.id],
  });
  expect(results).toEqual([
    { draftId: lamp.id, requestId: expect.any(String) },
    { draftId: table.id, requestId: expect.any(String) },
  ]);
  const [lampRequest, tableRequest] = results.map((result) => result.requestId!);
  expect(await adminQuery(url, 'select id from listing_desk.jobs')).toEqual([]);
  const listed = await counter.call<ApprovalsState>('approvals:list');
  expect(listed).toMatchObject({ member: true, waiting: 2 });
  expect(listed.requests.find((r) => r.id === lampRequest)).toMatchObject({
    kind: 'publish',
    state: 'waiting',
    askedByName: 'Trainee',
    mine: false,
    ad: {
      title: 'Brass lamp',
      account: account.id,
      photos: [{ hash: expect.stringMatching(/^[0-9a-f]{64}$/) }, {}],
    },
    draft: { id: lamp.id, title: 'Brass lamp' },
  });

  // The asking desk cannot approve (its role), in words.
  await expect(desk.call('approvals:approve', { id: lampRequest })).rejects.toThrow(
    "This desk's role in the team is “prepare”: it may not approve or send back requests",
  );
  // Two desks approve at the same instant: one queues the job, the other is told it was approved.
  const raced = await Promise.allSettled([
    counter.call<{ jobId: string }>('approvals:approve', { id: lampRequest }),
    office.call<{ jobId: string }>('approvals:approve', { id: lampRequest }),
  ]);
  expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const refused = raced.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  expect(String(refused.reason)).toContain('This request was approved already.');
  await vi.waitFor(async () => {
    expect(await adminQuery(url, 'select draft_id, state, requested_by from listing_desk.jobs')).toEqual([
      { draft_id: lamp.id, state: 'published', requested_by: desk.deskId },
    ]);
  }, wait);
  // Published once, with what the request showed.
  expect(sb.stats().clients[SHOP_CLIENT.clientId]).toMatchObject({ listings: 1, media: 2, publications: 1 });
  const [job] = await adminQuery<{ title: string }>(
    url,
    `select body->'record'->'snapshot'->>'title' as title from listing_desk.jobs`,
  );
  expect(job!.title).toBe('Brass lamp');
  await vi.waitFor(() => expect(news(desk).join('\n')).toContain('“Brass lamp” was approved by'), wait);

  // Sent back with a note; the asker hears it and sees it in the list.
  await expect(office.call('approvals:send-back', { id: tableRequest, note: '   ' })).rejects.toThrow();
  await office.call('approvals:send-back', { id: tableRequest, note: 'The photo is too dark.' });
  await vi.waitFor(
    () =>
      expect(news(desk)).toContain(
        'Your request to publish “Oak table” was sent back by Office: The photo is too dark.',
      ),
    wait,
  );
  const mine = await desk.call<ApprovalsState>('approvals:list');
  expect(mine.requests.find((r) => r.id === tableRequest)).toMatchObject({
    state: 'sent-back',
    note: 'The photo is too dark.',
    decidedByName: 'Office',
    mine: true,
  });
  expect(mine.waiting).toBe(0);

  // Asked again, then edited: the request is withdrawn when the edit reaches the database.
  const again = (
    await desk.call<{ results: PublishStartResult[] }>('publish:start', { draftIds: [table.id] })
  ).results[0]!.requestId!;
  const onDesk = await desk.call<Draft>('drafts:get', { id: table.id });
  await desk.call('drafts:save', { draft: { ...draftFieldsOf(onDesk), title: 'Oak table, brighter photo' } });
  await vi.waitFor(async () => {
    const [row] = await adminQuery<{ state: string }>(
      url,
      'select state from listing_desk.approvals where id = $1',
      [again],
    );
    expect(row!.state).toBe('withdrawn');
  }, wait);
  await vi.waitFor(
    () =>
      expect(news(desk)).toContain(
        'Your request to publish “Oak table” was withdrawn because the draft was edited. Ask again when it is ready.',
      ),
    wait,
  );
  expect(sb.stats().clients[SHOP_CLIENT.clientId]).toMatchObject({ listings: 1, publications: 1 });
}, 120_000);
