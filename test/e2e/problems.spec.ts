// An unreadable accounts.json, as the seller meets it: the app starts with the Sandbox account and
// says so in the frame (what happened, where the file went, what was kept), in English and in
// German, light and dark, until dismissed with the keyboard; the dismissal holds after a restart.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { expect, launchShell, stopShell, test } from './fixtures';

function corruptAccounts(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(`${dataDir}/accounts.json`, '{"accounts": [{"id": "shop", "name": "Mein La');
}

async function open(browser: Browser, url: string, locale: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ colorScheme, locale });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

test('an unreadable accounts.json is shown in English until dismissed, also after a restart', async ({
  browser,
}, testInfo) => {
  const dataDir = testInfo.outputPath('data');
  corruptAccounts(dataDir);
  let { shell, child } = await launchShell(dataDir);
  try {
    const { context, page } = await open(browser, shell.url, 'en-US', 'light');
    const banner = page.getByRole('alert', { name: 'Files the app could not read' });
    await expect(banner).toContainText('accounts.json could not be read.');
    await expect(banner).toContainText('Your accounts were reset to the Sandbox account');
    await expect(banner).toContainText('your secrets are still in the keychain');
    await expect(banner).toContainText(`The file was moved to ${dataDir}/accounts.json.unreadable-`);
    await page.screenshot({ path: '/tmp/problems-en-light.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: '/tmp/problems-en-dark.png' });

    // Keyboard only: Tab reaches Dismiss, Enter dismisses.
    const dismiss = banner.getByRole('button', { name: 'Dismiss' });
    for (let i = 0; i < 30 && !(await dismiss.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(dismiss).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await context.close();
  } finally {
    await stopShell(child);
  }

  ({ shell, child } = await launchShell(dataDir));
  try {
    const { context, page } = await open(browser, shell.url, 'en-US', 'light');
    await expect(page.getByRole('button', { name: 'Drafts' })).toBeVisible();
    await expect(page.getByText('accounts.json could not be read.')).toHaveCount(0);
    await context.close();
  } finally {
    await stopShell(child);
  }
});

test('the same problem in German, light and dark', async ({ browser }, testInfo) => {
  const dataDir = testInfo.outputPath('data');
  corruptAccounts(dataDir);
  const { shell, child } = await launchShell(dataDir, { LANG: 'de_DE.UTF-8' });
  try {
    const { context, page } = await open(browser, shell.url, 'de-DE', 'dark');
    const banner = page.getByRole('alert', { name: 'Dateien, die die App nicht lesen konnte' });
    await expect(banner).toContainText('accounts.json konnte nicht gelesen werden.');
    await expect(banner).toContainText('Ihre Konten wurden auf das Sandbox-Konto zurückgesetzt');
    await expect(banner).toContainText(`Die Datei wurde nach ${dataDir}/accounts.json.unreadable-`);
    await page.screenshot({ path: '/tmp/problems-de-dark.png' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: '/tmp/problems-de-light.png' });
    await banner.getByRole('button', { name: 'Ausblenden' }).click();
    await expect(banner).toBeHidden();
    await context.close();
  } finally {
    await stopShell(child);
  }
});
