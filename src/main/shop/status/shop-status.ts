// What a desk in a shop tells the seller (`shop status`, Settings → Shop): whether it reaches the
// shop's database and since when, how many changes wait to go up and photos to come down, how many
// drafts are in conflict, and the shop's desks with when each was last seen.
import { SHOP_SCHEMA } from '../schema';
import { describeShopUrl, type ShopLink } from '../connection';
import type { ShopSync } from '../sync';
import type { DeskRole } from '../../../shared/ipc/contract-shop';
import { ownStanding } from './shop-status-read';

export interface ShopDeskStatus {
  id: string;
  name: string;
  /** ISO time of its last heartbeat. */
  lastSeen: string;
  /** ISO time it left the shop, or null. */
  leftAt: string | null;
  thisDesk: boolean;
}

export interface ShopStatus {
  shopId: string;
  deskId: string;
  deskName: string;
  /** user@host:port/database: never the password. */
  database: string;
  link: ShopLink;
  /** Changed items waiting in the outbox to go up. */
  waiting: number;
  /** Photo files still to be fetched from the shop. */
  photosWaiting: number;
  /** Drafts in conflict until the seller picks. */
  conflicts: number;
  /** Items another desk changed that could not be applied here, and items that could not go up (see the log). */
  failed: { unapplied: number; stuck: number };
  /** The shop's desks; null when they could not be read (offline). */
  desks: ShopDeskStatus[] | null;
  /** This desk's role as the database last said it (issue 37.1); undefined until it answered. */
  role?: DeskRole | null;
  /** Whether the team names an owner desk; known with `role`. */
  ownerNamed?: boolean;
}

// The role each sync's database last gave: kept while offline, so the window need not guess.
const lastRoles = new WeakMap<ShopSync, { role: DeskRole | null; ownerNamed: boolean }>();

/** The status of a desk's sync; `conflicts` counts the drafts in conflict on this desk. */
export async function shopStatus(sync: ShopSync, conflicts: () => Promise<number>): Promise<ShopStatus> {
  const { membership } = sync.session;
  let desks: ShopDeskStatus[] | null = null;
  if (sync.session.link().state === 'connected') {
    try {
      const found = await sync.session.query<{
        id: string;
        name: string;
        last_seen: Date;
        left_at: Date | null;
      }>(`select id, name, last_seen, left_at from ${SHOP_SCHEMA}.desks order by name, id`);
      desks = found.rows.map((row) => ({
        id: row.id,
        name: row.name,
        lastSeen: row.last_seen.toISOString(),
        leftAt: row.left_at?.toISOString() ?? null,
        thisDesk: row.id === membership.deskId,
      }));
      lastRoles.set(sync, await ownStanding(sync.session));
    } catch {
      // The link just went down: the status says offline, and the desks are not known now.
    }
  }
  return {
    shopId: membership.shopId,
    deskId: membership.deskId,
    deskName: membership.deskName,
    database: describeShopUrl(membership.url),
    link: sync.session.link(),
    waiting: sync.outbox.count(),
    photosWaiting: sync.photos.waiting(),
    conflicts: await conflicts(),
    failed: sync.trouble(),
    desks,
    ...lastRoles.get(sync),
  };
}
