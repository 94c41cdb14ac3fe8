// Accounts kept apart (issue 15.1), through the router as the renderer calls it, with two accounts
// on two embedded services: the list by account, a copy keeping its account, moving drafts (and the
// refusal for one linked to a live ad), the once-only upgrade of drafts stored without an account,
// and publishing with the draft's account whatever is selected.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { MoveAccountResult } from '../../../src/shared/domain/drafts/draft-accounts';
import type { PublishJobView, PublishState } from '../../../src/shared/domain/publishing/publish-job';
import type { AccountView, DraftSuggestions, DraftsListResult } from '../../../src/shared/ipc/types';
import { ACCOUNT_UPGRADE_FILE } from '../../../src/main/storage/drafts-account-upgrade';
import { sampleDraft } from '../../fixtures/drafts';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { seedListings } from '../../fixtures/seed-listings';
import { giveImprint, publicationWithoutImprint as publication } from '../../helpers/imprint';
import { addRealAccount } from '../../helpers/real-account';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const ID = (n: number) => `00000000-0000-4000-8000-00000000a00${n}`;
const CLIENT = { clientId: 'moebelhaus-schmidt', clientSecret: 'moebel-secret-9d2c' };

let remote: Sandbox;
let temp: TempApp;
let folder: ReturnType<typeof tempDir>;
let shop: AccountView;

const call = <T>(channel: string, input?: unknown) => temp.call<T>(channel, input);
const titles = (result: DraftsListResult) => result.items.map((item) => item.title).sort();

async function start(): Promise<void> {
  temp = await createTempApp(folder.dir);
  shop =
    (await call<{ accounts: AccountView[] }>('accounts:list')).accounts.find((a) => a.name === 'Möbelhaus') ??
    (await addRealAccount(temp, remote, { name: 'Möbelhaus', client: CLIENT }));
}

beforeEach(async () => {
  remote = await startSandbox({ port: 0, validationDelayMs: 50, clients: [CLIENT] });
  folder = tempDir('listing-desk-apart-');
});
afterEach(async () => {
  await temp.remove();
  await remote.close();
  folder.remove();
});

describe('the list by account, copies and moves', () => {
  beforeEach(async () => {
    await start();
    await giveImprint(temp, shop.id, 'Möbelhaus Schmidt GmbH');
    shop = (await call<{ accounts: AccountView[] }>('accounts:list')).accounts.find((a) => a.id === shop.id)!;
  });

  it('lists the selected account’s drafts, all of them, and follows the selection', async () => {
    const sandboxDraft = await call<Draft>('drafts:create');
    await call('accounts:select', { id: shop.id });
    const shopDraft = await call<Draft>('drafts:create');
    expect(sandboxDraft.accountId).toBe('sandbox');
    expect(shopDraft.accountId).toBe(shop.id);
    // A new draft takes the account's default imprint.
    expect(shopDraft.publication.imprintUuid).toBe(shop.defaultImprintUuid);

    const selected = await call<DraftsListResult>('drafts:list', { account: 'selected' });
    expect(selected.items.map((item) => [item.id, item.accountId])).toEqual([[shopDraft.id, shop.id]]);
    expect(selected.accountCounts).toEqual({ sandbox: 1, [shop.id]: 1 });
    const all = await call<DraftsListResult>('drafts:list', { account: 'all' });
    expect(all.items.map((item) => item.id).sort()).toEqual([sandboxDraft.id, shopDraft.id].sort());
    await call('accounts:select', { id: 'sandbox' });
    const back = await call<DraftsListResult>('drafts:list', { account: 'selected' });
    expect(back.items.map((item) => item.id)).toEqual([sandboxDraft.id]);
  });

  it('a copy keeps its source’s account, whichever is selected', async () => {
    const source = await call<Draft>('drafts:create');
    await call('accounts:select', { id: shop.id });
    const copy = await call<Draft>('drafts:duplicate', { id: source.id });
    expect(copy.accountId).toBe('sandbox');
    const list = await call<DraftsListResult>('drafts:list', { account: 'selected' });
    expect(list.items).toEqual([]);
  });

  it('moves drafts when asked, resetting an imprint the new account does not have; says first', async () => {
    const draft = await call<Draft>('drafts:create');
    const saved = await call<Draft>('drafts:save', {
      draft: {
        ...Object.fromEntries(
          Object.entries(sampleDraft(draft.id, { title: 'Sofa' })).filter(
            ([key]) =>
              !['version', 'accountId', 'status', 'createdAt', 'updatedAt', 'photos', 'remote'].includes(key),
          ),
        ),
        publication: { ...sampleDraft(draft.id).publication, imprintUuid: 'sandbox-only-imprint' },
      },
    });
    expect(saved.publication.imprintUuid).toBe('sandbox-only-imprint');

    const asked = await call<MoveAccountResult>('drafts:move-account', {
      ids: [draft.id],
      accountId: shop.id,
      dryRun: true,
    });
    expect(asked.steps).toEqual([{ id: draft.id, title: 'Sofa', outcome: 'moved', imprintReset: true }]);
    // Asking wrote nothing.
    expect((await call<Draft>('drafts:get', { id: draft.id })).accountId).toBe('sandbox');

    const done = await call<MoveAccountResult>('drafts:move-account', {
      ids: [draft.id],
      accountId: shop.id,
    });
    expect(done).toMatchObject({ dryRun: false, steps: [{ outcome: 'moved', imprintReset: true }] });
    const moved = await call<Draft>('drafts:get', { id: draft.id });
    expect(moved.accountId).toBe(shop.id);
    expect(moved.publication.imprintUuid).toBe(shop.defaultImprintUuid);
    expect(moved.title).toBe('Sofa');
    // Moving it again to where it is changes nothing.
    const again = await call<MoveAccountResult>('drafts:move-account', {
      ids: [draft.id],
      accountId: shop.id,
    });
    expect(again.steps).toEqual([{ id: draft.id, title: 'Sofa', outcome: 'unchanged' }]);

    const unknown = await temp.fail('drafts:move-account', { ids: [draft.id], accountId: 'no-such-account' });
    expect(unknown.code).toBe('not-found');
  });

  it('suggests from the draft’s account’s listings, not the selected account’s', async () => {
    await seedListings(remote, { titles: ['Kinderwagen blau'], client: CLIENT, concurrency: 1 });
    const sandboxDraft = await call<Draft>('drafts:create');
    await call('accounts:select', { id: shop.id });
    await call('listings:list', { refresh: true });
    const shopDraft = await call<Draft>('drafts:create');
    await call('accounts:select', { id: 'sandbox' });
    const forShop = await call<DraftSuggestions>('drafts:suggestions', { draftId: shopDraft.id });
    expect(forShop.categories).toContain('Kinderwagen');
    const forSandbox = await call<DraftSuggestions>('drafts:suggestions', { draftId: sandboxDraft.id });
    expect(forSandbox.categories).not.toContain('Kinderwagen');
  });

  it('a removed account’s drafts stay, listed as of a removed account, and can be moved', async () => {
    await call('accounts:select', { id: shop.id });
    const orphan = await call<Draft>('drafts:create');
    await call('accounts:remove', { id: shop.id });
    const removed = await call<DraftsListResult>('drafts:list', { account: 'removed' });
    expect(removed.items.map((item) => item.id)).toEqual([orphan.id]);
    expect((await call<DraftsListResult>('drafts:list', { account: 'selected' })).items).toEqual([]);
    // Its imprint was the removed account's: it gives way to the Sandbox account's default (none).
    const result = await call<MoveAccountResult>('drafts:move-account', {
      ids: [orphan.id],
      accountId: 'sandbox',
    });
    expect(result.steps).toEqual([{ id: orphan.id, title: '', outcome: 'moved', imprintReset: true }]);
    const moved = await call<Draft>('drafts:get', { id: orphan.id });
    expect(moved).toMatchObject({ accountId: 'sandbox', publication: { imprintUuid: null } });
    expect((await call<DraftsListResult>('drafts:list', { account: 'removed' })).items).toEqual([]);
  });

  it('refuses to move a draft linked to a live ad and says why', async () => {
    const draft = readyDraft(folder.dir, 1, { title: 'Schrank', customReference: 'SCHRANK-1', publication });
    writeDraft(folder.dir, draft);
    await temp.remove();
    await start();
    await call('publish:start', { draftIds: [draft.id] });
    await vi.waitFor(
      async () =>
        expect((await call<Draft>('drafts:get', { id: draft.id })).remote?.listingUuid).toBeTruthy(),
      { timeout: 15_000, interval: 50 },
    );
    const result = await call<MoveAccountResult>('drafts:move-account', {
      ids: [draft.id],
      accountId: shop.id,
    });
    expect(result.steps).toEqual([
      { id: draft.id, title: 'Schrank', outcome: 'refused', reason: 'linked', fromAccountId: 'sandbox' },
    ]);
    expect((await call<Draft>('drafts:get', { id: draft.id })).accountId).toBe('sandbox');
  });
});

describe('publishing with the draft’s account', () => {
  it('puts a Sandbox draft on the Sandbox service while Möbelhaus is selected, and never on Möbelhaus', async () => {
    const draft = readyDraft(folder.dir, 2, { title: 'Kommode', customReference: 'KOMMODE-1', publication });
    writeDraft(folder.dir, draft);
    await start();
    await call('accounts:select', { id: shop.id });
    await call('publish:start', { draftIds: [draft.id] });
    await vi.waitFor(
      async () => {
        const { jobs } = await call<PublishState>('publish:list');
        expect(jobs.map((job: PublishJobView) => [job.accountId, job.state])).toEqual([
          ['sandbox', 'published'],
        ]);
      },
      { timeout: 15_000, interval: 50 },
    );
    const embedded = temp.app.sandbox.sandbox.stats().clients[temp.app.sandbox.clientId];
    expect(embedded).toMatchObject({ listings: 1, publications: 1 });
    expect(remote.stats().clients[CLIENT.clientId]?.listings ?? 0).toBe(0);
  });
});

describe('drafts stored without an account, at upgrade', () => {
  it('get their recorded or the selected account once; the seller is told until dismissing', async () => {
    // A first start makes the second account and selects it; the upgrade finds nothing to do.
    await start();
    await call('accounts:select', { id: shop.id });
    await temp.remove();
    // Drafts as an older version left them (one in the trash), and an upgrade that has not run yet.
    rmSync(path.join(folder.dir, ACCOUNT_UPGRADE_FILE));
    const plain = { ...sampleDraft(ID(1), { title: 'Stuhl', accountId: null }), photos: [] };
    const trashed = { ...sampleDraft(ID(2), { title: 'Lampe', accountId: null }), photos: [] };
    writeDraft(folder.dir, plain);
    mkdirSync(path.join(folder.dir, 'drafts', 'trash'), { recursive: true });
    writeFileSync(path.join(folder.dir, 'drafts', 'trash', `${trashed.id}.json`), JSON.stringify(trashed));
    await start();
    const first = await call<DraftsListResult>('drafts:list', { account: 'all' });
    expect(first.accountUpgrade?.accounts).toEqual([{ accountId: shop.id, count: 2, fromRecords: 0 }]);
    expect(first.items.map((item) => [item.title, item.accountId])).toEqual([['Stuhl', shop.id]]);
    const fileAfter = readFileSync(path.join(folder.dir, 'drafts', `${plain.id}.json`), 'utf8');
    // The seller's dates are kept: the upgrade is not an edit.
    expect(JSON.parse(fileAfter)).toMatchObject({ accountId: shop.id, updatedAt: plain.updatedAt });
    const trash = await call<DraftsListResult>('drafts:list', { trash: true });
    expect(trash.items.map((item) => [item.title, item.accountId])).toEqual([['Lampe', shop.id]]);

    // A second start changes nothing and tells nothing new; a draft without an account met now is
    // left for the seller to move (the list names its account as removed).
    await temp.remove();
    writeDraft(folder.dir, { ...sampleDraft(ID(3), { title: 'Bank', accountId: null }), photos: [] });
    await start();
    const second = await call<DraftsListResult>('drafts:list', { account: 'removed' });
    expect(second.items.map((item) => item.title)).toEqual(['Bank']);
    expect(second.accountUpgrade).toEqual(first.accountUpgrade);
    expect(JSON.parse(readFileSync(path.join(folder.dir, 'drafts', `${plain.id}.json`), 'utf8'))).toEqual(
      JSON.parse(fileAfter),
    );
    expect(await call('drafts:dismiss-account-upgrade')).toEqual({ done: true });
    await temp.remove();
    await start();
    const third = await call<DraftsListResult>('drafts:list', { account: 'all' });
    expect(third.accountUpgrade).toBeNull();
    expect(titles(third)).toEqual(['Bank', 'Stuhl']);
    expect(third.items.find((item) => item.title === 'Bank')?.accountId).toBeNull();
  });

  it('gives a draft the account of its first publish job', async () => {
    const draft = readyDraft(folder.dir, 4, { title: 'Regal', customReference: 'REGAL-1', publication });
    writeDraft(folder.dir, draft);
    await start();
    // Published under the Sandbox account; then, as an older version could leave it, no account.
    await call('publish:start', { draftIds: [draft.id] });
    await vi.waitFor(
      async () => expect((await call<Draft>('drafts:get', { id: draft.id })).status).toBe('published'),
      { timeout: 15_000, interval: 50 },
    );
    await call('accounts:select', { id: shop.id });
    await temp.remove();
    const stored = JSON.parse(
      readFileSync(path.join(folder.dir, 'drafts', `${draft.id}.json`), 'utf8'),
    ) as Draft;
    writeDraft(folder.dir, { ...stored, accountId: null });
    // The index would still name the account: gone, it is rebuilt from the files.
    rmSync(path.join(folder.dir, 'drafts', 'index.json'));
    rmSync(path.join(folder.dir, ACCOUNT_UPGRADE_FILE));
    await start();
    expect((await call<Draft>('drafts:get', { id: draft.id })).accountId).toBe('sandbox');
    const list = await call<DraftsListResult>('drafts:list');
    expect(list.accountUpgrade?.accounts).toEqual([{ accountId: 'sandbox', count: 1, fromRecords: 1 }]);
  });
});
