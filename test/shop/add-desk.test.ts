// "Add a desk" (issue 32.4), one login per desk, against the suite's real PostgreSQL: through the
// window's `shop:add-desk` channel and `shop add-desk NAME --owner URL`, which share one addDesk.
// The new login is in the desks' role and a desk joins with it; a password left out is made and
// shown once; the owner's password is in no file, log line, answer, output or table of the database.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { checkShop } from '../../src/main/shop/session/shop-connect';
import { initShop } from '../../src/main/shop/setup/shop-init';
import type { ShopAddDeskView } from '../../src/shared/ipc/contract-shop';
import { cli } from '../integration/cli/run-cli';
import { createTempApp, type TempApp } from '../unit/helpers/temp-app';
import { freshDatabase } from './helpers/shared-postgres';
import { newDataDir, removeDataDirs, sql } from './helpers/shop-cli';

/** A login name of its own: roles are the whole server's, and test files run side by side. */
const loginName = (what: string) => `desk_${what}_${randomBytes(3).toString('hex')}`;

const apps: TempApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.remove();
});
afterAll(removeDataDirs);

/** A set-up shop: the owner's URL without its password, the password, and the superuser's URL. */
async function setUpShop() {
  const adminUrl = await freshDatabase();
  const { role } = await initShop(adminUrl);
  const parsed = new URL(adminUrl);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { adminUrl, role, ownerUrl: parsed.toString(), password };
}

/** Whether `login` signs in as a member of `role`, and what the server keeps of its password. */
async function roleOf(adminUrl: string, login: string, role: string) {
  const { rows } = await sql(
    adminUrl,
    `select rolpassword as password, pg_has_role($1, $2, 'member') as member from pg_authid where rolname = $1`,
    [login, role],
  );
  return rows[0] as { password: string; member: boolean };
}

/** Every row of every table of the shop's schema, as text. */
async function everyRow(adminUrl: string): Promise<string> {
  const tables = await sql(adminUrl, `select tablename from pg_tables where schemaname = 'listing_desk'`);
  let text = '';
  for (const { tablename } of tables.rows as { tablename: string }[])
    text += JSON.stringify((await sql(adminUrl, `select * from listing_desk.${tablename}`)).rows);
  return text;
}

/** Every file's text under `dir`. */
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'latin1'));

/** Whether `secret` is in any call of the temp app's spy log. */
const logged = (app: TempApp, secret: string) =>
  JSON.stringify(
    Object.values(app.log)
      .filter((spy): spy is typeof app.log.info => typeof spy === 'function' && 'mock' in spy)
      .map((spy) => spy.mock.calls),
  ).includes(secret);

describe('shop:add-desk', () => {
  it('makes a login in the desks’ role with a password made once, and a desk joins with it', async () => {
    const shop = await setUpShop();
    const app = await createTempApp(undefined, {}, { systemLocale: 'en-GB' });
    apps.push(app);
    const login = loginName('back');
    const made = await app.call<ShopAddDeskView>('shop:add-desk', {
      url: shop.ownerUrl,
      password: shop.password,
      login: { name: login },
    });
    expect(made).toMatchObject({ name: login, role: shop.role });
    expect(made.password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect(new URL(made.url).username).toBe(login);
    expect(new URL(made.url).password).toBe('');

    const stored = await roleOf(shop.adminUrl, login, shop.role);
    expect(stored.member).toBe(true);
    expect(stored.password).toMatch(/^SCRAM-SHA-256\$4096:/);
    expect(await checkShop(made.url, made.password)).toMatchObject({ ok: true });

    // That desk joins with what the answer says to type there.
    const dataDir = newDataDir();
    const join = await cli(
      ['shop', 'join', made.url, '--data-dir', dataDir, '--name', 'Back office'],
      {},
      `${made.password}\n`,
    );
    expect(join.code, join.stderr).toBe(0);
    expect(join.stdout).toContain(`This desk, "Back office", joined the team at ${login}@`);

    // A password typed for the login is used as typed, and never answered.
    const typed = loginName('typed');
    const typedMade = await app.call<ShopAddDeskView>('shop:add-desk', {
      url: shop.ownerUrl,
      password: shop.password,
      login: { name: typed, password: 'typed-desk-secret-7' },
    });
    expect(typedMade.password).toBeUndefined();
    expect(await checkShop(typedMade.url, 'typed-desk-secret-7')).toMatchObject({ ok: true });

    // The owner's password and the logins' are in no file, log line or table, nor in the server's verifiers.
    for (const secret of [shop.password, made.password!, 'typed-desk-secret-7']) {
      for (const text of [...filesOf(app.dataDir), ...filesOf(dataDir)]) expect(text).not.toContain(secret);
      expect(logged(app, secret)).toBe(false);
      expect(await everyRow(shop.adminUrl)).not.toContain(secret);
      expect((await roleOf(shop.adminUrl, login, shop.role)).password).not.toContain(secret);
    }
    expect(JSON.stringify(typedMade)).not.toContain(shop.password);
    expect(logged(app, 'shop: a desk login is made')).toBe(true);
    await sql(shop.adminUrl, `drop role ${typed}`);
  });

  it('names a refused owner password, a login taken and a database never set up, in German and English', async () => {
    const shop = await setUpShop();
    const german = await createTempApp(undefined, {}, { systemLocale: 'de-DE' });
    const english = await createTempApp(undefined, {}, { systemLocale: 'en-GB' });
    apps.push(german, english);
    const refused = await english.fail('shop:add-desk', {
      url: shop.ownerUrl,
      password: 'not-the-owners',
      login: { name: loginName('x') },
    });
    expect(refused).toMatchObject({ code: 'unavailable', details: { shop: 'password-refused' } });
    expect(refused.message).toContain("it is the login of the database's owner");
    expect(logged(english, 'not-the-owners')).toBe(false);

    const twice = loginName('twice');
    await german.call('shop:add-desk', {
      url: shop.ownerUrl,
      password: shop.password,
      login: { name: twice },
    });
    const taken = await german.fail('shop:add-desk', {
      url: shop.ownerUrl,
      password: shop.password,
      login: { name: twice },
    });
    expect(taken).toMatchObject({ code: 'conflict', details: { shop: 'login-taken' } });
    expect(taken.message).toContain(`gibt es schon eine Anmeldung namens „${twice}“`);

    // An empty database: no desks' role to put a login in.
    const bare = new URL(await freshDatabase());
    const barePassword = decodeURIComponent(bare.password);
    bare.password = '';
    const login = loginName('none');
    const none = await english.fail('shop:add-desk', {
      url: bare.toString(),
      password: barePassword,
      login: { name: login },
    });
    expect(none).toMatchObject({ code: 'unavailable', details: { shop: 'not-listing-desk' } });
    expect((await sql(shop.adminUrl, 'select 1 from pg_roles where rolname = $1', [login])).rowCount).toBe(0);
    await sql(shop.adminUrl, `drop role ${twice}`);
  });
});

describe('shop add-desk NAME --owner URL', () => {
  it('makes the login with the owner’s password piped, prints a password made once, and the desk joins', async () => {
    const shop = await setUpShop();
    const login = loginName('cli');
    // The owner's password, then an empty line: the login's password is made.
    const run = await cli(['shop', 'add-desk', login, '--owner', shop.ownerUrl], {}, `${shop.password}\n\n`);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`The desk login ${login} is made in the desks' role ${shop.role}`);
    const password = /shown only now[^\n]*\n {2}(\S+)/.exec(run.stdout)![1]!;
    expect(password).toMatch(/^[A-Za-z2-9]{20}$/);
    const url = /shop join (\S+) --name/.exec(run.stdout)![1]!;
    expect(new URL(url).username).toBe(login);
    expect(run.stdout + run.stderr).not.toContain(shop.password);
    expect((await roleOf(shop.adminUrl, login, shop.role)).member).toBe(true);

    const dataDir = newDataDir();
    const join = await cli(
      ['shop', 'join', url, '--data-dir', dataDir, '--name', 'Lager'],
      {},
      `${password}\n`,
    );
    expect(join.code, join.stderr).toBe(0);

    // A password typed (piped as the second line) is used and not printed; in German.
    const typed = loginName('cli_typed');
    const german = await cli(
      ['shop', 'add-desk', typed, '--owner', shop.ownerUrl],
      { LANG: 'de_DE.UTF-8' },
      `${shop.password}\ncli-typed-secret-3\n`,
    );
    expect(german.code, german.stderr).toBe(0);
    expect(german.stdout).toContain(`Die Anmeldung ${typed} ist in der Rolle der Arbeitsplätze`);
    expect(german.stdout).not.toContain('cli-typed-secret-3');
    expect(await checkShop(url.replace(login, typed), 'cli-typed-secret-3')).toMatchObject({ ok: true });

    // The same name again: refused (exit 9); a wrong owner password: the owner's words (exit 9).
    const again = await cli(
      ['shop', 'add-desk', typed, '--owner', shop.ownerUrl],
      {},
      `${shop.password}\n\n`,
    );
    expect(again.code).toBe(9);
    expect(again.stderr).toContain(`A login called "${typed}" exists`);
    const wrong = await cli(['shop', 'add-desk', loginName('w'), '--owner', shop.ownerUrl], {}, 'nope\n\n');
    expect(wrong.code).toBe(9);
    expect(wrong.stderr).toContain("it is the login of the database's owner");
    expect(await everyRow(shop.adminUrl)).not.toContain(shop.password);
    await sql(shop.adminUrl, `drop role ${typed}`);
  });
});
