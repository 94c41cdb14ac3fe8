// Settings → Shop for the shop specs: the panel opened, in English or in German and dark; the panel
// looked at (a screenshot and axe), and secrets looked for in the data folder and the shell's output.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { expect, type RunningShell } from './fixtures';

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

/**
 * The panel whole (a tall window, so nothing of it scrolls out of the picture), and axe's serious
 * or critical findings in it: none.
 */
export async function shot(page: Page, panel: Locator, file: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 1800 });
  await panel.screenshot({ path: file });
  if (size) await page.setViewportSize(size);
  const results = await new AxeBuilder({ page }).include('[data-testid="shop-panel"]').analyze();
  expect(results.passes.length, 'axe checked nothing').toBeGreaterThan(3);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A file's text, or null when the app removed it since it was listed (a join's marker, a temp file). */
function textOf(file: string): string | null {
  try {
    return statSync(file).isFile() ? readFileSync(file, 'latin1') : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * That no file of the data folder and nothing the shell wrote holds any of `secrets`. The app keeps
 * working meanwhile: a file it removed between the listing and the reading holds nothing any more.
 */
export function expectNowhere(shell: RunningShell, secrets: string[]): void {
  const texts = readdirSync(shell.dataDir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(shell.dataDir, name))
    .map((file) => [file, textOf(file)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null);
  expect(texts.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    for (const [file, text] of texts) expect(text, file).not.toContain(secret);
    expect(shell.stderr()).not.toContain(secret);
  }
}
