// Files picked, not typed (issue 26.1), in the web shell as a seller meets it: a CSV chosen with
// the browser's file chooser and imported; a CSV dropped on the Import step and imported; an
// export offered as a download whose file holds the drafts; a typed path still works. Screenshots
// of the source step and the export dialog in English light and German dark.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { call, makeDraft } from './contract-calls';
import { dropFiles } from './drop-files';
import { expect, test } from './fixtures';

const HEADER = 'Titel;Beschreibung;Preis;Kategorie;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis';
const place = 'verkauf@example.de;Hauptstraße 1;10115;Berlin;Mitte;25';
const stockCsv = (...titles: string[]) =>
  `\ufeff${[HEADER, ...titles.map((title) => `${title};Gut erhalten.;45;Haus_Garten/Wohnzimmer;${place}`)].join('\r\n')}\r\n`;

/** The titles of the drafts there are now. */
async function draftTitles(page: Page): Promise<string[]> {
  const { items } = await call(page, 'drafts:list');
  return items.map((item) => item.title).sort();
}

/** From the column step on: check the rows and import them all; waits for the result. */
async function importAll(page: Page, count: number) {
  await expect(page.getByRole('heading', { name: 'Which column holds what?' })).toBeFocused();
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await page.getByRole('button', { name: `Import ${count} drafts` }).click();
  await expect(page.getByTestId('import-result')).toContainText(`${count} drafts created.`, {
    timeout: 60_000,
  });
}

test('a CSV chosen in the browser is imported, its source step seen in both languages', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(shell.url);
  await page.getByRole('button', { name: 'Import…' }).first().click();
  await expect(page.getByRole('heading', { name: 'Import drafts' })).toBeVisible();
  // The first thing the keyboard reaches is the chooser, not a path to type.
  const choose = page.getByRole('button', { name: 'Choose a file…' });
  await expect(choose).toBeFocused();
  await expect(page.getByTestId('import-drop')).toContainText(
    'or drop a CSV, Excel or kleinanzeigen-bot file here.',
  );
  await page.screenshot({ path: testInfo.outputPath('import-source-en-light.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await call(page, 'settings:set', { language: 'de' });
  await expect(page.getByRole('button', { name: 'Datei wählen…' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('import-source-de-dark.png'), fullPage: true });
  await call(page, 'settings:set', { language: 'en' });
  await page.emulateMedia({ colorScheme: 'light' });

  // Chosen with the keyboard: Enter on the focused button opens the browser's file chooser.
  const chooser = page.waitForEvent('filechooser');
  await choose.press('Enter');
  await (
    await chooser
  ).setFiles({
    name: 'bestand.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stockCsv('Tisch Eiche', 'Stuhl Buche')),
  });
  await importAll(page, 2);
  expect(await draftTitles(page)).toEqual(['Stuhl Buche', 'Tisch Eiche']);

  // A file the import does not read is refused in plain words, on the first step.
  await page.getByRole('button', { name: 'Import another file' }).click();
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file…' }).click();
  await (
    await again
  ).setFiles({ name: 'notizen.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByTestId('import-failure')).toContainText(
    '“notizen.pdf” is not a file Listing Desk imports',
  );
  await expect(page.getByTestId('import-picked')).toHaveText(
    'Chosen: notizen.pdf Photos it names are looked for in the photo folder below.',
  );
});

test('a CSV dropped on the Import step is imported', async ({ page, shell }) => {
  test.setTimeout(120_000);
  await page.goto(shell.url);
  await page.getByRole('button', { name: 'Import…' }).first().click();
  const csv = Buffer.from(stockCsv('Regal Kiefer', 'Hocker', 'Lampe'));
  await dropFiles(page, page.getByTestId('import-drop'), [
    { name: 'regale.csv', type: 'text/csv', base64: csv.toString('base64') },
  ]);
  await importAll(page, 3);
  expect(await draftTitles(page)).toEqual(['Hocker', 'Lampe', 'Regal Kiefer']);

  // Two files at once: said, and nothing read.
  await page.getByRole('button', { name: 'Import another file' }).click();
  const one = { name: 'a.csv', type: 'text/csv', base64: csv.toString('base64') };
  await dropFiles(page, page.getByTestId('import-drop'), [one, { ...one, name: 'b.csv' }]);
  await expect(page.getByTestId('import-failure')).toHaveText('Drop one file at a time.');
});

test('a typed path still imports', async ({ page, shell }) => {
  test.setTimeout(120_000);
  const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-typed-'));
  try {
    const file = path.join(work, 'bestand.csv');
    writeFileSync(file, stockCsv('Sofa'));
    await page.goto(shell.url);
    await page.getByRole('button', { name: 'Import…' }).first().click();
    await page.getByLabel('Or type the path of a file or folder').fill(file);
    await page.getByRole('button', { name: 'Read the file' }).click();
    await expect(page.getByRole('heading', { name: 'Which column holds what?' })).toBeFocused();
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await page.getByRole('button', { name: 'Import 1 draft' }).click();
    await expect(page.getByTestId('import-result')).toContainText('1 draft created.', { timeout: 60_000 });
    expect(await draftTitles(page)).toEqual(['Sofa']);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('an export is offered as a download holding the drafts, seen in both languages', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto(shell.url);
  await makeDraft(page, 1, { title: 'Kühlschrank Bosch', reference: 'KS-1', photos: 0 });
  await makeDraft(page, 2, { title: 'Waschmaschine', reference: 'WM-1', photos: 0 });
  await page.reload();

  await page.getByRole('button', { name: 'Export…' }).click();
  const exporting = page.getByRole('dialog', { name: 'Export drafts' });
  await exporting.getByLabel('CSV (semicolons, for Excel in German)').check();
  // A download is what the web shell offers first; no path to type.
  await expect(exporting.getByLabel(/^Download it/)).toBeChecked();
  await expect(exporting.getByLabel('Save as')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('export-dialog-en-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await call(page, 'settings:set', { language: 'de' });
  // The dialog's name follows the language: found by its test id meanwhile.
  await expect(
    page.getByTestId('export-dialog').getByRole('button', { name: 'Herunterladen' }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('export-dialog-de-dark.png') });
  await call(page, 'settings:set', { language: 'en' });
  await page.emulateMedia({ colorScheme: 'light' });

  const downloaded = page.waitForEvent('download');
  await exporting.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^Listing Desk drafts \d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(readFileSync(await download.path()), {
    bom: true,
    delimiter: ';',
    columns: true,
  }) as Record<string, string>[];
  expect(rows.map((row) => row.Title).sort()).toEqual(['Kühlschrank Bosch', 'Waschmaschine']);
  await expect(exporting.getByText('2 rows exported. Your browser saves them as')).toBeVisible();

  // Served once: the same address again is not found.
  const again = await page.request.get(new URL(download.url(), shell.origin).href);
  expect(again.status()).toBe(404);
});
