// Joining a shop and leaving it (issue 24.1): the desk's row in the database, membership.json in
// the data folder, the database password in the keychain (never in a file). Leaving keeps every
// draft here; it works offline too, and then says the database was not told.
import { randomUUID } from 'node:crypto';
import type { Log } from '../../log/log';
import type { SecretStore } from '../../secrets/secret-store';
import {
  readMembership,
  removeMembership,
  writeMembership,
  type ShopMembership,
  describeShopUrl,
  shopPasswordKey,
  splitShopUrl,
  ShopError,
  ShopRefused,
  shopProblemOf,
} from '../connection';
import { clearJoining, markJoining } from './finish-join';
import { checkSchema, SHOP_SCHEMA } from '../schema';
import { withShopClient } from '../session';

export interface ShopDeskDeps {
  dataDir: string;
  secrets: SecretStore;
  log: Pick<Log, 'info' | 'warn'>;
}

/**
 * Joins this desk to the shop at `url` (its password in the URL or given apart): checks the
 * schema, adds the desk, keeps the password in the keychain and writes membership.json, in that
 * order, so that a desk with a membership always has its row and its password.
 */
export async function joinShop(
  deps: ShopDeskDeps,
  input: { url: string; password?: string; name: string },
): Promise<ShopMembership> {
  const { membership: current } = await readMembership(deps.dataDir);
  if (current) throw new ShopRefused('already-member', describeShopUrl(current.url));
  if (deps.secrets.status.mode !== 'keychain')
    throw new ShopRefused('no-keychain', deps.secrets.status.reason ?? '');
  const split = splitShopUrl(input.url);
  const password = input.password ?? split.password;
  const name = input.name.trim();
  const deskId = randomUUID();
  const joined = await asShopError(() =>
    withShopClient(split.url, password, async (client) => {
      await checkSchema(client);
      const taken = await client.query(
        `select 1 from ${SHOP_SCHEMA}.desks where lower(name) = lower($1) and left_at is null`,
        [name],
      );
      if (taken.rowCount) throw new ShopRefused('name-taken', name);
      const shop = await client.query<{ id: string }>(`select id from ${SHOP_SCHEMA}.shop limit 1`);
      const row = await client.query<{ joined_at: Date }>(
        `insert into ${SHOP_SCHEMA}.desks (id, name) values ($1, $2) returning joined_at`,
        [deskId, name],
      );
      return { shopId: shop.rows[0]!.id, joinedAt: row.rows[0]!.joined_at.toISOString() };
    }),
  );
  const membership: ShopMembership = {
    url: split.url,
    shopId: joined.shopId,
    deskId,
    deskName: name,
    joinedAt: joined.joinedAt,
  };
  try {
    if (password !== undefined) await deps.secrets.set(shopPasswordKey(deskId), password);
    // Before the membership: a desk with one always knows whether its data went up yet.
    await markJoining(deps.dataDir);
    await writeMembership(deps.dataDir, membership);
  } catch (error) {
    // Half a join is no join: the row goes as a left desk, the password out of the keychain.
    await markLeft(split.url, password, deskId).catch(() => undefined);
    await deps.secrets.delete(shopPasswordKey(deskId)).catch(() => false);
    await clearJoining(deps.dataDir).catch(() => undefined);
    throw error;
  }
  deps.log.info('shop: this desk joined', {
    where: describeShopUrl(split.url),
    deskId,
    shopId: joined.shopId,
  });
  return membership;
}

/** Runs database work; what fails in it is a ShopError (a refusal stays what it is). */
async function asShopError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShopError || error instanceof ShopRefused) throw error;
    throw new ShopError(shopProblemOf(error), error instanceof Error ? error.message : String(error));
  }
}

async function markLeft(url: string, password: string | undefined, deskId: string): Promise<void> {
  await withShopClient(url, password, (client) =>
    client.query(`update ${SHOP_SCHEMA}.desks set left_at = now() where id = $1 and left_at is null`, [
      deskId,
    ]),
  );
}

/** What leaving did: `told` false when the database could not be reached (`error` says why). */
export interface LeftShop {
  membership: ShopMembership;
  told: boolean;
  error?: unknown;
}

/** Leaves the shop: tells the database when it can, then forgets membership and password. */
export async function leaveShop(deps: ShopDeskDeps): Promise<LeftShop> {
  const { membership } = await readMembership(deps.dataDir);
  if (!membership) throw new ShopRefused('not-member', '');
  const password = await deps.secrets.get(shopPasswordKey(membership.deskId));
  let told = true;
  let error: unknown;
  try {
    await markLeft(membership.url, password, membership.deskId);
  } catch (failure) {
    // Offline (or refused): the desk leaves all the same; its row stays a member until an
    // administrator sets left_at, which the README says how.
    told = false;
    error = failure;
    deps.log.warn('shop: leaving without telling the database', {
      where: describeShopUrl(membership.url),
      error: failure instanceof Error ? failure.message : String(failure),
    });
  }
  await removeMembership(deps.dataDir);
  await clearJoining(deps.dataDir);
  await deps.secrets.delete(shopPasswordKey(membership.deskId));
  deps.log.info('shop: this desk left', { where: describeShopUrl(membership.url), told });
  return { membership, told, ...(error !== undefined && { error }) };
}
