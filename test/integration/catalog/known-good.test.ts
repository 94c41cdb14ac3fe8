// What the service took, per account (issue 33.4), over real HTTP against the embedded sandbox: the
// store learns from a listings read (a single-segment category only where exactly one catalog path
// ends in it) and from an accepted create, keeps it in the data folder, and the app answers it on
// `catalog:known-good`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openKnownGood, shippedCatalog, watchListingWrites } from '../../../src/main/catalog';
import { createServiceClient } from '../../../src/main/service-client';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { SANDBOX_ACCOUNT_ID } from '../../../src/main/storage/accounts-store';
import type { Sandbox } from '../../../src/sandbox';
import { makeCatalogView } from '../../../src/shared/domain/catalog';
import type { ListingCreateRequest } from '../../../src/shared/service';
import { clientOf } from '../publish/helpers';
import { start } from '../sandbox/helpers';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const view = makeCatalogView(shippedCatalog());
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const SHOES = 'Mode_Beauty/Schuhe_Damen';
// Eight catalog paths end in `Sonstiges`: read back alone, it names none of them.
const OTHER = 'Mode_Beauty/Sonstiges';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function request(category: string, attributes: Record<string, string>): ListingCreateRequest {
  return {
    title: 'Pumps, kaum getragen',
    category,
    description: 'Schwarze Pumps.',
    attributes,
    adType: 'OFFER',
    price: { type: 'FIXED', amount: 25 },
    email: 'seller@example.de',
  };
}

async function sandbox(options: Parameters<typeof start>[0] = {}): Promise<Sandbox> {
  const sb = await start(options);
  cleanup.push(() => sb.close());
  return sb;
}

describe('the known-good store and the watched client', () => {
  it('learns from an accepted create, before any read, and keeps it on disk', async () => {
    expect(view.pathsEndingIn('Sonstiges').length).toBeGreaterThan(1);
    const folder = tempDir('listing-desk-known-good-');
    cleanup.push(() => folder.remove());
    const store = await openKnownGood({ dataDir: folder.dir, view: () => view, log: quietLog });
    const sb = await sandbox();
    const client = watchListingWrites('acc-1', clientOf(sb), { store, view: () => view, log: quietLog });

    const { uuid } = await client.createListing(request(OTHER, { condition: 'like_new', versand: 'ja' }));
    expect(store.category('acc-1', OTHER)).toBe(true);
    expect(store.value('acc-1', OTHER, 'condition', 'like_new')).toBe(true);
    expect(store.value('acc-1', OTHER, 'condition', 'ok')).toBe(false);
    // Another account learned nothing.
    expect(store.category('acc-2', OTHER)).toBe(false);
    // The listing's path is known from the create: an update sending only attributes is learned in it.
    await client.updateListing(uuid, { attributes: { condition: 'ok' } });
    expect(store.value('acc-1', OTHER, 'condition', 'ok')).toBe(true);
    await store.flush();
    const file = path.join(folder.dir, 'known-good', 'acc-1.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      version: 1,
      categories: { [OTHER]: { condition: ['like_new', 'ok'], versand: ['ja'] } },
    });
    const again = await openKnownGood({ dataDir: folder.dir, view: () => view, log: quietLog });
    expect(again.value('acc-1', OTHER, 'versand', 'ja')).toBe(true);
  });

  it('learns nothing from a refused create', async () => {
    const folder = tempDir('listing-desk-known-good-');
    cleanup.push(() => folder.remove());
    const store = await openKnownGood({ dataDir: folder.dir, view: () => view, log: quietLog });
    const sb = await sandbox({ quirks: { categoryPaths: 'catalog' } });
    const client = watchListingWrites('acc-1', clientOf(sb), { store, view: () => view, log: quietLog });
    await expect(client.createListing(request('Elektronik/Handys', { marke: 'x' }))).rejects.toMatchObject({
      status: 400,
    });
    expect(store.category('acc-1', 'Elektronik/Handys')).toBe(false);
  });
});

describe('the app', () => {
  let temp: TempApp;

  /** The app over a fresh folder, and a client of its Sandbox account that is not the app's. */
  async function openApp() {
    const secretStore = createSessionSecretStore('no keychain in tests');
    temp = await createTempApp(undefined, { secretStore }, { sandboxCatalog: { categoryPaths: 'any' } });
    cleanup.push(() => temp.remove());
    const { authUrl, baseUrl, clientId } = temp.app.sandbox;
    const outside = createServiceClient({
      authUrl,
      baseUrl,
      clientId,
      authScheme: 'auto',
      getSecret: () => secretStore.get(SANDBOX_ACCOUNT_ID),
    });
    return { outside, sandbox: temp.app.sandbox.sandbox };
  }

  it('learns the categories and values of the listings it reads, a single segment only where it is plain', async () => {
    const { outside, sandbox: sb } = await openApp();
    // Made elsewhere (another tool, the marketplace's site): the app learns of them by reading.
    await outside.createListing(request(SHOES, { groesse: '38', condition: 'like_new' }));
    await outside.createListing(request(OTHER, { condition: 'ok' }));
    const changes: unknown[] = [];
    temp.app.events.subscribe((event, payload) => {
      if (event === 'catalog:known-good-changed') changes.push(payload);
    });
    const state = await temp.call<{ listings: { category: string }[] }>('listings:list', { refresh: true });
    // The sandbox answers as the spec's sample: the last segment only.
    expect(state.listings.map((l) => l.category).sort()).toEqual(['Schuhe_Damen', 'Sonstiges']);
    const known = temp.app.knownGood;
    expect(known.category(SANDBOX_ACCOUNT_ID, SHOES)).toBe(true);
    expect(known.value(SANDBOX_ACCOUNT_ID, SHOES, 'groesse', '38')).toBe(true);
    expect(known.value(SANDBOX_ACCOUNT_ID, SHOES, 'condition', 'like_new')).toBe(true);
    // `Sonstiges` ends eight catalog paths: which one cannot be told, so nothing is learned of it.
    expect(known.category(SANDBOX_ACCOUNT_ID, OTHER)).toBe(false);
    expect(changes).toContainEqual({ accountId: SANDBOX_ACCOUNT_ID });
    expect(await temp.call('catalog:known-good', { accountId: SANDBOX_ACCOUNT_ID })).toEqual({
      categories: { [SHOES]: { condition: ['like_new'], groesse: ['38'] } },
    });

    // A service that reads back whole paths: every one is learned, one the catalog lacks too.
    sb.setQuirks({ categoryResponse: 'path' });
    await outside.createListing(request('Elektronik/Handys', { marke: 'fairphone' }));
    await temp.call('listings:list', { refresh: true });
    expect(known.category(SANDBOX_ACCOUNT_ID, OTHER)).toBe(true);
    expect(known.value(SANDBOX_ACCOUNT_ID, OTHER, 'condition', 'ok')).toBe(true);
    expect(known.value(SANDBOX_ACCOUNT_ID, 'Elektronik/Handys', 'marke', 'fairphone')).toBe(true);
    expect(await temp.call('catalog:known-good', { accountId: 'nobody' })).toEqual({ categories: {} });
  });
});
