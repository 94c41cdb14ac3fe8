// Who may do what (issue 37.1): the shop's desk logins with their roles (`shop desks`), a desk's own
// role (read by its session, shown on its status), and changing a login's role with the database
// owner's login (`shop role DESK ROLE --owner URL`). A login's role is its membership of one of the
// group roles `shop init` made; at least one login stays an owner once one is.
import { insertActivity } from '../activity';
import pg from 'pg';
import type { Log } from '../../log/log';
import { describeShopUrl, splitShopUrl, ShopError, ShopRefused, shopProblemOf } from '../connection';
import { checkSchema } from '../schema';
import { withShopClient } from '../session';
import { DESK_GRADES, deskRoleName, ROLE_LOCK, type DeskGrade } from './desk-role';

/** A client, a pool or a desk's session: whatever runs one statement. */
type Queryable = { query<R extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<R>> };

export interface DeskLoginRole {
  /** The login's name (the DESK of `shop role`). */
  login: string;
  role: DeskGrade;
  /** The names of the desks that signed in with it and have not left. */
  desks: string[];
}

/**
 * Every login in one of the shop's groups (directly or through another group, as today's desks'
 * role), with its highest role and its desks; readable by any desk's login (the catalogs are public).
 */
export async function listDeskLogins(client: Queryable): Promise<DeskLoginRole[]> {
  const found = await client.query<{ login: string; role: DeskGrade; desks: string[] }>(
    `with recursive reach(member, grp) as (
       select m.member, m.roleid from pg_auth_members m
       union
       select m.member, r.grp from pg_auth_members m join reach r on m.roleid = r.member
     ), graded as (
       select u.rolname as login,
              case when bool_or(g.grade = 'owner') then 'owner'
                   when bool_or(g.grade = 'publish') then 'publish' else 'prepare' end as role
         from reach r
         join pg_roles u on u.oid = r.member and u.rolcanlogin
         join pg_roles gr on gr.oid = r.grp
         join listing_desk.desk_roles g on g.role = gr.rolname
        group by u.rolname)
     select g.login, g.role,
            coalesce(array_agg(d.name order by d.name) filter (where d.name is not null), '{}') as desks
       from graded g left join listing_desk.desks d on d.login = g.login and d.left_at is null
      group by g.login, g.role order by g.login`,
  );
  return found.rows;
}

export interface SetDeskRoleInput {
  /** The owner's (or a superuser's) address; a password in it is used as the password. */
  url: string;
  password?: string;
  login: string;
  role: DeskGrade;
}

export interface SetDeskRoleResult {
  where: string;
  login: string;
  from: DeskGrade;
  to: DeskGrade;
}

/**
 * Moves `login` into the group of `role` (out of every other of the shop's groups), with the owner's
 * login, in one transaction under the roles' lock. Refused: a login in none of the shop's groups
 * (`not-a-desk`), and the last owner made something else (`last-owner`). Throws ShopRefused or
 * ShopError to word.
 */
export async function setDeskRole(input: SetDeskRoleInput, log: Log): Promise<SetDeskRoleResult> {
  const { url, password } = splitShopUrl(input.url);
  const where = describeShopUrl(url);
  log.info('shop: changing a desk login role', { where, login: input.login, role: input.role });
  try {
    const from = await withShopClient(url, input.password ?? password, async (client) => {
      await checkSchema(client);
      const database = (await client.query<{ name: string }>('select current_database() as name')).rows[0]!
        .name;
      await client.query('begin');
      try {
        await client.query('select pg_advisory_xact_lock($1)', [ROLE_LOCK]);
        const logins = await listDeskLogins(client);
        const found = logins.find((entry) => entry.login === input.login);
        if (!found) throw new ShopRefused('not-a-desk', input.login);
        const owners = logins.filter((entry) => entry.role === 'owner');
        if (found.role === 'owner' && input.role !== 'owner' && owners.length <= 1)
          throw new ShopRefused('last-owner', input.login);
        const byGrade = new Map(
          (
            await client.query<{ grade: DeskGrade; role: string }>(
              'select grade, role from listing_desk.desk_roles',
            )
          ).rows.map((row) => [row.grade, row.role]),
        );
        const q = pg.escapeIdentifier;
        for (const group of [...byGrade.values(), deskRoleName(database)]) {
          const member = await client.query(
            `select 1 from pg_auth_members m where m.roleid = to_regrole($1) and m.member = to_regrole($2)`,
            [q(group), q(input.login)],
          );
          if (member.rowCount !== 0) await client.query(`revoke ${q(group)} from ${q(input.login)}`);
        }
        await client.query(`grant ${q(byGrade.get(input.role)!)} to ${q(input.login)}`);
        // A revoke PostgreSQL only warns about (a grant another role made) must not pass unseen.
        const now = (await listDeskLogins(client)).find((entry) => entry.login === input.login);
        if (now?.role !== input.role)
          throw new ShopError('no-permission', `${input.login} stays ${now?.role}`);
        // Issue 37.5: logged in the change's own transaction, by the database's owner.
        if (found.role !== input.role)
          await insertActivity(client, null, {
            kind: 'role-change',
            changed: { login: input.login, from: found.role, to: input.role },
          });
        await client.query('commit');
        return found.role;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    });
    log.info('shop: a desk login role is changed', { where, login: input.login, from, to: input.role });
    return { where, login: input.login, from, to: input.role };
  } catch (error) {
    const problem = error instanceof ShopRefused ? error.refusal : shopProblemOf(error);
    log.warn('shop: changing a desk login role failed', {
      where,
      login: input.login,
      problem,
      detail: error instanceof Error ? error.message : String(error),
    });
    if (error instanceof ShopRefused || error instanceof ShopError) throw error;
    throw new ShopError(shopProblemOf(error), error instanceof Error ? error.message : String(error));
  }
}

/** Whether `word` is one of the roles (`shop role DESK ROLE`). */
export const isDeskGrade = (word: string): word is DeskGrade =>
  (DESK_GRADES as readonly string[]).includes(word);
