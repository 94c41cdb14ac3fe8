// Settings → Shop's "Add a desk" (issue 32.4), against a real PostgreSQL this file starts: the
// set-up makes this desk's login and offers "Add a desk" for every other desk; a login is added
// before joining with a password made and shown once, and the desk joins with what the result
// says to type; after joining the offer stays, and a login with a typed password is added in
// German and dark. The owner's password and the logins' are in no file and no line of the shell.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
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

/** A login name of its own: roles belong to the whole server. */
const loginName = (what: string) => `desk_${what}_${randomBytes(3).toString('hex')}`;

/** Whether `login` is in the publish group of `database` (where new desks' logins are made). */
async function inDesksRole(database: string, login: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: server.adminUrl(database) });
  await client.connect();
  try {
    const { rows } = await client.query<{ member: boolean }>(
      `select pg_has_role($1, $2, 'member') as member`,
      [login, `listing_desk_publish_${database}`],
    );
    return rows[0]!.member;
  } finally {
    await client.end();
  }
}

test('the set-up makes this desk’s login; "Add a desk" makes another with a password shown once, and it joins', async ({
  page,
  shell,
}, testInfo) => {
  const owner = await freshDatabase();
  const front = loginName('front');
  const frontPassword = randomBytes(8).toString('hex');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(shell.url);
  const panel = await openShop(page, 'Settings');

  await panel.getByRole('button', { name: 'Set up a team database…' }).click();
  const setup = panel.getByRole('form', { name: 'Set up a team database' });
  await expect(setup.getByLabel("Database address with the owner's login")).toHaveAttribute(
    'placeholder',
    'postgresql://team_owner@team-server:5432/listingdesk',
  );
  await setup.getByLabel("Database address with the owner's login").fill(owner.url);
  await setup.getByLabel("Password of the owner's login").fill(owner.password);
  await expect(setup.getByLabel("Also make this desk's login")).toBeChecked();
  await setup.getByLabel("This desk's login name").fill(front);
  await setup.getByLabel("Password of this desk's login").fill(frontPassword);
  await setup.getByRole('button', { name: 'Set up the database' }).click();
  const result = panel.getByTestId('shop-setup-result');
  await expect(result).toContainText(`This desk's login ${front} is made`);
  await expect(result).toContainText('Every other desk gets a login of its own: "Add a desk" below.');
  await expect(result).not.toContainText('same login');

  // Another desk's login, before this one joins: the owner's address is where the set-up left it.
  await panel.getByRole('button', { name: 'Add a desk…' }).click();
  const add = panel.getByRole('form', { name: 'Add a desk' });
  await expect(add.getByLabel("Database address with the owner's login")).toHaveValue(owner.url);
  await expect(add.getByLabel("Password of the owner's login")).toHaveValue('');
  await add.getByLabel("Password of the owner's login").fill(owner.password);
  const back = loginName('back');
  await add.getByLabel("New desk's login name").fill(back);
  await expect(add.getByLabel('Make one for me (shown once)')).toBeChecked();
  await shot(page, panel, testInfo.outputPath('shop-add-desk-form-en-light.png'));
  await add.getByRole('button', { name: 'Make the login' }).click();
  const made = panel.getByTestId('shop-add-desk-result');
  await expect(made).toContainText(
    `The login ${back} is made in the desks' role listing_desk_publish_${owner.database}.`,
  );
  const backUrl = `postgresql://${back}@127.0.0.1:${server.port}/${owner.database}`;
  await expect(made.getByTestId('shop-add-desk-url')).toHaveText(backUrl);
  const backPassword = (await made.getByTestId('shop-add-desk-password').textContent())!;
  expect(backPassword).toMatch(/^[A-Za-z2-9]{20}$/);
  expect(await inDesksRole(owner.database, back)).toBe(true);
  await shot(page, panel, testInfo.outputPath('shop-add-desk-en-light.png'));
  // "Done" takes the password off the screen: it was shown once.
  await made.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByTestId('shop-add-desk-result')).toHaveCount(0);
  await expect(page.getByText(backPassword)).toHaveCount(0);

  // This desk joins with the login and password the result gave (as that other desk would).
  const join = panel.getByRole('form', { name: 'Join a team' });
  await join.getByLabel('Database address').fill(backUrl);
  await join.getByLabel('Password of the login').fill(backPassword);
  await join.getByLabel("This desk's name").fill('Back office');
  await join.getByRole('button', { name: 'Join the team' }).click();
  await expect(panel.getByTestId('shop-link')).toContainText('Connected since');
  await expect(panel.getByRole('table', { name: "The team's desks" })).toContainText('Back office');
  // Joined: the offer is still there.
  await expect(panel.getByTestId('shop-add-desk-offer')).toBeVisible();
  expectNowhere(shell, [owner.password, frontPassword, backPassword]);
});

test('after joining, in German and dark: a login with a typed password, a name taken refused', async ({
  page,
  shell,
}, testInfo) => {
  const owner = await freshDatabase();
  const front = loginName('theke');
  const panel = await openShopGermanDark(page, shell.url);
  await panel.getByRole('button', { name: 'Datenbank für ein Team einrichten …' }).click();
  const setup = panel.getByRole('form', { name: 'Datenbank für ein Team einrichten' });
  await setup.getByLabel('Adresse der Datenbank mit der Anmeldung des Eigentümers').fill(owner.url);
  await setup.getByLabel('Passwort des Eigentümers').fill(owner.password);
  await setup.getByLabel('Name der Anmeldung dieses Arbeitsplatzes').fill(front);
  await setup.getByLabel('Passwort dieser Anmeldung').fill('theke-passwort-1');
  await setup.getByRole('button', { name: 'Datenbank einrichten' }).click();
  const join = panel.getByRole('form', { name: 'Einem Team beitreten' });
  await expect(join.getByLabel('Name dieses Arbeitsplatzes')).toBeFocused();
  await page.keyboard.type('Theke');
  await join.getByRole('button', { name: 'Dem Team beitreten' }).click();
  await expect(panel.getByTestId('shop-link')).toContainText('Verbunden seit');

  await panel.getByRole('button', { name: 'Arbeitsplatz hinzufügen …' }).click();
  const add = panel.getByRole('form', { name: 'Arbeitsplatz hinzufügen' });
  await expect(add.getByLabel('Adresse der Datenbank mit der Anmeldung des Eigentümers')).toHaveAttribute(
    'placeholder',
    'postgresql://team_eigentuemer@teamrechner:5432/listingdesk',
  );
  await add.getByLabel('Adresse der Datenbank mit der Anmeldung des Eigentümers').fill(owner.url);
  await add.getByLabel('Passwort des Eigentümers').fill(owner.password);
  await add.getByLabel('Name der Anmeldung des neuen Arbeitsplatzes').fill(front);
  await add.getByLabel('Ich tippe eines ein').check();
  await add.getByLabel(/^Passwort\s?Mindestens 8 Zeichen/).fill('buero-passwort-2');
  await add.getByRole('button', { name: 'Anmeldung anlegen' }).click();
  await expect(add.getByRole('alert')).toContainText(`gibt es schon eine Anmeldung namens „${front}“`);
  await expect(add.getByRole('alert')).toHaveAttribute('data-problem', 'login-taken');
  await shot(page, panel, testInfo.outputPath('shop-add-desk-taken-de-dark.png'));

  const buero = loginName('buero');
  await add.getByLabel('Name der Anmeldung des neuen Arbeitsplatzes').fill(buero);
  await add.getByRole('button', { name: 'Anmeldung anlegen' }).click();
  const made = panel.getByTestId('shop-add-desk-result');
  await expect(made).toContainText(`Die Anmeldung ${buero} ist in der Rolle der Arbeitsplätze`);
  await expect(made).toContainText('das eben eingetippte');
  await expect(made.getByTestId('shop-add-desk-password')).toHaveCount(0);
  expect(await inDesksRole(owner.database, buero)).toBe(true);
  await shot(page, panel, testInfo.outputPath('shop-add-desk-de-dark.png'));
  expectNowhere(shell, [owner.password, 'theke-passwort-1', 'buero-passwort-2']);
});
