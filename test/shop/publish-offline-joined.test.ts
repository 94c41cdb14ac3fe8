// Publish pressed on a desk cut off from the shop's database while another desk, online, pressed
// Publish for the same draft (issue 24.3, 24.5): once the link is back, the offline press meets the
// draft's open job in the shop and ends there, taken over by it (as a second press online joins the
// first), instead of staying queued on this desk for ever; one job in the shop, one listing.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import type { AccountView } from '../../src/shared/ipc/types';
import type { PublishState } from '../../src/shared/domain/publishing/publish-job';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { giveImprint, publicationWithoutImprint as publication } from '../helpers/imprint';
import {
  adminQuery,
  openDesk,
  saveShopAccount,
  SHOP_CLIENT,
  shopBehindProxy,
  type Desk,
} from './helpers/desks';

const CLIENT = SHOP_CLIENT;
const wait = { timeout: 30_000, interval: 100 };

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

it('ends a job pressed offline once the link is back and the draft has another desk’s job: one job, one listing', async () => {
  const sb = await startSandbox({ port: 0, validationDelayMs: 20, clients: [CLIENT] });
  cleanup.push(() => sb.close());
  const { url, proxy, via } = await shopBehindProxy(cleanup);
  // Each desk its own keychain: only Laden's has the account's secret, so Lager's job waits in the
  // shop (still open) until Laden, back online, runs it.
  const keychains = {
    Laden: createSessionSecretStore('no keychain in tests'),
    Lager: createSessionSecretStore('no keychain in tests'),
  };
  const open = async (name: 'Laden' | 'Lager', options: Parameters<typeof openDesk>[2]): Promise<Desk> => {
    const desk = await openDesk(url, name, { secrets: keychains[name], ...options });
    cleanup.push(() => desk.close());
    return desk;
  };

  let laden = await open('Laden', { via: via });
  const account = await saveShopAccount(laden, sb);
  await giveImprint(laden, account.id, 'Möbelhaus Schmidt GmbH');
  let lager = await open('Lager', {});
  await vi.waitFor(async () => {
    const { accounts } = await lager.call<{ accounts: AccountView[] }>('accounts:list');
    expect(accounts.some((a) => a.id === account.id && a.imprints.length === 1)).toBe(true);
  }, wait);
  await laden.close();
  await lager.close();
  // The same draft on both desks (as the shop's sync left it), with its photos.
  const draft = readyDraft(laden.dataDir, 1, { title: 'Schrank', accountId: account.id, publication }, 2);
  writeDraft(laden.dataDir, draft);
  cpSync(path.join(laden.dataDir, 'photos', draft.id), path.join(lager.dataDir, 'photos', draft.id), {
    recursive: true,
  });
  writeDraft(lager.dataDir, draft);

  proxy.cut();
  laden = await open('Laden', { dataDir: laden.dataDir, via: via });
  lager = await open('Lager', { dataDir: lager.dataDir });
  const start = (desk: Desk) =>
    desk.call<{ results: { jobId?: string; queuedBy?: string }[] }>('publish:start', {
      draftIds: [draft.id],
    });
  const offline = (await start(laden)).results[0]!.jobId!;
  const online = (await start(lager)).results[0]!.jobId!;
  expect(online).not.toBe(offline);
  expect(await adminQuery(url, 'select id, state from listing_desk.jobs')).toEqual([
    { id: online, state: 'waiting' },
  ]);

  proxy.heal();
  await vi.waitFor(async () => {
    const { jobs } = await laden.call<PublishState>('publish:list');
    expect(jobs.find((job) => job.id === offline)).toMatchObject({
      state: 'cancelled',
      supersededBy: online,
    });
  }, wait);
  expect(laden.log.warn).toHaveBeenCalledWith(expect.stringContaining('desk Lager had pressed Publish'));
  await vi.waitFor(async () => {
    expect(await adminQuery(url, 'select id, state from listing_desk.jobs')).toEqual([
      { id: online, state: 'published' },
    ]);
  }, wait);
  // Nothing of the ended job runs later, after a restart either.
  await laden.close();
  laden = await open('Laden', { dataDir: laden.dataDir, via: via });
  const { jobs } = await laden.call<PublishState>('publish:list');
  expect(jobs.find((job) => job.id === offline)?.state).toBe('cancelled');
  expect(sb.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 1, media: 2, publications: 1 });
  await laden.remove();
  await lager.remove();
});
