// The group roles desks log in through (issues 24.7 and 37): they reach only the `listing_desk`
// schema, with the statements each table needs, and nothing in `public`. Roles are cluster-wide
// while a shop is one database, so each role is named after the database. Three groups, each a
// member of the one below it: prepare (the table rights), publish and owner (what more they may do
// is checked by the schema's triggers against `listing_desk.desk_roles`). Today's desks' role of
// an older shop is a member of publish, so its logins go on publishing. `shop init` grants them
// again each time, so that tables a newer schema adds are covered and running it twice changes nothing.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { SHOP_SCHEMA } from '../schema';
import { scramVerifier } from './scram-verifier';
import { ShopRefused } from '../connection';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The advisory lock key that serializes granting the desks' roles (roles are cluster-wide). */
export const ROLE_LOCK = 7_024_101;

/** What a desk's login may do, lowest first (issue 37.1). */
export const DESK_GRADES = ['prepare', 'publish', 'owner'] as const;
export type DeskGrade = (typeof DESK_GRADES)[number];

/** PostgreSQL cuts identifiers at 63 bytes: longer names would silently become another role's. */
const MAX_IDENTIFIER = 63;

function roleName(prefix: string, database: string): string {
  const plain = database.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const name = `${prefix}${plain}`;
  if (name.length <= MAX_IDENTIFIER && plain === database) return name;
  // A name changed by the cleaning (or cut) keeps a hash of the original, so two databases whose
  // names clean alike ("Shop" and "shop") never share a role.
  const hash = createHash('sha256').update(database).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_IDENTIFIER - hash.length - 1)}_${hash}`;
}

/** Today's desks' group role of the database `database`, e.g. `listing_desk_desks_shop` (a publish group). */
export function deskRoleName(database: string): string {
  return roleName('listing_desk_desks_', database);
}

/** The group role of `grade` in the database `database`, e.g. `listing_desk_publish_shop`. */
export function gradeRoleName(database: string, grade: DeskGrade): string {
  return roleName(`listing_desk_${grade}_`, database);
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
  feed_leases: 'select, insert, update',
  desk_roles: 'select',
  // Issue 37.5: the log takes new rows; no desk changes or deletes one (a trigger refuses it too).
  activity: 'select, insert',
  // Issue 37.4: requests are asked and decided, never deleted; the rules are the owner's (a trigger).
  approvals: 'select, insert, update',
  approval_rules: 'select, insert, update, delete',
};
const OTHER_TABLES = 'select, insert, update, delete';

export interface DeskRoleResult {
  /** The publish group, which new desks' logins are made in unless told otherwise. */
  role: string;
  /** False when every role existed already (init run again). */
  created: boolean;
}

/**
 * Creates the group roles when missing (prepare, publish, owner, and today's desks' role as a member
 * of publish), writes them to `desk_roles` and grants prepare the schema; takes the rights of PUBLIC
 * on the database and its `public` schema away, so a desk reaches nothing else. Runs inside the
 * caller's transaction; identifiers are quoted (DDL takes no parameters).
 */
export async function grantDeskRole(client: Queryable, database: string): Promise<DeskRoleResult> {
  const q = pg.escapeIdentifier;
  const roles = Object.fromEntries(
    DESK_GRADES.map((grade) => [grade, gradeRoleName(database, grade)]),
  ) as Record<DeskGrade, string>;
  const desks = deskRoleName(database);
  let created = false;
  for (const role of [...Object.values(roles), desks]) {
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
    if (exists.rowCount !== 0) continue;
    await client.query(`create role ${q(role)} nologin`);
    created = true;
  }
  // Each group may do what the one below it may: a member of publish is a member of prepare.
  for (const [group, member] of [
    [roles.prepare, roles.publish],
    [roles.publish, roles.owner],
    [roles.publish, desks],
  ] as const) {
    const has = await client.query(
      `select 1 from pg_auth_members m where m.roleid = to_regrole($1) and m.member = to_regrole($2)`,
      [q(group), q(member)],
    );
    if (has.rowCount === 0) await client.query(`grant ${q(group)} to ${q(member)}`);
  }
  for (const grade of DESK_GRADES)
    await client.query(
      `insert into ${SHOP_SCHEMA}.desk_roles (grade, role) values ($1, $2)
       on conflict (grade) do update set role = excluded.role`,
      [grade, roles[grade]],
    );
  const base = q(roles.prepare);
  const quotedDatabase = q(database);
  // PUBLIC may connect to any database and create in `public` (before PostgreSQL 15): a desk
  // would inherit both. The shop's database is the shop's alone, so PUBLIC loses them here.
  await client.query(`revoke all on database ${quotedDatabase} from public`);
  await client.query(`revoke all on schema public from public`);
  await client.query(`grant connect, temporary on database ${quotedDatabase} to ${base}`);
  await client.query(`grant usage on schema ${SHOP_SCHEMA} to ${base}`);
  const tables = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = $1 order by tablename`,
    [SHOP_SCHEMA],
  );
  for (const { name } of tables.rows) {
    const table = `${SHOP_SCHEMA}.${q(name)}`;
    // Rights an older shop gave the desks' role directly now come through prepare alone.
    await client.query(`revoke all on ${table} from ${q(desks)}, ${q(roles.publish)}, ${q(roles.owner)}`);
    await client.query(`revoke all on ${table} from ${base}`);
    await client.query(`grant ${TABLE_PRIVILEGES[name] ?? OTHER_TABLES} on ${table} to ${base}`);
  }
  await client.query(`grant usage on all sequences in schema ${SHOP_SCHEMA} to ${base}`);
  return { role: roles.publish, created };
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
