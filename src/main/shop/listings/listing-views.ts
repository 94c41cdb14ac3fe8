// The statements of the shop's shared listings (issue 24.6): read what moved since a version, write a
// whole read of the service or a few listings changed through it, and claim the next read. Every
// write bumps the account's version under its row lock, so versions follow commit order per account.
import type pg from 'pg';
import { listingExtrasSchema } from '../../listings/listing-extras';
import { unreadableItem } from '../../listings/listings-cache';
import type { SharedDelta, SharedRow } from '../../listings/shared-view';
import type { ListingsState } from '../../../shared/ipc/types';
import { Listing } from '../../../shared/service';
import { SHOP_SCHEMA } from '../schema';
import type { SyncSession } from '../session';

const S = SHOP_SCHEMA;
const extrasOne = listingExtrasSchema.valueType;

interface ViewRow {
  version: string;
  fetched_at: Date | null;
  unreadable: unknown;
  publications_from: string | null;
  rows: { uuid: string; body: { listing?: unknown; extras?: unknown }; removed: boolean }[];
}

/** What moved in the account's view after `since` (one statement: one snapshot), or undefined. */
export async function readDelta(
  session: SyncSession,
  accountId: string,
  since: number,
  warn: (message: string) => void,
): Promise<SharedDelta | undefined> {
  // json, not jsonb, all the way: the listings keep the key order the service sent.
  const found = await session.query<ViewRow>(
    `select v.version, v.fetched_at, v.unreadable, v.publications_from,
       coalesce((select json_agg(json_build_object('uuid', l.listing_id, 'body', l.body, 'removed', l.removed))
         from ${S}.listings l where l.account = v.account and l.version > $2), '[]'::json) as rows
     from ${S}.listing_views v
     where v.account = $1 and v.version > $2 and v.fetched_at is not null`,
    [accountId, since],
  );
  const view = found.rows[0];
  if (!view) return undefined;
  const rows: SharedRow[] = [];
  for (const row of view.rows) {
    if (row.removed) {
      rows.push({ uuid: row.uuid });
      continue;
    }
    const listing = Listing.safeParse(row.body.listing);
    const extras = extrasOne.safeParse(row.body.extras);
    // Another build's row that this one cannot read: named, and the others still shown.
    if (!listing.success) {
      warn(`shop: listing ${row.uuid} of the shared view could not be read; it is left out`);
      continue;
    }
    rows.push({
      uuid: row.uuid,
      listing: row.body.listing as Listing,
      ...(extras.success && { extras: extras.data }),
    });
  }
  const unreadable = unreadableItem.array().safeParse(view.unreadable);
  const from = view.publications_from;
  return {
    version: Number(view.version),
    full: since === 0,
    fetchedAt: view.fetched_at?.toISOString() ?? null,
    unreadable: unreadable.success ? unreadable.data : [],
    ...((from === 'service' || from === 'jobs') && { publicationsFrom: from }),
    rows,
  };
}

/** Writes listings `uuids` of `state` (a listing not in it is marked removed) at `version`. */
async function putRows(
  client: pg.PoolClient,
  deskId: string,
  accountId: string,
  version: number,
  state: ListingsState,
  uuids: readonly string[],
): Promise<void> {
  const byUuid = new Map(state.listings.map((listing) => [listing.uuid, listing]));
  // A listing no longer in the state has no body: its row is marked removed.
  const bodies = uuids.map((uuid) => {
    const listing = byUuid.get(uuid);
    return listing ? JSON.stringify({ listing, extras: state.extras?.[uuid] }) : null;
  });
  // A row unchanged keeps its version, so a desk reading what moved does not read it again.
  await client.query(
    `insert into ${S}.listings as l (account, listing_id, body, refreshed_by, version, removed)
       select $1, x.uuid, coalesce(x.body, 'null')::json, $2, $3, x.body is null
       from unnest($4::text[], $5::text[]) as x(uuid, body)
     on conflict (account, listing_id) do update
       set body = excluded.body, refreshed_at = now(), refreshed_by = $2,
           version = $3, removed = excluded.removed
       where l.removed is distinct from excluded.removed
          or (not excluded.removed and l.body::jsonb is distinct from excluded.body::jsonb)`,
    [accountId, deskId, version, uuids, bodies],
  );
}

/** Runs `work` in one transaction on a pooled connection. */
async function inTransaction<T>(
  session: SyncSession,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await session.pool.connect();
  // A connection cut between two statements is reported by the next one; the event alone would
  // otherwise go unheard and end the process.
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on('error', onError);
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    broken ??= error as Error;
    throw error;
  } finally {
    client.off('error', onError);
    // A connection that failed is not handed out again.
    client.release(broken);
  }
}

/** Writes a whole read of the service as the account's view (its claim ends). */
export function writeWhole(session: SyncSession, accountId: string, state: ListingsState): Promise<void> {
  const deskId = session.membership.deskId;
  return inTransaction(session, async (client) => {
    const bumped = await client.query<{ version: string }>(
      `insert into ${S}.listing_views as v
         (account, version, fetched_at, fetched_by, unreadable, publications_from, touched_by)
         values ($1, 1, now(), $2, $3::jsonb, $4, $2)
       on conflict (account) do update
         set version = v.version + 1, fetched_at = now(), fetched_by = $2, unreadable = $3::jsonb,
             publications_from = $4, touched_by = $2, claimed_by = null, claimed_until = null
       returning version`,
      [accountId, deskId, JSON.stringify(state.unreadable ?? []), state.publicationsFrom ?? null],
    );
    const version = Number(bumped.rows[0]!.version);
    const listed = state.listings.map((l) => l.uuid);
    const gone = await client.query<{ listing_id: string }>(
      `select listing_id from ${S}.listings where account = $1 and not removed and listing_id <> all($2::text[])`,
      [accountId, listed],
    );
    await putRows(client, deskId, accountId, version, state, [
      ...listed,
      ...gone.rows.map((row) => row.listing_id),
    ]);
  });
}

/**
 * Writes listings `uuids` of `state` into the account's view; nothing when the shop has no view of
 * the account yet (a list of a few would hide the others from every desk until a read).
 */
export function writeSome(
  session: SyncSession,
  accountId: string,
  state: ListingsState,
  uuids: readonly string[],
): Promise<void> {
  const deskId = session.membership.deskId;
  return inTransaction(session, async (client) => {
    const bumped = await client.query<{ version: string }>(
      `update ${S}.listing_views set version = version + 1, touched_by = $2
       where account = $1 and fetched_at is not null returning version`,
      [accountId, deskId],
    );
    const row = bumped.rows[0];
    if (row) await putRows(client, deskId, accountId, Number(row.version), state, uuids);
  });
}

/**
 * Claims the next read of the account's listings for this desk: granted when the view is older than
 * `maxAgeMs` (or has never been read) and no claim holds, this desk's own included (its read may be
 * done and its write on the way).
 */
export async function claimRead(
  session: SyncSession,
  accountId: string,
  maxAgeMs: number,
  claimMs: number,
): Promise<boolean> {
  const found = await session.query(
    `insert into ${S}.listing_views as v (account, touched_by, claimed_by, claimed_until)
       values ($1, $2, $2, now() + make_interval(secs => $4))
     on conflict (account) do update
       set claimed_by = $2, claimed_until = excluded.claimed_until, touched_by = $2
       where (v.fetched_at is null or v.fetched_at <= now() - make_interval(secs => $3))
         and (v.claimed_until is null or v.claimed_until < now())
     returning account`,
    [accountId, session.membership.deskId, maxAgeMs / 1000, claimMs / 1000],
  );
  return found.rowCount === 1;
}

/** Gives up this desk's claim on the account's next read (its read failed). */
export async function releaseClaim(session: SyncSession, accountId: string): Promise<void> {
  await session.query(
    `update ${S}.listing_views set claimed_until = null, touched_by = $2
     where account = $1 and claimed_by = $2 and claimed_until is not null`,
    [accountId, session.membership.deskId],
  );
}
