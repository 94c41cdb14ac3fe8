// `shop init URL` and Settings → Shop's set-up: creates or upgrades the shop's schema and the
// desks' group roles (prepare, publish, owner), with the database owner's (or a superuser's) login. Running it again changes
// nothing but what is missing. The window may make a desk's login in the same breath.
import { createDeskLogin, gradeRoleName, grantDeskRole, ROLE_LOCK } from './desk-role';
import { listDeskLogins } from './desk-grades';
import { migrate, type MigrateResult } from '../schema';
import { withShopClient } from '../session';
import { splitShopUrl } from '../connection';

export interface ShopInitResult extends MigrateResult {
  database: string;
  role: string;
  roleCreated: boolean;
}

/** A desk login to make in the desks' role: its name and password (sent only as a verifier). */
export interface DeskLoginInput {
  name: string;
  password: string;
}

/**
 * Migrates the database at `url` and grants the desks' role; the password from the URL or given.
 * With `deskLogin`, also makes that login in the role (in the role's transaction: all or nothing).
 */
export async function initShop(
  url: string,
  password?: string,
  deskLogin?: DeskLoginInput,
): Promise<ShopInitResult> {
  const split = splitShopUrl(url);
  return withShopClient(split.url, password ?? split.password, async (client) => {
    const migrated = await migrate(client);
    const database = (await client.query<{ name: string }>('select current_database() as name')).rows[0]!
      .name;
    // Its own transaction: two inits at once serialize on the migration lock above, and the role
    // check and its creation must not race either.
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1)', [ROLE_LOCK]);
      const role = await grantDeskRole(client, database);
      if (deskLogin) {
        // The shop's first desk login is its owner (issue 37.1: at least one owner desk); later ones publish.
        const hasOwner = (await listDeskLogins(client)).some((login) => login.role === 'owner');
        await createDeskLogin(client, hasOwner ? role.role : gradeRoleName(database, 'owner'), deskLogin);
      }
      await client.query('commit');
      return { ...migrated, database, role: role.role, roleCreated: role.created };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  });
}

/** The address a desk joins with: the owner's server and options, the desk's `login`, no password. */
export function deskJoinUrl(ownerUrl: string, login: string, database: string): string {
  const parsed = new URL(ownerUrl);
  return `postgresql://${encodeURIComponent(login)}@${parsed.host}/${encodeURIComponent(database)}${parsed.search}`;
}
