// Settings → Shop's set-up through the `shop:init` channel (issue 24.1), against the suite's real
// PostgreSQL: the same initShop as `shop init` (schema, the desks' role, a desk login made on
// request), refusals named in German and English with their codes and in the log, and the owner's
// password in no file of the data folder, no log line and no answer.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { checkShop } from '../../src/main/shop/session/shop-connect';
import { LATEST_SCHEMA } from '../../src/main/shop/schema/migrations';
import type { ShopInitView } from '../../src/shared/ipc/contract-shop';
import { createTempApp, type TempApp } from '../unit/helpers/temp-app';
import { freshDatabase } from './helpers/shared-postgres';

/** A login name of its own: roles are the whole server's, and test files run side by side. */
const loginName = (what: string) => `desk_${what}_${randomBytes(3).toString('hex')}`;

const apps: TempApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.remove();
});

async function tempApp(systemLocale: string): Promise<TempApp> {
  const app = await createTempApp(undefined, {}, { systemLocale });
  apps.push(app);
  return app;
}

/** The URL without its password, and the password. */
function split(url: string): { url: string; password: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** Every file's text under `dir`. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'latin1'));
}

/** Whether `secret` is in any of the spy log's calls. */
const logged = (app: TempApp, secret: string) =>
  Object.values(app.log)
    .filter((spy): spy is typeof app.log.info => typeof spy === 'function' && 'mock' in spy)
    .some((spy) =>
      JSON.stringify(spy.mock.calls, (_k, v: unknown) => (v instanceof Error ? v.message : v)).includes(
        secret,
      ),
    );

describe('shop:init', () => {
  it('sets up a fresh database, makes a desk login that can join, and runs again changing nothing', async () => {
    const app = await tempApp('de-DE');
    const owner = split(await freshDatabase());
    const database = new URL(owner.url).pathname.slice(1);
    const deskPassword = 'front-desk-secret-42';
    const login = loginName('front');
    const made = await app.call<ShopInitView>('shop:init', {
      url: owner.url,
      password: owner.password,
      deskLogin: { name: login, password: deskPassword },
    });
    expect(made).toMatchObject({
      from: 0,
      to: LATEST_SCHEMA,
      role: `listing_desk_publish_${database}`,
      roleCreated: true,
      deskLogin: { name: login },
    });
    expect(made.where).toBe(`postgres@${new URL(owner.url).host}/${database}`);
    const deskUrl = made.deskLogin!.url;
    expect(new URL(deskUrl).username).toBe(login);
    expect(new URL(deskUrl).password).toBe('');
    expect(made.exampleUrl).toBe(deskUrl.replace(login, 'desk_front'));
    // The login made works, in the desks' role, and the server keeps only a verifier of its password.
    expect(await checkShop(deskUrl, deskPassword)).toMatchObject({ ok: true, version: LATEST_SCHEMA });
    const admin = new pg.Client({ connectionString: await freshAdminUrl(owner) });
    await admin.connect();
    try {
      const stored = await admin.query<{ password: string; member: boolean }>(
        `select rolpassword as password, pg_has_role($1, $2, 'member') as member
           from pg_authid where rolname = $1`,
        [login, made.role],
      );
      expect(stored.rows[0]!.member).toBe(true);
      expect(stored.rows[0]!.password).toMatch(/^SCRAM-SHA-256\$4096:/);
      expect(stored.rows[0]!.password).not.toContain(deskPassword);
      await admin.query(`drop role ${login}`);
    } finally {
      await admin.end();
    }

    const again = await app.call<ShopInitView>('shop:init', { url: owner.url, password: owner.password });
    expect(again).toMatchObject({ from: LATEST_SCHEMA, to: LATEST_SCHEMA, roleCreated: false });
    expect(again.deskLogin).toBeUndefined();

    for (const text of filesOf(app.dataDir)) {
      expect(text).not.toContain(owner.password);
      expect(text).not.toContain(deskPassword);
    }
    expect(logged(app, owner.password)).toBe(false);
    expect(logged(app, deskPassword)).toBe(false);
    expect(JSON.stringify([made, again])).not.toContain(owner.password);
    expect(logged(app, 'the team database is set up')).toBe(true);
  });

  it('names a refused owner password, a schema newer than this build and a login taken, in German and English', async () => {
    const owner = split(await freshDatabase());
    const where = `postgres@${new URL(owner.url).host}${new URL(owner.url).pathname}`;
    for (const [locale, refusedWords] of [
      [
        'de-DE',
        'hat Benutzername oder Passwort abgelehnt. Prüfen Sie beides: Es ist die Anmeldung des Eigentümers',
      ],
      ['en-GB', "refused the user name or password. Check both: it is the login of the database's owner"],
    ] as const) {
      const app = await tempApp(locale);
      const refused = await app.fail('shop:init', { url: owner.url, password: 'not-the-owners' });
      expect(refused).toMatchObject({ code: 'unavailable', details: { shop: 'password-refused' } });
      expect(refused.message).toContain(refusedWords);
      expect(refused.message).toContain(where);
      expect(app.log.warn).toHaveBeenCalledWith(
        'shop: setting up the team database failed',
        expect.objectContaining({ where, problem: 'password-refused' }),
      );
      expect(logged(app, 'not-the-owners')).toBe(false);
    }
    // A login name taken, then a schema newer than this build.
    const app = await tempApp('de-DE');
    const twice = loginName('twice');
    const first = await app.call<ShopInitView>('shop:init', {
      url: owner.url,
      password: owner.password,
      deskLogin: { name: twice, password: 'twice-secret-1' },
    });
    expect(first.deskLogin?.name).toBe(twice);
    const taken = await app.fail('shop:init', {
      url: owner.url,
      password: owner.password,
      deskLogin: { name: twice, password: 'twice-secret-2' },
    });
    expect(taken).toMatchObject({ code: 'conflict', details: { shop: 'login-taken' } });
    expect(taken.message).toContain(`gibt es schon eine Anmeldung namens „${twice}“`);
    const english = await tempApp('en-GB');
    expect(
      await english.fail('shop:init', {
        url: owner.url,
        password: owner.password,
        deskLogin: { name: twice, password: 'twice-secret-2' },
      }),
    ).toMatchObject({
      details: { shop: 'login-taken' },
      message: expect.stringContaining(`A login called "${twice}" exists`),
    });

    const admin = new pg.Client({ connectionString: await freshAdminUrl(owner, true) });
    await admin.connect();
    await admin.query(`insert into listing_desk.schema_version (version, name) values ($1, 'future')`, [
      LATEST_SCHEMA + 5,
    ]);
    await admin.end();
    for (const [each, text] of [
      [app, 'dieses Listing Desk kennt Versionen bis'],
      [english, 'this Listing Desk knows versions up to'],
    ] as const) {
      const newer = await each.fail('shop:init', { url: owner.url, password: owner.password });
      expect(newer).toMatchObject({ code: 'unavailable', details: { shop: 'schema-too-new' } });
      expect(newer.message).toContain(`${LATEST_SCHEMA + 5}`);
      expect(newer.message).toContain(`${text} ${LATEST_SCHEMA}`);
    }
    // A desk login's name is plain: no quoting games reach the server.
    expect(
      await app.fail('shop:init', {
        url: owner.url,
        password: owner.password,
        deskLogin: { name: 'x"; drop role postgres; --', password: 'long-enough' },
      }),
    ).toMatchObject({ code: 'invalid-input' });
    const admin2 = new pg.Client({ connectionString: await freshAdminUrl(owner, true) });
    await admin2.connect();
    await admin2.query(`drop role ${twice}`);
    await admin2.end();
  });
});

/** The superuser's URL with its password, on the owner's database (or `postgres` for cluster work). */
async function freshAdminUrl(
  owner: { url: string; password: string },
  sameDatabase = false,
): Promise<string> {
  const url = new URL(owner.url);
  url.password = encodeURIComponent(owner.password);
  if (!sameDatabase) url.pathname = '/postgres';
  return url.toString();
}
