// Down: the change feed in commit order from the saved cursor. Each change of another desk is
// applied through the item's own store (the window hears of it as of a local change); over a
// change of this desk still waiting in the outbox it is merged three ways instead. A change is known
// by its version in the bases, and the cursor is saved after the bases: after any break the feed
// is read again from the cursor and nothing is skipped or applied twice. This desk's own changes
// only move its bases on (a set whose answer was lost is recognised so).
import { SHOP_SCHEMA } from '../schema';
import { isLinkProblem } from '../connection';
import { me, type ItemRow, type SyncContext } from './sync-context';

const BATCH = 200;

/** Reads and applies the feed up to its end; `onApplied` after each change read. */
export async function pullFeed(context: SyncContext, onApplied?: () => void): Promise<void> {
  let cursor = await context.bases.cursor();
  for (;;) {
    const read = await context.session.query<ItemRow & { seq: string }>(
      `select seq, kind, id, version, deleted, body, desk, changed_at from ${SHOP_SCHEMA}.changes
       where seq > $1 order by seq limit ${BATCH}`,
      [cursor],
    );
    if (read.rows.length === 0) return;
    for (const row of read.rows) {
      const key = `${row.kind}/${row.id}`;
      try {
        await applyChange(context, row);
        context.unapplied.delete(key);
      } catch (error) {
        if (isLinkProblem(error)) throw error;
        // One change this desk cannot apply (a file here unreadable, a body a newer build wrote)
        // must not stop the feed: it is logged and counted in the status until a later change of
        // the item applies.
        context.unapplied.set(key, error instanceof Error ? error.message : String(error));
        context.log.error(`shop: a change of ${row.kind} ${row.id} could not be applied on this desk`, error);
      }
      cursor = Number(row.seq);
      onApplied?.();
    }
    await context.bases.setCursor(cursor);
    // A short batch was the feed's end when read: a change committed since then wakes the next
    // round with its NOTIFY, so asking again now would only cost a round trip.
    if (read.rows.length < BATCH) return;
  }
}

/** How many changes the feed holds beyond this desk's cursor. */
export async function feedBehind(context: SyncContext): Promise<number> {
  const cursor = await context.bases.cursor();
  const found = await context.session.query<{ n: string }>(
    `select count(*) as n from ${SHOP_SCHEMA}.changes where seq > $1`,
    [cursor],
  );
  return Number(found.rows[0]?.n ?? 0);
}

async function applyChange(context: SyncContext, row: ItemRow): Promise<void> {
  const { bases, outbox } = context;
  const item = context.kinds.get(row.kind);
  // A kind this desk does not share (another part's rows, or a newer build's): not ours to apply.
  if (!item) return;
  const version = Number(row.version);
  const base = await bases.get(row.kind, row.id);
  if (base && base.version >= version) return;
  const next = { version, deleted: row.deleted, body: row.body };
  if (row.desk === context.session.membership.deskId) {
    await bases.set(row.kind, row.id, next);
    return;
  }
  const theirs = row.deleted ? undefined : row.body;
  const before = base && !base.deleted ? base.body : undefined;
  const who = {
    mine: me(context, outbox.marksOf(row.kind, row.id)[0]?.at ?? new Date().toISOString()),
    theirs: { desk: row.desk, deskName: await context.deskName(row.desk), at: row.changed_at.toISOString() },
  };
  let applied: unknown;
  await item.apply(
    row.id,
    (current) => (applied = outbox.has(row.kind, row.id) ? item.merge(before, current, theirs, who) : theirs),
    who.theirs,
  );
  await bases.set(row.kind, row.id, next);
  if (applied !== undefined) item.afterApply?.(row.id, applied);
}
