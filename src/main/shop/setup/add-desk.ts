// "Add a desk" (issue 32.4): one login per desk, made in the desks' role with the database owner's
// login, from Settings → Shop and `shop add-desk NAME --owner URL` alike. The owner's password
// serves this one call; the new login's password goes to the server only as a SCRAM verifier, and
// one made here is handed back once, for the seller to see, and kept nowhere.
import { insertActivity } from '../activity';
import { randomInt } from 'node:crypto';
import type { ShopAddDeskView } from '../../../shared/ipc/contract-shop';
import type { Log } from '../../log/log';
import { describeShopUrl, splitShopUrl, ShopError, ShopRefused, shopProblemOf } from '../connection';
import { withShopClient } from '../session';
import { checkSchema } from '../schema';
import { createDeskLogin, gradeRoleName, ROLE_LOCK, type DeskGrade } from './desk-role';
import { deskJoinUrl } from './shop-init';

export interface AddDeskInput {
  /** The owner's (or a superuser's) address; a password in it is used as the password. */
  url: string;
  password?: string;
  /** The new login's name; its password is made here when none is given. */
  login: { name: string; password?: string };
  /** The group the login is made in (issue 37.1); publish unless told. */
  role?: DeskGrade;
}

// Letters and digits that cannot be mistaken for one another when read off a screen and typed.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A password of 20 characters (about 115 bits) from the system's random source. */
export function makeDeskPassword(): string {
  return Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/**
 * Makes a desk's login in the desks' role of the database at `input.url`; refuses a database that
 * was never set up (`not-listing-desk`) and a login name taken (`login-taken`). Logs and throws a
 * ShopRefused or a ShopError to word.
 */
export async function addDesk(input: AddDeskInput, log: Log): Promise<ShopAddDeskView> {
  const { url, password } = splitShopUrl(input.url);
  const where = describeShopUrl(url);
  const made = input.login.password === undefined;
  const deskPassword = input.login.password ?? makeDeskPassword();
  log.info('shop: adding a desk login', { where, login: input.login.name });
  try {
    const result = await withShopClient(url, input.password ?? password, async (client) => {
      // A shop not yet upgraded has no groups: `shop init` first, as the words say.
      await checkSchema(client);
      const database = (await client.query<{ name: string }>('select current_database() as name')).rows[0]!
        .name;
      const role = gradeRoleName(database, input.role ?? 'publish');
      await client.query('begin');
      try {
        // The same lock as the set-up's: a login is never made while the role is being made.
        await client.query('select pg_advisory_xact_lock($1)', [ROLE_LOCK]);
        const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
        if (exists.rowCount === 0) throw new ShopError('not-listing-desk', `no role ${role}`);
        await createDeskLogin(client, role, { name: input.login.name, password: deskPassword });
        // Issue 37.5: logged in the change's own transaction, by the database's owner.
        await insertActivity(client, null, {
          kind: 'desk-added',
          changed: { login: input.login.name, role: input.role ?? 'publish' },
        });
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
      return { database, role };
    });
    log.info('shop: a desk login is made', { where, login: input.login.name, role: result.role });
    return {
      where,
      role: result.role,
      name: input.login.name,
      url: deskJoinUrl(url, input.login.name, result.database),
      ...(made && { password: deskPassword }),
    };
  } catch (error) {
    const problem = error instanceof ShopRefused ? error.refusal : shopProblemOf(error);
    // pg's messages name roles and objects, never a password or a statement's text.
    log.warn('shop: adding a desk login failed', {
      where,
      login: input.login.name,
      problem,
      detail: error instanceof Error ? error.message : String(error),
    });
    if (error instanceof ShopRefused || error instanceof ShopError) throw error;
    throw new ShopError(shopProblemOf(error), error instanceof Error ? error.message : String(error));
  }
}
