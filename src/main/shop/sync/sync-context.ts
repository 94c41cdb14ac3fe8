// What the push and the pull share: the session, the outbox, the bases, the kinds, who this desk
// is, and the names of the other desks (for "changed on <desk> at <time>").
import { isDeepStrictEqual } from 'node:util';
import type { Log } from '../../log/log';
import type { Bases } from './bases';
import { SHOP_SCHEMA } from '../schema';
import type { SyncSession } from '../session';
import type { Outbox } from './outbox';
import type { ItemKind, ShopAuthor } from './sync-kinds';

export interface SyncContext {
  session: SyncSession;
  outbox: Outbox;
  bases: Bases;
  kinds: ReadonlyMap<string, ItemKind>;
  log: Log;
  /** A desk's name by id (this desk's own without a query). */
  deskName(id: string): Promise<string>;
  /** Items whose last change read could not be applied here (`kind/id` → why), for the status. */
  unapplied: Map<string, string>;
}

/** This desk as the author of a change made at `at`. */
export function me(context: SyncContext, at: string): ShopAuthor {
  const { deskId, deskName } = context.session.membership;
  return { desk: deskId, deskName, at };
}

/** Desk names, read from the database once per unknown desk. */
export function deskNames(session: SyncSession): (id: string) => Promise<string> {
  const names = new Map<string, string>([[session.membership.deskId, session.membership.deskName]]);
  return async (id) => {
    const known = names.get(id);
    if (known !== undefined) return known;
    const found = await session.query<{ name: string }>(
      `select name from ${SHOP_SCHEMA}.desks where id = $1`,
      [id],
    );
    const name = found.rows[0]?.name ?? id;
    names.set(id, name);
    return name;
  };
}

/** Whether two bodies say the same (a body read back from jsonb has its keys in another order). */
export function sameBody(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a ?? null)), JSON.parse(JSON.stringify(b ?? null)));
}

/** A row of `items` or `changes` as the sync reads it. */
export interface ItemRow {
  kind: string;
  id: string;
  version: string | number;
  deleted: boolean;
  body: unknown;
  desk: string;
  changed_at: Date;
}
