// Settings → Shop sets up a shop's database (issue 24.1: "does the same in the app" as `shop
// init`), against a real PostgreSQL this file starts: reached from the connection test's "not a
// Listing Desk database" or from its own offer, it names a refused owner password and a schema
// newer than this build, shows the version and the desks' role, and the desk then joins with a
// login made by the app or by the owner; in English light and German dark. The owner's password
// ends up in no file of the data folder and no line the shell wrote.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { LATEST_SCHEMA, migrations } from '../../src/main/shop/schema/migrations';
import { cli } from '../integration/cli/run-cli';
import { startPostgres, type Postgres } from '../shop/helpers/postgres';
import { expectNowhere, openShop, openShopGermanDark, shot } from './shop-page';
import { expect, test } from './fixtures';

let server: Postgres;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPostgres();
});
test.afterAll(() => server?.remove());

/** A fresh database: the owner's URL without its password, the password, and the database's name. */
async function freshDatabase(): Promise<{ url: string; password: string; database: string }> {
  const url = new URL(await server.createDatabase());
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), password, database: url.pathname.slice(1) };
}

/** A fresh database holding the first version of the schema only, as an older Listing Desk left it. */
async function oldDatabase(): Promise<{ url: string; password: string; database: string }> {
  const old = await freshDatabase();
  const client = new pg.Client({ connectionString: server.adminUrl(old.database) });
  await client.connect();
  try {
    await client.query('create schema listing_desk');
    await client.query(
      `create table listing_desk.schema_version (
         version integer primary key, name text not null, applied_at timestamptz not null default now())`,
    );
    await client.query(migrations[0]!.sql);
    await client.query(`insert into listing_desk.schema_version (version, name) values (1, $1)`, [
      migrations[0]!.name,
    ]);
  } finally {
    await client.end();
  }
  return old;
}

/** A login name of its own: roles belong to the whole server. */
const loginName = () => `desk_${randomBytes(4).toString('hex')}`;

test('from "not a Listing Desk database": the owner sets it up, the app makes the desk login, and the desk joins', async ({
  page,
  shell,
}, testInfo) => {
  const owner = await freshDatabase();
  const login = loginName();
  const loginPassword = randomBytes(8).toString('hex');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(shell.url);
  const panel = await openShop(page, 'Settings');

  const join = panel.getByRole('form', { name: 'Join a team' });
  await join.getByLabel('Database address').fill(owner.url);
  await join.getByLabel('Password of the login').fill(owner.password);
  await join.getByRole('button', { name: 'Test connection' }).click();
  await expect(join.getByRole('alert')).toContainText('is not a Listing Desk database');
  await join.getByRole('button', { name: 'Set up / upgrade this database' }).click();

  const setup = panel.getByRole('form', { name: 'Set up a team database' });
  const address = setup.getByLabel("Database address with the owner's login");
  await expect(address).toHaveValue(owner.url);
  await expect(address).toBeFocused();
  // Keyboard: from the address to the owner's password.
  await page.keyboard.press('Tab');
  await expect(setup.getByLabel("Password of the owner's login")).toBeFocused();
  await page.keyboard.type('not-the-owners');
  await setup.getByLabel("This desk's login name").fill(login);
  await setup.getByLabel("Password of this desk's login").fill(loginPassword);
  await setup.getByRole('button', { name: 'Set up the database' }).click();
  const refused = setup.getByRole('alert');
  await expect(refused).toContainText(
    "refused the user name or password. Check both: it is the login of the database's owner",
  );
  await expect(refused).toHaveAttribute('data-problem', 'password-refused');
  await shot(page, panel, testInfo.outputPath('shop-init-refused-en-light.png'));

  await setup.getByLabel("Password of the owner's login").fill(owner.password);
  await setup.getByRole('button', { name: 'Set up the database' }).click();
  const result = panel.getByTestId('shop-setup-result');
  await expect(result).toContainText(
    `The team's database postgres@127.0.0.1:${server.port}/${owner.database} is set up: schema version ${LATEST_SCHEMA}.`,
  );
  await expect(result).toContainText(`the new role listing_desk_publish_${owner.database}`);
  await expect(result).toContainText(`This desk's login ${login} is made`);
  await expect(setup).toHaveCount(0);
  await shot(page, panel, testInfo.outputPath('shop-init-en-light.png'));

  // The join form is filled in with the login made; the desk's name is what is left.
  await expect(join.getByLabel('Database address')).toHaveValue(
    `postgresql://${login}@127.0.0.1:${server.port}/${owner.database}`,
  );
  await expect(join.getByLabel("This desk's name")).toBeFocused();
  await page.keyboard.type('Front desk');
  await join.getByRole('button', { name: 'Join the team' }).click();
  await expect(panel.getByTestId('shop-link')).toContainText('Connected since');
  await expect(panel.getByRole('table', { name: "The team's desks" })).toContainText('Front desk');
  // The refusal and the set-up are in the log (which the scan below reads too).
  const log = path.join(shell.dataDir, 'logs', 'listing-desk.log');
  await expect
    .poll(() => readFileSync(log, 'utf8'))
    .toMatch(/"problem":"password-refused"[^\n]*"msg":"shop: setting up the team database failed"/);
  expect(readFileSync(log, 'utf8')).toContain('shop: the team database is set up');
  expectNowhere(shell, [owner.password, loginPassword]);
});

test('in German and dark: an old schema upgraded from the test, a schema too new named, a database set up from the offer and its login made by the owner', async ({
  page,
  shell,
}, testInfo) => {
  const panel = await openShopGermanDark(page, shell.url);

  // A database an older Listing Desk set up: the connection test offers to upgrade it.
  const old = await oldDatabase();
  const join = panel.getByRole('form', { name: 'Einem Team beitreten' });
  await join.getByLabel('Adresse der Datenbank').fill(old.url);
  await join.getByLabel('Passwort der Anmeldung').fill(old.password);
  await join.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(join.getByRole('alert')).toHaveAttribute('data-problem', 'schema-too-old');
  await join.getByRole('button', { name: 'Diese Datenbank einrichten / aktualisieren' }).click();
  const setup = panel.getByRole('form', { name: 'Datenbank für ein Team einrichten' });
  await expect(setup.getByLabel('Adresse der Datenbank mit der Anmeldung des Eigentümers')).toHaveValue(
    old.url,
  );
  await setup.getByLabel('Passwort des Eigentümers').fill(old.password);
  await setup.getByLabel('Auch die Anmeldung dieses Arbeitsplatzes anlegen').uncheck();
  await setup.getByRole('button', { name: 'Datenbank einrichten' }).click();
  await expect(panel.getByTestId('shop-setup-result')).toContainText(
    `ist von Schema-Version 1 auf ${LATEST_SCHEMA} aktualisiert.`,
  );
  await join.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(join.getByRole('status')).toContainText(`Schema-Version ${LATEST_SCHEMA}`);

  // A database from a newer Listing Desk: refused, naming both versions.
  const future = await freshDatabase();
  expect((await cli(['shop', 'init', `${future.url}`], {}, `${future.password}\n`)).code).toBe(0);
  const client = new pg.Client({ connectionString: server.adminUrl(future.database) });
  await client.connect();
  await client.query(`insert into listing_desk.schema_version (version, name) values ($1, 'future')`, [
    LATEST_SCHEMA + 3,
  ]);
  await client.end();

  await panel.getByRole('button', { name: 'Datenbank für ein Team einrichten …' }).click();
  await setup.getByLabel('Adresse der Datenbank mit der Anmeldung des Eigentümers').fill(future.url);
  await setup.getByLabel('Passwort des Eigentümers').fill(future.password);
  await setup.getByLabel('Auch die Anmeldung dieses Arbeitsplatzes anlegen').uncheck();
  await setup.getByRole('button', { name: 'Datenbank einrichten' }).click();
  await expect(setup.getByRole('alert')).toContainText(
    `hat Schema-Version ${LATEST_SCHEMA + 3}; dieses Listing Desk kennt Versionen bis ${LATEST_SCHEMA}.`,
  );
  await expect(setup.getByRole('alert')).toHaveAttribute('data-problem', 'schema-too-new');
  await shot(page, panel, testInfo.outputPath('shop-init-problem-de-dark.png'));

  const owner = await freshDatabase();
  await setup.getByLabel('Adresse der Datenbank mit der Anmeldung des Eigentümers').fill(owner.url);
  await setup.getByLabel('Passwort des Eigentümers').fill(owner.password);
  await setup.getByRole('button', { name: 'Datenbank einrichten' }).click();
  const result = panel.getByTestId('shop-setup-result');
  const role = `listing_desk_publish_${owner.database}`;
  await expect(result).toContainText(`ist eingerichtet: Schema-Version ${LATEST_SCHEMA}.`);
  await expect(result).toContainText(`über die neue Rolle ${role} an`);
  await expect(result).toContainText(`CREATE ROLE desk_front LOGIN PASSWORD 'frei-gewählt' IN ROLE ${role};`);
  const exampleUrl = `postgresql://desk_front@127.0.0.1:${server.port}/${owner.database}`;
  await expect(result).toContainText(exampleUrl);
  await shot(page, panel, testInfo.outputPath('shop-init-de-dark.png'));

  // The owner makes the login as the panel says (its own name, as roles are the server's).
  const login = loginName();
  const loginPassword = randomBytes(8).toString('hex');
  const admin = new pg.Client({ connectionString: server.adminUrl(owner.database) });
  await admin.connect();
  await admin.query(`create role ${login} login password ${pg.escapeLiteral(loginPassword)} in role ${role}`);
  await admin.end();
  await join.getByLabel('Adresse der Datenbank').fill(exampleUrl.replace('desk_front', login));
  await join.getByLabel('Passwort der Anmeldung').fill(loginPassword);
  await join.getByLabel('Name dieses Arbeitsplatzes').fill('Theke');
  await join.getByRole('button', { name: 'Dem Team beitreten' }).click();
  await expect(panel.getByTestId('shop-link')).toContainText('Verbunden seit');
  await expect(panel.getByRole('table', { name: 'Die Arbeitsplätze des Teams' })).toContainText('Theke');
  expectNowhere(shell, [owner.password, future.password]);
});
