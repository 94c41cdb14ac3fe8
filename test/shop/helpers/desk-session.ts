// A desk's ShopSession for the claims tests, built by hand (the sync room opens the real one): a
// pg pool on the shop's database, this desk's row in listing_desk.desks, a link that is always up.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { initShop as initShopSchema } from '../../../src/main/shop/shop-init';
import type { LeaseTiming } from '../../../src/main/shop/job-lease';
import type { ShopSession } from '../../../src/main/shop/shop-session';

/** Short leases: a stopped desk's job is taken over within seconds. */
export const TEST_LEASE: LeaseTiming = { leaseMs: 2_500, renewMs: 500, marginMs: 1_000 };

/** Creates the shop on an empty database as `shop init` does (the superuser's URL); resolves with its id. */
export async function initShop(url: string): Promise<string> {
  return (await initShopSchema(url)).shopId;
}

/** Joins a desk named `name` and opens its session (`url` may lead through a cut proxy). */
export async function deskSession(
  url: string,
  shopId: string,
  name: string,
  deskId: string = randomUUID(),
): Promise<ShopSession> {
  const pool = new pg.Pool({ connectionString: url, max: 8, connectionTimeoutMillis: 2_000 });
  // A cut connection fails its queries; the idle ones' errors are expected here.
  pool.on('error', () => undefined);
  await pool.query(`insert into listing_desk.desks (id, name) values ($1, $2) on conflict (id) do nothing`, [
    deskId,
    name,
  ]);
  const since = new Date().toISOString();
  return {
    membership: { url, shopId, deskId, deskName: name, joinedAt: since },
    pool,
    link: () => ({ state: 'connected', since }),
    onLink: () => () => undefined,
    close: () => pool.end(),
  };
}
