// The catalog replaced by a newer file, as a seller meets it (issue 33.1, 33.9): Settings → About
// names the catalog in use (shipped, its date and source) and "Load a catalog file…" opens the
// browser's file chooser, reached by keyboard; a broken file and an older one are refused in the
// seller's words, a newer one is in use at once and named. English light and German dark looked at,
// axe over the panel in both.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import shippedJson from '../../src/shared/marketplace-catalog.json' with { type: 'json' };
import { call } from './contract-calls';
import { expect, test } from './fixtures';

const shipped = shippedJson as { date: string; source: string; categories: unknown[] };
const year = Number(shipped.date.slice(0, 4));
const dated = (y: number) => `${y}${shipped.date.slice(4, 10)}`;

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('[data-testid="about-panel"]').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

/** Picks `file` through the browser's chooser opened with the keyboard (Enter on the button). */
async function pick(page: Page, file: string) {
  const button = page.getByTestId('load-catalog');
  await button.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
}

test('Settings → About loads a newer catalog file and refuses an older or broken one', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(120_000);
  const files = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-catalogs-'));
  try {
    const broken = path.join(files, 'broken.json');
    writeFileSync(broken, '{"source": "cut off", "date": "2099-01-');
    const older = path.join(files, 'older.json');
    writeFileSync(older, JSON.stringify({ ...shipped, date: dated(year - 1), source: 'an old guide' }));
    const newer = path.join(files, 'newer.json');
    writeFileSync(
      newer,
      JSON.stringify({ ...shipped, date: dated(year + 1), source: 'the guide of next year' }),
    );

    await page.goto(shell.url);
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Settings/ })
      .click();
    const origin = page.getByTestId('catalog-origin');
    await expect(origin).toHaveAttribute('data-from', 'shipped');
    await expect(origin).toContainText('The catalog shipped with the app, of');
    // The file's own words (English in the shipped one) are quoted under Details.
    const source = page.getByTestId('catalog-section').locator('details');
    await source.getByText('Where the data come from').click();
    await expect(source).toContainText(shipped.source);
    await expect(page.getByRole('button', { name: 'Load a catalog file…' })).toBeVisible();

    const outcome = page.getByTestId('catalog-outcome');
    await pick(page, broken);
    await expect(outcome).toContainText('This is not a catalog file the app can read');
    await expect(outcome).toHaveAttribute('role', 'alert');
    await pick(page, older);
    await expect(outcome).toContainText('not newer than the one in use');
    await expect(origin).toHaveAttribute('data-from', 'shipped');

    await pick(page, newer);
    await expect(outcome).toContainText('is in use now (the guide of next year)');
    await expect(origin).toHaveAttribute('data-from', 'file');
    await expect(origin).toContainText(`A catalog file loaded later, of`);
    await expect(origin).toContainText(String(year + 1));
    expect(await call(page, 'catalog:origin')).toEqual({
      source: 'the guide of next year',
      date: dated(year + 1),
      from: 'file',
    });
    await page.getByTestId('catalog-section').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('about-catalog-en-light.png'), fullPage: true });
    expect(await axe(page)).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    await call(page, 'settings:set', { language: 'de' });
    await expect(page.getByRole('button', { name: 'Katalogdatei laden…' })).toBeVisible();
    await expect(origin).toContainText('Eine später geladene Katalogdatei vom');
    await pick(page, older);
    await expect(outcome).toContainText('nicht neuer als der verwendete');
    await page.getByTestId('catalog-section').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('about-catalog-de-dark.png'), fullPage: true });
    expect(await axe(page)).toEqual([]);
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
});
