// Settings → Shop (issue 24.1) against a real PostgreSQL that this file starts (Debian's
// `postgresql`, test/shop/helpers/postgres.ts) and the web shell in the keychain's session (npm
// test runs e2e there): the connection test says what is wrong in plain words, a desk joins,
// sees the shop and its desks, and leaves; in English light and German dark.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { cli } from '../integration/cli/run-cli';
import { freePort, startPostgres, type Postgres } from '../shop/helpers/postgres';
import { expect, launchShell, stopShell, test } from './fixtures';

let server: Postgres;
let adminUrl: string;
let role: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPostgres();
  adminUrl = await server.createDatabase();
  const init = await cli(['shop', 'init', adminUrl]);
  expect(init.code, init.stderr).toBe(0);
  role = /role (listing_desk_desks_\w+)/.exec(init.stdout)![1]!;
});
test.afterAll(() => server?.remove());

/** A desk login in the shop's role, as the README says to make one; its URL has no password. */
async function deskLogin(): Promise<{ url: string; password: string }> {
  const login = `desk_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(8).toString('hex');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create role ${login} login password ${pg.escapeLiteral(password)} in role ${role}`);
  await client.end();
  const url = new URL(adminUrl);
  url.username = login;
  url.password = '';
  return { url: url.toString(), password };
}

async function openShop(page: Page, settings: string) {
  await page.getByRole('button', { name: settings, exact: true }).click();
  const panel = page.getByTestId('shop-panel');
  await panel.scrollIntoViewIfNeeded();
  return panel;
}

test('the connection test names what is wrong; a desk joins, sees the shop and leaves', async ({
  page,
}, testInfo) => {
  // A shell of its own: the desk starts again halfway, on the same data folder.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-shop-'));
  let { shell, child } = await launchShell(dataDir);
  try {
    await joinLeave(page, shell.url, testInfo.outputPath.bind(testInfo), async () => {
      await stopShell(child);
      ({ shell, child } = await launchShell(dataDir));
      return shell.url;
    });
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function joinLeave(
  page: Page,
  url0: string,
  output: (name: string) => string,
  restart: () => Promise<string>,
) {
  const desk = await deskLogin();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url0);
  const panel = await openShop(page, 'Settings');
  await expect(panel.getByRole('heading', { name: 'Shop', exact: true })).toBeVisible();
  const address = panel.getByLabel('Database address');
  const password = panel.getByLabel('Password of the login');
  const result = panel.getByRole('alert');

  await address.fill(desk.url);
  await password.fill('wrong');
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText('refused the user name or password');

  const closed = await freePort();
  await address.fill(`postgresql://desk@127.0.0.1:${closed}/shop`);
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText(
    `The database server at desk@127.0.0.1:${closed}/shop cannot be reached`,
  );

  await address.fill(await server.createDatabase());
  await password.fill('');
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText('is not a Listing Desk database');

  await address.fill(desk.url);
  await password.fill(desk.password);
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect(panel.getByRole('status')).toContainText('It works: a Listing Desk shop at desk_');
  await panel.getByLabel("This desk's name").fill('Front desk');
  await page.screenshot({ path: output('shop-join-en-light.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Join the shop' }).click();

  await expect(panel.getByTestId('shop-link')).toContainText('Connected since');
  await expect(panel.getByRole('status')).toContainText(
    'This desk starts sharing when Listing Desk starts again',
  );

  // Started again, the desk opens in the shop: its sync runs, and the note is gone.
  await page.goto(await restart());
  const member = await openShop(page, 'Settings');
  await expect(member.getByTestId('shop-link')).toContainText('Connected since');
  await expect(member.getByRole('status')).toHaveCount(0);
  const desks = member.getByRole('table', { name: "The shop's desks" });
  await expect(desks.getByRole('row', { name: /Front desk .* this desk/ })).toBeVisible();
  await expect(member).toContainText('0 changes');
  await expect(member).toContainText('0 drafts to decide');
  await page.screenshot({ path: output('shop-member-en-light.png'), fullPage: true });

  await member.getByRole('button', { name: 'Leave the shop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave the shop' }).click();
  await expect(member.getByRole('status')).toContainText('This desk has left the shop');
  await expect(member.getByLabel('Database address')).toBeVisible();
}

test('in German and dark: a schema too new is named with both versions, and the member view', async ({
  page,
  shell,
}, testInfo) => {
  const desk = await deskLogin();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(shell.url);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByRole('combobox', { name: 'Darstellung' }).selectOption('dark');
  const panel = await openShop(page, 'Einstellungen');
  await expect(panel.getByRole('heading', { name: 'Laden', exact: true })).toBeVisible();

  const future = await server.createDatabase();
  expect((await cli(['shop', 'init', future])).code).toBe(0);
  const client = new pg.Client({ connectionString: future });
  await client.connect();
  await client.query(`insert into listing_desk.schema_version (version, name) values (99, 'future')`);
  await client.end();
  await panel.getByLabel('Adresse der Datenbank').fill(future);
  await panel.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(panel.getByRole('alert')).toContainText(
    'hat Schema-Version 99; dieses Listing Desk kennt Versionen bis 1. Aktualisieren Sie Listing Desk',
  );
  await page.screenshot({ path: testInfo.outputPath('shop-problem-de-dark.png'), fullPage: true });

  await panel.getByLabel('Adresse der Datenbank').fill(desk.url);
  await panel.getByLabel('Passwort der Anmeldung').fill(desk.password);
  await panel.getByLabel('Name dieses Arbeitsplatzes').fill('Theke');
  await panel.getByRole('button', { name: 'Dem Laden beitreten' }).click();
  await expect(panel.getByTestId('shop-link')).toContainText('Verbunden seit');
  await expect(panel.getByRole('table', { name: 'Die Arbeitsplätze des Ladens' })).toContainText('Theke');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('shop-member-de-dark.png'), fullPage: true });
});
