// Light or dark chosen in Settings (issue 26.7): System / Light / Dark, applied at once, kept in the
// settings, and applied at the next start before anything is shown (no flash of the other theme),
// whatever the system prefers.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const LIGHT_BG = 'rgb(246, 247, 249)';
const DARK_BG = 'rgb(21, 24, 29)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the theme chosen in Settings applies at once, at the next start and over the system’s', async ({
  browser,
  shell,
}) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(shell.url);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const theme = page.getByRole('combobox', { name: 'Appearance' });
  await expect(theme).toHaveValue('system');
  await expect.poll(() => background(page)).toBe(LIGHT_BG);

  await theme.selectOption({ label: 'Dark' });
  await expect.poll(() => background(page)).toBe(DARK_BG);
  // The system's dark follows for "As the system", and a chosen Light holds against it.
  await theme.selectOption({ label: 'As the system' });
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await theme.selectOption({ label: 'Light' });
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  await theme.selectOption({ label: 'Dark' });
  await context.close();

  // A new window on a light system, with nothing remembered in the page: the first thing shown is dark.
  const fresh = await browser.newContext({ colorScheme: 'light' });
  const next = await fresh.newPage();
  await next.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root?.firstChild || !document.body) return;
      (window as unknown as { firstPaintBg: string }).firstPaintBg = getComputedStyle(
        document.body,
      ).backgroundColor;
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await next.goto(shell.url);
  await expect(next.getByRole('button', { name: 'Settings', exact: true })).toBeVisible();
  expect(await next.evaluate(() => (window as unknown as { firstPaintBg?: string }).firstPaintBg)).toBe(
    DARK_BG,
  );
  await next.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(next.getByRole('combobox', { name: 'Appearance' })).toHaveValue('dark');
  await fresh.close();
});
