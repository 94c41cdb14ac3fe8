// Creates or upgrades the shop's schema: every migration this build knows and the database lacks,
// in one transaction under an advisory lock (two desks running `shop init` at once apply each
// migration once). A schema newer than this build knows is refused, naming both versions.
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { LATEST_SCHEMA, MIGRATION_LOCK, SHOP_SCHEMA, migrations } from './migrations';
import { ShopError } from '../connection';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The schema version in the database: 0 for none, undefined for a database without our schema. */
export async function schemaVersion(client: Queryable): Promise<number | undefined> {
  const exists = await client.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [
    `${SHOP_SCHEMA}.schema_version`,
  ]);
  if (!exists.rows[0]?.present) return undefined;
  const found = await client.query<{ version: number | null }>(
    `select max(version)::int as version from ${SHOP_SCHEMA}.schema_version`,
  );
  return found.rows[0]?.version ?? 0;
}

export function tooNew(found: number): ShopError {
  return new ShopError(
    'schema-too-new',
    `The team's database has schema version ${found}; this Listing Desk knows up to ${LATEST_SCHEMA}. Update Listing Desk.`,
    { found, known: LATEST_SCHEMA },
  );
}

/**
 * Checks that the database holds a Listing Desk schema this build can work with: refused when it
 * has none, an older one (run `shop init` to upgrade) or a newer one (update the app).
 */
export async function checkSchema(client: Queryable): Promise<number> {
  const found = await schemaVersion(client);
  if (found === undefined || found === 0) {
    throw new ShopError(
      'not-listing-desk',
      'This database holds no Listing Desk shop. Run `shop init` on it first.',
    );
  }
  if (found > LATEST_SCHEMA) throw tooNew(found);
  if (found < LATEST_SCHEMA) {
    throw new ShopError(
      'schema-too-old',
      `The team's database has schema version ${found}; this Listing Desk needs ${LATEST_SCHEMA}. Run \`shop init\` to upgrade it.`,
      { found, known: LATEST_SCHEMA },
    );
  }
  return found;
}

export interface MigrateResult {
  from: number;
  to: number;
  shopId: string;
}

/** Applies the missing migrations in one transaction; nothing is applied when one fails. */
export async function migrate(client: pg.ClientBase): Promise<MigrateResult> {
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`create schema if not exists ${SHOP_SCHEMA}`);
    await client.query(
      `create table if not exists ${SHOP_SCHEMA}.schema_version (
         version integer primary key, name text not null, applied_at timestamptz not null default now())`,
    );
    const from = (await schemaVersion(client)) ?? 0;
    if (from > LATEST_SCHEMA) throw tooNew(from);
    for (const migration of migrations) {
      if (migration.version <= from) continue;
      await client.query(migration.sql);
      await client.query(`insert into ${SHOP_SCHEMA}.schema_version (version, name) values ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
    }
    await client.query(
      `insert into ${SHOP_SCHEMA}.shop (id) select $1 where not exists (select 1 from ${SHOP_SCHEMA}.shop)`,
      [randomUUID()],
    );
    const shop = await client.query<{ id: string }>(`select id from ${SHOP_SCHEMA}.shop limit 1`);
    await client.query('commit');
    return { from, to: LATEST_SCHEMA, shopId: shop.rows[0]!.id };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
