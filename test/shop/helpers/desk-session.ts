// A desk's ShopSession for the claims tests: this desk's row in listing_desk.desks and the real
// session (its pool and its one LISTEN connection), as the sync room opens it; no sync runs here.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { initShop as initShopSchema } from '../../../src/main/shop/setup/shop-init';
import type { LeaseTiming } from '../../../src/main/shop/queue/job-lease';
import type { ShopSession } from '../../../src/main/shop/connection/shop-session';
import { openShopSession } from '../../../src/main/shop/session/open-session';
import { splitShopUrl } from '../../../src/main/shop/connection/shop-db';
import { silentLog } from '../../../src/main/log/log';

/** Short leases: a stopped desk's job is taken over within seconds. */
export const TEST_LEASE: LeaseTiming = { leaseMs: 2_500, renewMs: 500, marginMs: 1_000 };

/** Creates the shop on an empty database as `shop init` does (the superuser's URL); resolves with its id. */
export async function initShop(url: string): Promise<string> {
  return (await initShopSchema(url)).shopId;
}

/** Joins a desk named `name` and opens its real session (`url` may lead through a cut proxy). */
export async function deskSession(
  url: string,
  shopId: string,
  name: string,
  deskId: string = randomUUID(),
): Promise<ShopSession> {
  await adminQuery(
    url,
    `insert into listing_desk.desks (id, name) values ($1, $2) on conflict (id) do nothing`,
    [deskId, name],
  );
  const { url: bare, password } = splitShopUrl(url);
  const session = openShopSession(
    { url: bare, shopId, deskId, deskName: name, joinedAt: new Date().toISOString() },
    password,
    { log: silentLog, retry: { firstMs: 100, maxMs: 400 }, connectTimeoutMs: 2_000 },
  );
  if (session.link().state !== 'connected')
    await new Promise<void>((resolve) => {
      const stop = session.onLink((link) => {
        if (link.state !== 'connected') return;
        stop();
        resolve();
      });
    });
  return session;
}

async function adminQuery(url: string, text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}
