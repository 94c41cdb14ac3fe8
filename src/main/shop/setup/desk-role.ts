// The group role desks log in through (issue 24.7): it reaches only the `listing_desk` schema, with
// the statements each table needs, and nothing in `public`. Roles are cluster-wide while a shop is
// one database, so the role is named after the database; `shop init` grants it again each time,
// so that tables a newer schema adds are covered and running it twice changes nothing.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { SHOP_SCHEMA } from '../schema';
import { scramVerifier } from './scram-verifier';
import { ShopRefused } from '../connection';

type Queryable = Pick<pg.ClientBase, 'query'>;

const PREFIX = 'listing_desk_desks_';
/** PostgreSQL cuts identifiers at 63 bytes: longer names would silently become another role's. */
const MAX_IDENTIFIER = 63;

/** The desks' group role of the database `database`, e.g. `listing_desk_desks_shop`. */
export function deskRoleName(database: string): string {
  const plain = database.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const name = `${PREFIX}${plain}`;
  if (name.length <= MAX_IDENTIFIER && plain === database) return name;
  // A name changed by the cleaning (or cut) keeps a hash of the original, so two databases whose
  // names clean alike ("Shop" and "shop") never share a role.
  const hash = createHash('sha256').update(database).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_IDENTIFIER - hash.length - 1)}_${hash}`;
}

/**
 * What a desk may do in each table: read everything, write only what its work writes. A table
 * this list does not name (added by a newer part of the schema) gets plain read and write.
 */
const TABLE_PRIVILEGES: Record<string, string> = {
  schema_version: 'select',
  shop: 'select',
  desks: 'select, insert, update',
  items: 'select, insert, update',
  // Written by the items' trigger, which runs as the writing desk.
  changes: 'select, insert',
  photos: 'select, insert',
  jobs: 'select, insert, update',
  job_steps: 'select, insert',
  listings: 'select, insert, update, delete',
  due_claims: 'select, insert, update',
  account_pace: 'select, insert, update',
};
const OTHER_TABLES = 'select, insert, update, delete';

export interface DeskRoleResult {
  role: string;
  /** False when the role existed already (init run again). */
  created: boolean;
}

/**
 * Creates the desks' group role when missing and grants it the schema; takes the rights of PUBLIC
 * on the database and its `public` schema away, so a desk reaches nothing else. Runs inside the
 * caller's transaction; identifiers are quoted (DDL takes no parameters).
 */
export async function grantDeskRole(client: Queryable, database: string): Promise<DeskRoleResult> {
  const role = deskRoleName(database);
  const quotedRole = pg.escapeIdentifier(role);
  const quotedDatabase = pg.escapeIdentifier(database);
  const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
  const created = exists.rowCount === 0;
  if (created) await client.query(`create role ${quotedRole} nologin`);
  // PUBLIC may connect to any database and create in `public` (before PostgreSQL 15): a desk
  // would inherit both. The shop's database is the shop's alone, so PUBLIC loses them here.
  await client.query(`revoke all on database ${quotedDatabase} from public`);
  await client.query(`revoke all on schema public from public`);
  await client.query(`grant connect, temporary on database ${quotedDatabase} to ${quotedRole}`);
  await client.query(`grant usage on schema ${SHOP_SCHEMA} to ${quotedRole}`);
  const tables = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = $1 order by tablename`,
    [SHOP_SCHEMA],
  );
  for (const { name } of tables.rows) {
    const table = `${SHOP_SCHEMA}.${pg.escapeIdentifier(name)}`;
    await client.query(`revoke all on ${table} from ${quotedRole}`);
    await client.query(`grant ${TABLE_PRIVILEGES[name] ?? OTHER_TABLES} on ${table} to ${quotedRole}`);
  }
  await client.query(`grant usage on all sequences in schema ${SHOP_SCHEMA} to ${quotedRole}`);
  return { role, created };
}

/**
 * Makes a desk's login in the desks' role `role`, its password given as a SCRAM verifier (never in
 * plain text). Refused with `login-taken` when a role of that name exists. Role names cannot be
 * bind parameters: the name is quoted as an identifier and the verifier as a literal.
 */
export async function createDeskLogin(
  client: Queryable,
  role: string,
  login: { name: string; password: string },
): Promise<void> {
  const exists = await client.query('select 1 from pg_roles where rolname = $1', [login.name]);
  if (exists.rowCount !== 0) throw new ShopRefused('login-taken', login.name);
  await client.query(
    `create role ${pg.escapeIdentifier(login.name)} login password ${pg.escapeLiteral(scramVerifier(login.password))} in role ${pg.escapeIdentifier(role)}`,
  );
}
