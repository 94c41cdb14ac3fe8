// The schema is numbered migrations applied in one transaction under a lock (issue 24.1).
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { checkSchema, migrate, schemaVersion } from '../../src/main/shop/schema/migrate';
import { LATEST_SCHEMA } from '../../src/main/shop/schema/migrations';
import { ShopError } from '../../src/main/shop/connection/shop-error';
import { freshDatabase } from './helpers/shared-postgres';

const clients: pg.Client[] = [];
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.end()));
});

it('creates the schema once even when several desks run init at the same instant', async () => {
  const url = await freshDatabase();
  const desks = await Promise.all([1, 2, 3, 4].map(() => connect(url)));
  const results = await Promise.all(desks.map((client) => migrate(client)));
  expect(results.filter((result) => result.from === 0)).toHaveLength(1);
  expect(new Set(results.map((result) => result.shopId)).size).toBe(1);
  expect(await schemaVersion(desks[0]!)).toBe(LATEST_SCHEMA);
  expect(await checkSchema(desks[0]!)).toBe(LATEST_SCHEMA);
});

it('refuses a database without our schema, and one newer than this build, naming both versions', async () => {
  const url = await freshDatabase();
  const client = await connect(url);
  await expect(checkSchema(client)).rejects.toMatchObject({ problem: 'not-listing-desk' });
  await migrate(client);
  await client.query(
    `insert into listing_desk.schema_version (version, name) values ($1, 'from the future')`,
    [LATEST_SCHEMA + 1],
  );
  const refused = await checkSchema(client).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ShopError);
  expect(refused).toMatchObject({
    problem: 'schema-too-new',
    versions: { found: LATEST_SCHEMA + 1, known: LATEST_SCHEMA },
  });
  expect((refused as Error).message).toContain(String(LATEST_SCHEMA + 1));
  await expect(migrate(client)).rejects.toMatchObject({ problem: 'schema-too-new' });
});

it('commits the feed in commit order: a slow writer that started first gets the later seq', async () => {
  const url = await freshDatabase();
  const [a, b] = [await connect(url), await connect(url)];
  await migrate(a);
  const desk = '00000000-0000-4000-8000-000000000001';
  await a.query(`insert into listing_desk.desks (id, name) values ($1, 'A')`, [desk]);
  await a.query('begin');
  await a.query(
    `insert into listing_desk.items (kind, id, version, body, desk) values ('draft', 'slow', 1, '{}', $1)`,
    [desk],
  );
  // B writes while A's transaction is open: it waits for A's feed lock, so it cannot commit first.
  const bWrite = b.query(
    `insert into listing_desk.items (kind, id, version, body, desk) values ('draft', 'fast', 1, '{}', $1)`,
    [desk],
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  await a.query('commit');
  await bWrite;
  const feed = await a.query<{ id: string }>('select id from listing_desk.changes order by seq');
  expect(feed.rows.map((row) => row.id)).toEqual(['slow', 'fast']);
});

it('refuses writes by a desk that has left', async () => {
  const url = await freshDatabase();
  const client = await connect(url);
  await migrate(client);
  const desk = '00000000-0000-4000-8000-000000000002';
  await client.query(`insert into listing_desk.desks (id, name, left_at) values ($1, 'gone', now())`, [desk]);
  await expect(
    client.query(
      `insert into listing_desk.items (kind, id, version, body, desk) values ('draft', 'x', 1, '{}', $1)`,
      [desk],
    ),
  ).rejects.toMatchObject({ code: 'LD001' });
});
