// Every desk's view current (issue 32.3): a desk in a shop whose database goes out of reach says so
// in one line in every view, since when and how many changes wait (in Publishing, why publishing
// waits too), and Settings → Shop follows while open; the line goes once the database answers.
// A real PostgreSQL this file starts, a proxy the test cuts between the desk and it, and the web
// shell in the keychain's session (npm test runs e2e there). Screenshots in English light and
// German dark, for the eye.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { cli } from '../integration/cli/run-cli';
import { startCutProxy, type CutProxy } from '../shop/helpers/cut-proxy';
import { startPostgres, type Postgres } from '../shop/helpers/postgres';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';
import { makeDeskLogin, openShop } from './shop-page';

let server: Postgres;
let proxy: CutProxy;
let deskUrl: string;
let deskPassword: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPostgres();
  const adminUrl = await server.createDatabase();
  const init = await cli(['shop', 'init', adminUrl]);
  expect(init.code, init.stderr).toBe(0);
  const role = /role (listing_desk_publish_\w+)/.exec(init.stdout)![1]!;
  const login = await makeDeskLogin(adminUrl, role);
  proxy = await startCutProxy(server.port);
  const through = new URL(login.url);
  through.port = String(proxy.port);
  deskUrl = through.toString();
  deskPassword = login.password;
});
test.afterAll(async () => {
  await proxy?.close();
  server?.remove();
});

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

test('an outage is one line in every view, with since when and the changes waiting; Settings → Shop follows', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-outage-'));
  const draft = readyDraft(dataDir, 1, { title: 'Regal aus dem Laden' }, 1);
  writeDraft(dataDir, draft);
  const joined = await cli(
    ['shop', 'join', deskUrl, '--data-dir', dataDir, '--name', 'Front desk'],
    {},
    `${deskPassword}\n`,
  );
  expect(joined.code, joined.stderr).toBe(0);
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(shell.url);
    const panel = await openShop(page, 'Settings');
    await expect(panel.getByTestId('shop-link')).toContainText('Connected since');
    const line = page.getByTestId('shop-outage');
    await expect(line).toHaveCount(0);

    // Cut while Settings → Shop is open: the panel and the line follow, with no reload.
    proxy.cut();
    await expect(panel.getByTestId('shop-link')).toContainText('Not connected since');
    await expect(line).toContainText('The team’s database cannot be reached since');
    await expect(line).toContainText('Nothing waits to go up');
    // A change made meanwhile waits, and both say so.
    await call(page, 'drafts:create');
    await expect(line).toContainText('1 change waits to go up');
    await expect(panel).toContainText('1 change');
    await expect(line).toBeInViewport();
    await shot(page, testInfo, 'outage-settings-en-light');

    for (const view of ['Drafts', 'Listings', 'Feeds', 'Publishing']) {
      await page.getByRole('button', { name: view, exact: true }).click();
      await expect(line).toHaveCount(1);
      await expect(line).toBeInViewport();
      await expect(line).toContainText('1 change waits to go up');
    }
    await expect(line).toContainText('Publish waits for it too');
    await shot(page, testInfo, 'outage-publishing-en-light');
    await page.getByRole('button', { name: 'Drafts', exact: true }).click();
    await expect(line).not.toContainText('Publish waits');
    await shot(page, testInfo, 'outage-drafts-en-light');

    // German and dark.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('combobox', { name: 'Darstellung' }).selectOption('dark');
    await expect(line).toContainText('Die Datenbank des Teams ist nicht erreichbar seit');
    await expect(line).toContainText('1 Änderung wartet auf das Hochladen');
    const german = await openShop(page, 'Einstellungen');
    // The link's problem in the language just chosen, not the one it was first told in.
    await expect(german.getByRole('alert')).toContainText('Der Datenbankserver unter');
    await shot(page, testInfo, 'outage-settings-de-dark');
    await page.getByRole('button', { name: 'Veröffentlichung', exact: true }).click();
    await expect(line).toContainText('Auch Veröffentlichen wartet darauf');
    await shot(page, testInfo, 'outage-publishing-de-dark');

    // Back: the change goes up, and the line goes.
    proxy.heal();
    await expect(line).toHaveCount(0, { timeout: 40_000 });
    const back = await openShop(page, 'Einstellungen');
    await expect(back.getByTestId('shop-link')).toContainText('Verbunden seit');
    await expect(back).toContainText('0 Änderungen');
    await shot(page, testInfo, 'team-connected-de-dark');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('combobox', { name: 'Appearance' }).selectOption('light');
    await openShop(page, 'Settings');
    await shot(page, testInfo, 'team-connected-en-light');
  } finally {
    proxy.heal();
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
