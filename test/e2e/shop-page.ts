// Settings → Shop for the shop specs: the panel opened, in English or in German and dark.
import type { Locator, Page } from '@playwright/test';

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
