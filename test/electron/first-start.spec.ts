// The first start of the real Electron app on an empty data folder: the window shows, titled, on
// the drafts view; main says it is the Electron shell on that folder; the embedded listing service
// is the account in use, in the contract and in Settings.
import { realpathSync } from 'node:fs';
import { call } from '../e2e/contract-calls';
import { APP_START_URL, electronMissing, expect, test } from './fixtures';

test.skip(electronMissing !== undefined, electronMissing);

test('first start: a visible window on the drafts view, with the embedded Sandbox account in use', async ({
  app,
  page,
  dataDir,
}) => {
  // One window, shown once ready (it starts hidden), on the app's own origin.
  await expect
    .poll(() =>
      app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((window) => window.isVisible())),
    )
    .toEqual([true]);
  await expect(page).toHaveTitle('Listing Desk');
  expect(page.url()).toBe(APP_START_URL);
  expect(app.windows()).toHaveLength(1);

  // The drafts view, empty, with its way to start.
  const navigation = page.getByRole('navigation');
  for (const name of ['Drafts', 'Listings', 'Publishing', 'Settings'])
    await expect(navigation.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No drafts yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New draft', exact: true }).first()).toBeVisible();

  // Main, through the preload's bridge: the Electron shell on the folder it was given.
  const info = await call(page, 'app:info');
  expect(info).toMatchObject({ shell: 'electron', version: '0.1.0' });
  // The same folder, however the OS spells it (macOS's /private/var, Windows's short names).
  expect(realpathSync.native(info.dataDir)).toBe(realpathSync.native(dataDir));
  const accounts = await call(page, 'accounts:list');
  const sandbox = accounts.accounts.find((account) => account.kind === 'sandbox');
  expect(sandbox).toBeDefined();
  expect(accounts.activeId).toBe(sandbox!.id);

  // What the seller sees in Settings.
  await navigation.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  const row = page.getByTestId(`account-${sandbox!.name}`);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toContainText('In use');
  await expect(row).toContainText('Built in');
  await expect(page.getByTestId('about-shell')).toHaveAttribute('data-shell', 'electron');
  await expect(page.getByTestId('about-data-dir')).toHaveText(info.dataDir);

  // The embedded service answers: its (empty) listings come over real HTTP on loopback.
  const listings = await call(page, 'listings:list', { refresh: true });
  expect(listings.problem).toBeUndefined();
  expect(listings.fetchedAt).not.toBeNull();
  expect(listings.listings).toEqual([]);
});
