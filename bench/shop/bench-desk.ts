// A desk of a shop for the benchmarks: a real back end (createApp) over its own data folder,
// joined to the shop's database as `shop join` leaves it, reaching it through `viaPort` (a shaped
// link) when given. No vitest here: the benchmarks run under plain tsx.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp, type App } from '../../src/main/app';
import { silentLog } from '../../src/main/log/log';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { writeMembership } from '../../src/main/shop/connection/membership';
import { initShop } from '../../src/main/shop/setup/shop-init';
import { shopPasswordKey, splitShopUrl } from '../../src/main/shop/connection/shop-db';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { Envelope } from '../../src/shared/ipc/envelope';

export interface BenchDesk {
  app: App;
  dir: string;
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** Resolves once the desk reaches the database. */
  connected(): Promise<void>;
  remove(): Promise<void>;
}

/** Creates the shop on `adminUrl` as `shop init` does. */
export async function initBenchShop(adminUrl: string): Promise<void> {
  await initShop(adminUrl);
}

/** Joins a desk named `name` (its data folder `dir`, new when not given) and opens its back end. */
export async function openBenchDesk(
  adminUrl: string,
  name: string,
  options: {
    viaPort?: number;
    dir?: string;
    publishTiming?: Parameters<typeof createApp>[0]['publishTiming'];
  } = {},
): Promise<BenchDesk> {
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'listing-desk-bench-'));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const deskId = randomUUID();
  const shop = await admin.query<{ id: string }>('select id from listing_desk.shop');
  await admin.query('insert into listing_desk.desks (id, name) values ($1, $2)', [deskId, name]);
  await admin.end();
  const via = new URL(adminUrl);
  if (options.viaPort) via.port = String(options.viaPort);
  const { url, password } = splitShopUrl(via.toString());
  await writeMembership(dir, {
    url,
    shopId: shop.rows[0]!.id,
    deskId,
    deskName: name,
    joinedAt: new Date().toISOString(),
  });
  const secrets = createSessionSecretStore('bench');
  await secrets.set(shopPasswordKey(deskId), password!);
  const app = await createApp(
    {
      shell: 'web',
      dataDir: dir,
      version: 'bench',
      systemLocale: 'en-US',
      ...(options.publishTiming && { publishTiming: options.publishTiming }),
    },
    { storeFactory: confStoreFactory, secretStore: secrets, log: silentLog },
  );
  return {
    app,
    dir,
    async call<T>(channel: string, input?: unknown): Promise<T> {
      const result = (await app.router.call(channel, input)) as Envelope<T>;
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.value;
    },
    async connected() {
      while (app.shop!.sync.session.link().state !== 'connected') await new Promise((r) => setTimeout(r, 20));
    },
    async remove() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
