// The shop as this desk sees it when its sync is not running (joined in the window, which starts
// sharing at its next start): membership, the database asked now, the changes waiting in the
// outbox, and the shop's desks. A running sync answers with its own status (shop-status.ts).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { DeskRole, ShopDeskView, ShopStatusView } from '../../../shared/ipc/contract-shop';
import type { UiLanguage } from '../../../shared/i18n-language';
import type { SecretStore } from '../../secrets/secret-store';
import {
  readMembership,
  shopFolder,
  describeShopUrl,
  shopPasswordKey,
  ShopError,
  shopProblemOf,
} from '../connection';
import { SHOP_SCHEMA } from '../schema';
import { withShopClient } from '../session';
import { shopProblemView } from './shop-words';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface ShopStatusDeps {
  dataDir: string;
  secrets: SecretStore;
  language: UiLanguage;
}

/** The changes written to the outbox (one file each) and not yet sent. */
export async function outboxCount(dataDir: string): Promise<number> {
  const names = await readdir(path.join(shopFolder(dataDir), 'outbox')).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  });
  // Half-written files (atomic writes' temporaries) are not changes yet.
  return names.filter((name) => !name.startsWith('.') && !name.endsWith('.tmp')).length;
}

async function desksOf(client: Queryable, self: string): Promise<ShopDeskView[]> {
  const rows = await client.query<{ id: string; name: string; last_seen: Date; left_at: Date | null }>(
    `select id, name, last_seen, left_at from ${SHOP_SCHEMA}.desks order by joined_at, name`,
  );
  return rows.rows.map((row) => ({
    id: row.id,
    name: row.name,
    lastSeen: row.last_seen.toISOString(),
    leftAt: row.left_at?.toISOString() ?? null,
    self: row.id === self,
  }));
}

/** The role of the login the statement runs as (listing_desk.desk_grade(), issue 37.1), and whether the team names an owner desk (owner_named()). */
export async function ownStanding(client: {
  query<R extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<R>>;
}): Promise<{ role: DeskRole | null; ownerNamed: boolean }> {
  const found = await client.query<{ role: DeskRole | null; owner_named: boolean }>(
    `select ${SHOP_SCHEMA}.desk_grade() as role, ${SHOP_SCHEMA}.owner_named() as owner_named`,
  );
  const row = found.rows[0];
  return { role: row?.role ?? null, ownerNamed: row?.owner_named ?? false };
}

/** This desk's view of the shop; a lone desk answers `member: false`. */
export async function readShopStatus(deps: ShopStatusDeps): Promise<ShopStatusView> {
  const { membership } = await readMembership(deps.dataDir);
  const waiting = await outboxCount(deps.dataDir);
  if (!membership) return { member: false, role: 'owner', waiting, desks: [] };
  const where = describeShopUrl(membership.url);
  const base = {
    member: true,
    where,
    shopId: membership.shopId,
    deskId: membership.deskId,
    deskName: membership.deskName,
    joinedAt: membership.joinedAt,
    waiting,
  };
  const problem = (error: unknown) =>
    shopProblemView(
      deps.language,
      shopProblemOf(error),
      where,
      error instanceof ShopError ? error.versions : undefined,
    );
  const since = new Date().toISOString();
  const password = await deps.secrets.get(shopPasswordKey(membership.deskId));
  try {
    const { desks, standing } = await withShopClient(membership.url, password, async (client) => ({
      desks: await desksOf(client, membership.deskId),
      standing: await ownStanding(client),
    }));
    const self = desks.find((desk) => desk.self);
    // A desk marked left in the database (by an administrator, or a leave from another copy of
    // this folder) is told so, not shown as connected.
    if (!self || self.leftAt !== null)
      return {
        ...base,
        link: { state: 'offline', since, problem: problem(new ShopError('desk-left', '')) },
        desks,
      };
    return { ...base, ...standing, link: { state: 'connected', since }, desks };
  } catch (error) {
    return { ...base, link: { state: 'offline', since, problem: problem(error) }, desks: [] };
  }
}
