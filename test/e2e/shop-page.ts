// Settings → Shop for the shop specs: the panel opened, in English or in German and dark.
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';

/** Opens Settings (its button named `settings` in the page's language) and brings the Shop panel into view. */
export async function openShop(page: Page, settings: string): Promise<Locator> {
  await page.getByRole('button', { name: settings, exact: true }).click();
  const panel = page.getByTestId('shop-panel');
  await panel.scrollIntoViewIfNeeded();
  return panel;
}

/** Opens the shell at `url` in dark, switches to German and dark, and opens the Shop panel. */
export async function openShopGermanDark(page: Page, url: string): Promise<Locator> {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(url);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByRole('combobox', { name: 'Darstellung' }).selectOption('dark');
  return openShop(page, 'Einstellungen');
}

/**
 * A desk login in the shop's role `role`, as the README says to make one (`limit`: its CONNECTION
 * LIMIT), made with the owner's `adminUrl`; its URL has no password.
 */
export async function makeDeskLogin(
  adminUrl: string,
  role: string,
  limit = -1,
): Promise<{ url: string; password: string }> {
  const login = `desk_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(8).toString('hex');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(
      `create role ${login} login password ${pg.escapeLiteral(password)} connection limit ${limit} in role ${role}`,
    );
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.username = login;
  url.password = '';
  return { url: url.toString(), password };
}
