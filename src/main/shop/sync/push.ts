// Up: the outbox, item by item in the order of their first mark, as a compare-and-set on the row's
// version (insert when the shop has never seen the item). A refused set means another desk wrote
// the item first: its row is merged three ways with this desk's item against the base, the merge
// is applied here, and the merge goes up against the row's version. Nothing is overwritten blindly.
import { isLinkProblem, roleRefusalOf } from '../connection';
import { SHOP_SCHEMA } from '../schema';
import { me, sameBody, type ItemRow, type SyncContext } from './sync-context';
import type { ItemKind } from './sync-kinds';
import type { OutboxMark } from './outbox';

const key = (mark: { kind: string; id: string }) => `${mark.kind}\u0000${mark.id}`;

/**
 * Sends what waits in the outbox; a link failure stops it (the marks stay for the next round). An
 * item the desk's role may not write is logged and kept on the desk; one that fails otherwise is
 * logged and left in the outbox (`stuck`), and the others go on.
 */
export async function pushOutbox(
  context: SyncContext,
  stuck: Set<string>,
  onSent?: () => void,
): Promise<void> {
  for (;;) {
    const marks = context.outbox.next((mark) => stuck.has(key(mark)));
    if (!marks) return;
    const first = marks[0]!;
    const item = context.kinds.get(first.kind);
    if (!item) {
      context.outbox.remove(marks);
      continue;
    }
    try {
      await sendItem(context, item, first.id, marks);
    } catch (error) {
      // Issue 37.1: the database refuses this desk's role the item (an account on a publish desk):
      // it stays this desk's own, and the mark goes, so it neither waits forever nor fails a join.
      const refusal = roleRefusalOf(error);
      if (refusal) {
        context.outbox.remove(marks);
        context.log.warn(
          `shop: ${first.kind} ${first.id} stays on this desk: its role (${refusal.role}) may not ${refusal.action}`,
        );
        onSent?.();
        continue;
      }
      if (isLinkProblem(error)) throw error;
      stuck.add(key(first));
      context.log.error(`shop: ${first.kind} ${first.id} could not go up; it waits in the outbox`, error);
    }
    onSent?.();
  }
}

async function sendItem(
  context: SyncContext,
  item: ItemKind,
  id: string,
  marks: OutboxMark[],
): Promise<void> {
  const { session, bases, outbox } = context;
  const table = `${SHOP_SCHEMA}.items`;
  const desk = session.membership.deskId;
  // Issue 37.5: when the change was made here (its first mark; perhaps offline), which the activity
  // log keeps beside the time the change reached the database.
  const madeAt = marks[0]!.at;
  // Bounded: each refusal means another desk wrote in between; a merge always converges.
  for (let tries = 0; tries < 20; tries += 1) {
    const mine = await item.read(id);
    const base = await bases.get(item.kind, id);
    const deleted = mine === undefined;
    if (base ? base.deleted === deleted && (deleted || sameBody(base.body, mine)) : deleted) {
      outbox.remove(marks);
      return;
    }
    if (!deleted) await item.beforeSend?.(mine);
    const body = deleted ? null : JSON.stringify(mine);
    const written = base
      ? await session.query<{ version: string }>(
          `update ${table} set version = version + 1, body = $4::jsonb, deleted = $5, desk = $6, changed_at = now(),
                  made_at = $7::timestamptz
           where kind = $1 and id = $2 and version = $3 returning version`,
          [item.kind, id, base.version, body, deleted, desk, madeAt],
        )
      : await session.query<{ version: string }>(
          `insert into ${table} (kind, id, version, body, deleted, desk, made_at)
           values ($1, $2, 1, $3::jsonb, $4, $5, $6::timestamptz)
           on conflict (kind, id) do nothing returning version`,
          [item.kind, id, body, deleted, desk, madeAt],
        );
    const version = written.rows[0]?.version;
    if (version !== undefined) {
      await bases.set(item.kind, id, { version: Number(version), deleted, body: deleted ? null : mine });
      outbox.remove(marks);
      return;
    }
    const found = await session.query<ItemRow>(
      `select kind, id, version, deleted, body, desk, changed_at from ${table} where kind = $1 and id = $2`,
      [item.kind, id],
    );
    const row = found.rows[0];
    if (!row) throw new Error(`The shop lost ${item.kind} ${id} (its base says version ${base?.version})`);
    const who = {
      mine: me(context, marks[0]!.at),
      theirs: {
        desk: row.desk,
        deskName: await context.deskName(row.desk),
        at: row.changed_at.toISOString(),
      },
    };
    const theirs = row.deleted ? undefined : row.body;
    const before = base && !base.deleted ? base.body : undefined;
    let merged: unknown;
    await item.apply(id, (current) => (merged = item.merge(before, current, theirs, who)), who.theirs);
    await bases.set(item.kind, id, { version: Number(row.version), deleted: row.deleted, body: row.body });
    if (merged !== undefined) item.afterApply?.(id, merged);
  }
  throw new Error(`${item.kind} ${id} was refused 20 times in a row`);
}
