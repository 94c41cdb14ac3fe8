// Publish pressed on a desk cut off from the shop's database (issue 24.3, 24.5): the job is kept on
// the desk, and still after the desk was closed and opened again while the link stayed down; once
// the link is back it goes into the shop's queue once and is published once.
import { afterEach, expect, it, vi } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
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

it('keeps a job pressed offline over a restart while offline, and publishes it once when the link is back', async () => {
  const sb = await startSandbox({ port: 0, validationDelayMs: 20, clients: [CLIENT] });
  cleanup.push(() => sb.close());
  const { url, proxy, via } = await shopBehindProxy(cleanup);
  // Its own keychain, kept over the restarts below.
  const secrets = createSessionSecretStore('no keychain in tests');
  let laden: Desk = await openDesk(url, 'Laden', { via, secrets });
  const account = await saveShopAccount(laden, sb);
  await giveImprint(laden, account.id, 'Möbelhaus Schmidt GmbH');
  await laden.close();
  const { dataDir } = laden;
  const draft = readyDraft(dataDir, 1, { title: 'Schrank', accountId: account.id, publication }, 2);
  writeDraft(dataDir, draft);
  const reopen = async () => {
    laden = await openDesk(url, 'Laden', { dataDir, via, secrets });
    cleanup.push(() => laden.close());
  };

  proxy.cut();
  await reopen();
  const [press] = (
    await laden.call<{ results: { jobId?: string }[] }>('publish:start', { draftIds: [draft.id] })
  ).results;
  const jobId = press!.jobId!;
  await laden.close();
  await reopen();
  await vi.waitFor(async () => {
    const { jobs } = await laden.call<PublishState>('publish:list');
    // It says why it waits: the shop's database is out of reach (issue 32.3).
    expect(jobs.find((job) => job.id === jobId)).toMatchObject({
      state: 'waiting',
      error: { problem: 'waiting-for-shop' },
    });
  }, wait);
  expect(await adminQuery(url, 'select id from listing_desk.jobs')).toEqual([]);
  expect(sb.stats().clients[CLIENT.clientId]?.listings ?? 0).toBe(0);

  proxy.heal();
  await vi.waitFor(async () => {
    const { jobs } = await laden.call<PublishState>('publish:list');
    expect(jobs.find((job) => job.id === jobId)?.state).toBe('published');
  }, wait);
  const rows = await adminQuery<{ id: string; state: string }>(
    url,
    'select id, state from listing_desk.jobs',
  );
  expect(rows).toEqual([{ id: jobId, state: 'published' }]);
  expect(sb.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 1, media: 2, publications: 1 });
  await laden.remove();
});
