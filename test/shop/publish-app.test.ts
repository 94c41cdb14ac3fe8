// The shop's publish queue in the app (issue 24.5, 24.8): a desk with membership.json publishes
// through the shop's queue once its session is bound, the Publishing list names the desk that
// runs each job, and the notice is given on the desk that pressed Publish. Jobs of the desk's own
// embedded Sandbox never enter the shop's queue.
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { writeMembership } from '../../src/main/shop/connection/membership';
import { shopPasswordKey, splitShopUrl } from '../../src/main/shop/connection/shop-db';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import type { ShopSession } from '../../src/main/shop/connection/shop-session';
import type {
  PublishJobView,
  PublishNotice,
  PublishState,
} from '../../src/shared/domain/publishing/publish-job';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../helpers/imprint';
import { addRealAccountTo, createTempApp, tempDir } from '../unit/helpers/temp-app';
import { deskSession, initShop } from './helpers/desk-session';
import { freshDatabase } from './helpers/shared-postgres';

const CLIENT = { clientId: 'moebelhaus-schmidt', clientSecret: 'moebel-secret-9d2c' };
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

it('publishes through the shop queue on a desk in a shop, naming the desk; the Sandbox stays local', async () => {
  const remote: Sandbox = await startSandbox({ port: 0, validationDelayMs: 20, clients: [CLIENT] });
  cleanup.push(() => remote.close());
  const folder = tempDir('listing-desk-shop-app-');
  cleanup.push(() => folder.remove());
  const url = await freshDatabase();
  const shopId = await initShop(url);
  const deskId = randomUUID();
  const session: ShopSession = await deskSession(url, shopId, 'Laden', deskId);
  cleanup.push(() => session.close());
  // As `shop join` leaves a desk: the URL without its password, the password in the keychain.
  const split = splitShopUrl(url);
  const deskSecrets = async () => {
    const secrets = createSessionSecretStore('no keychain in tests');
    await secrets.set(shopPasswordKey(deskId), split.password!);
    return { secretStore: secrets };
  };
  await writeMembership(folder.dir, {
    url: split.url,
    shopId,
    deskId,
    deskName: 'Laden',
    joinedAt: new Date().toISOString(),
  });

  const shop = await addRealAccountTo(
    folder.dir,
    remote,
    { name: 'Möbelhaus', client: CLIENT, imprint: 'Möbelhaus Schmidt GmbH' },
    await deskSecrets(),
  );
  const shopDraft = readyDraft(folder.dir, 1, { title: 'Schrank', accountId: shop.id, publication }, 2);
  const localDraft = readyDraft(folder.dir, 3, { title: 'Kommode', accountId: 'sandbox', publication });
  writeDraft(folder.dir, shopDraft);
  writeDraft(folder.dir, localDraft);
  const temp = await createTempApp(folder.dir, await deskSecrets());
  cleanup.push(() => temp.remove());
  const notices: PublishNotice[] = [];
  temp.app.events.subscribe((event, payload) => {
    if (event === 'publish:notice') notices.push(payload as PublishNotice);
  });
  await temp.call('publish:start', { draftIds: [shopDraft.id, localDraft.id] });
  // The session-only keychain of the tests forgot the secret at the restart: the job waits for it.
  await vi.waitFor(async () => {
    const { jobs } = await temp.call<PublishState>('publish:list');
    expect(jobs.find((job) => job.title === 'Schrank')).toMatchObject({
      state: 'waiting',
      error: { problem: 'waiting-for-secret' },
      desk: { runner: null, requestedBy: 'Laden' },
    });
  });
  expect(remote.stats().clients[CLIENT.clientId]?.listings ?? 0).toBe(0);
  await temp.call('accounts:set-secret', { id: shop.id, secret: CLIENT.clientSecret });
  await vi.waitFor(
    async () => {
      const { jobs } = await temp.call<PublishState>('publish:list');
      const byTitle = Object.fromEntries(jobs.map((job: PublishJobView) => [job.title, job]));
      expect(byTitle.Schrank).toMatchObject({
        state: 'published',
        desk: { runner: 'Laden', requestedBy: 'Laden', here: true },
      });
      expect(byTitle.Kommode).toMatchObject({ state: 'published' });
      expect(byTitle.Kommode?.desk).toBeUndefined();
    },
    { timeout: 30_000, interval: 100 },
  );
  const rows = await session.pool.query<{ draft_id: string; state: string; requested_by: string }>(
    `select draft_id, state, requested_by from listing_desk.jobs`,
  );
  expect(rows.rows).toEqual([{ draft_id: shopDraft.id, state: 'published', requested_by: deskId }]);
  expect(remote.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 1, media: 2, publications: 1 });
  await vi.waitFor(() =>
    expect(notices.map((notice) => [notice.title, notice.kind]).sort()).toEqual([
      ['Kommode', 'live'],
      ['Schrank', 'live'],
    ]),
  );
  // No secret reached the shop's database.
  const dump = await session.pool.query<{ text: string }>(
    `select coalesce(string_agg(body::text, ' '), '') as text from listing_desk.jobs`,
  );
  expect(dump.rows[0]!.text).not.toContain(CLIENT.clientSecret);
});
