// A team of desk logins, one per role, each used directly with `pg` as that login (as whoever sits
// at a desk could), and the same login's URL for `psql` and for a desk's app.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { silentLog } from '../../../src/main/log/log';
import { roleRefusalOf } from '../../../src/main/shop/connection/shop-error';
import { addDesk } from '../../../src/main/shop/setup/add-desk';
import type { DeskGrade } from '../../../src/main/shop/setup/desk-role';
import { postgresBin } from './postgres';

export interface LoginDesk {
  login: string;
  /** The database URL as this login, its password in it. */
  url: string;
  db: pg.Client;
  id: string;
}

/** Makes a login in `role`'s group (as `shop add-desk` does): its name and URL, its password in it. */
export async function makeLogin(adminUrl: string, role: DeskGrade): Promise<{ login: string; url: string }> {
  const login = `desk_${role}_${randomBytes(3).toString('hex')}`;
  await addDesk({ url: adminUrl, login: { name: login, password: 'pw-' + login }, role }, silentLog);
  const url = new URL(adminUrl);
  url.username = login;
  url.password = 'pw-' + login;
  return { login, url: url.toString() };
}

/** Makes a login in `role`'s group, connects as it and writes its desk's row (as that login). */
export async function loginDesk(adminUrl: string, role: DeskGrade, name: string): Promise<LoginDesk> {
  const { login, url } = await makeLogin(adminUrl, role);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const id = randomUUID();
  await db.query(`insert into listing_desk.desks (id, name) values ($1, $2)`, [id, name]);
  return { login, url, db, id };
}

/** The SQLSTATE and role refusal (or the detail) of a statement; 'allowed' when it went through. */
export const outcome = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'allowed',
    (error: { code?: string; detail?: string }) => {
      const refusal = roleRefusalOf(error);
      if (refusal) return `${error.code} ${refusal.role} ${refusal.action}`;
      return error.detail ? `${error.code} ${error.detail}` : String(error.code);
    },
  );

/** One statement by `psql` as the login of `url`: its exit code and what it wrote to stderr. */
export function psqlAs(url: string, sql: string): { code: number | null; stderr: string } {
  const run = spawnSync(
    path.join(postgresBin()!, 'psql'),
    [url, '-v', 'ON_ERROR_STOP=1', '-v', 'VERBOSITY=verbose', '-c', sql],
    { encoding: 'utf8', env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  return { code: run.status, stderr: run.stderr };
}
