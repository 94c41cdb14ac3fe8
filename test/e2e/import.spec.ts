// Import, tried as a new seller would (issue 17): a semicolon CSV as Excel writes it (BOM, German
// prices) with a photo folder; one column mapped by hand; the bad row named in the preview and in
// the result; the import undone; the file fixed and imported again; the drafts published.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { colourFor, solidPng } from '../fixtures/images';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const HEADER = 'Titel;Langtext;Preis;Kategorie;Zustand;Bilder;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis';
const place = 'verkauf@example.de;Hauptstraße 1;10115;Berlin;Mitte;25';

/** The shop's table: "Langtext" is a name the app cannot guess; the lamp's price is a word. */
function stockCsv(lampPrice: string): string {
  const rows = [
    HEADER,
    `Kühlschrank Bosch;"Gut erhalten.\nAbholung in Berlin.";1.234,50 €;Haushalt/Kühlschränke;gebraucht;kuehlschrank.png;${place}`,
    `Fahrrad 28 Zoll;Wenig gefahren, frisch geölt.;89,90;Fahrräder/Herrenräder;gebraucht;fahrrad-1.png|fahrrad-2.png;${place}`,
    `Stehlampe Messing;Funktioniert einwandfrei.;${lampPrice};Haushalt/Lampen;wie neu;lampe.png;${place}`,
  ];
  return `\ufeff${rows.join('\r\n')}\r\n`;
}

async function titlesOnService(page: Page): Promise<{ title: string; price: number; photos: number }[]> {
  const { listings } = await call(page, 'listings:list', { refresh: true });
  return listings.map((listing) => ({
    title: listing.title,
    price: listing.adPrice.amount,
    photos: listing.urls.length,
  }));
}

test('a semicolon CSV with a photo folder becomes drafts, the bad row is named and fixed, and they go live', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-import-'));
  const csv = path.join(work, 'tabelle', 'bestand.csv');
  const photos = path.join(work, 'fotos');
  mkdirSync(path.dirname(csv), { recursive: true });
  mkdirSync(photos, { recursive: true });
  ['kuehlschrank.png', 'fahrrad-1.png', 'fahrrad-2.png', 'lampe.png'].forEach((name, i) =>
    writeFileSync(path.join(photos, name), solidPng(colourFor(i + 3), 60 + i * 7)),
  );
  writeFileSync(csv, stockCsv('zwanzig Euro'));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await page.getByRole('button', { name: 'Import…' }).first().click();

    // Step 1: the source. Focus starts in the path field.
    await expect(page.getByRole('heading', { name: 'Import drafts' })).toBeVisible();
    const pathField = page.getByLabel('File or folder');
    await expect(pathField).toBeFocused();
    await pathField.fill(csv);
    await page.getByLabel('Photo folder (optional)').fill(photos);
    await expect(page.getByLabel('Account')).toHaveValue(/.+/);
    await page.getByRole('button', { name: 'Read the file' }).click();

    // Step 2: the columns, guessed from the German header; "Langtext" is mapped by hand.
    const mappingHeading = page.getByRole('heading', { name: 'Which column holds what?' });
    await expect(mappingHeading).toBeFocused();
    await expect(page.getByTestId('import-detected')).toHaveText(
      'Read as UTF-8, columns separated by semicolons. 3 rows in the table.',
    );
    await expect(page.getByLabel('“Titel” goes to')).toHaveValue('title');
    await expect(page.getByLabel('“Preis” goes to')).toHaveValue('price');
    await expect(page.getByLabel('“Bilder” goes to')).toHaveValue('photos');
    const langtext = page.getByLabel('“Langtext” goes to');
    await expect(langtext).toHaveValue('');
    await langtext.selectOption({ label: 'Description' });
    await page.getByRole('button', { name: 'Check the rows' }).click();

    // Step 3: the preview names the bad row in plain words; nothing is written yet.
    await expect(page.getByRole('heading', { name: 'Check before importing' })).toBeFocused();
    const counts = page.getByTestId('import-counts');
    await expect(counts).toContainText('3 rows');
    await expect(counts).toContainText('2 ready to import');
    await expect(counts).toContainText('1 cannot be imported');
    await expect(counts).toContainText('3 photos to import');
    const lamp = page.getByTestId('import-row').filter({ hasText: 'Stehlampe Messing' });
    await expect(lamp).toContainText('Not imported');
    await expect(lamp).toContainText('The price “zwanzig Euro” is not a number we can read');
    const fridge = page.getByTestId('import-row').filter({ hasText: 'Kühlschrank Bosch' });
    await expect(fridge).toContainText('1,234.50');
    await expect(fridge).toContainText('Ready');
    expect((await call(page, 'drafts:list')).total).toBe(0);

    // Imported anyway: the good rows become drafts, the bad one is named with its reason.
    await page.getByRole('button', { name: 'Import 2 drafts' }).click();
    const result = page.getByTestId('import-result');
    await expect(result).toContainText('2 drafts created. 3 photos added.', { timeout: 60_000 });
    await expect(result).toContainText('1 row was not imported:');
    await expect(result).toContainText('Row 3: The price “zwanzig Euro” is not a number we can read');
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeFocused();

    // Undo asks first, then moves the two drafts to the trash.
    await page.getByRole('button', { name: 'Undo this import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Undo the import of 2 drafts?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Move to trash' }).click();
    await expect(page.getByTestId('import-undone')).toHaveText('Undone: 2 drafts moved to the trash.');
    await expect(page.getByTestId('import-undone')).toBeFocused();
    expect((await call(page, 'drafts:list')).total).toBe(0);

    // The seller fixes the price in the file and reads it again: the mapping is remembered.
    writeFileSync(csv, stockCsv('20,-'));
    await page.getByRole('button', { name: 'Import another file' }).click();
    await expect(page.getByLabel('File or folder')).toHaveValue(csv);
    await page.getByRole('button', { name: 'Read the file' }).click();
    await expect(page.getByText('These are the choices you made last time')).toBeVisible();
    await expect(page.getByLabel('“Langtext” goes to')).toHaveValue('description');
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(counts).toContainText('3 ready to import');
    await expect(page.getByTestId('import-row').filter({ hasText: 'Stehlampe Messing' })).toContainText(
      '20.00',
    );
    await page.getByRole('button', { name: 'Import 3 drafts' }).click();
    await expect(result).toContainText('3 drafts created. 4 photos added.', { timeout: 60_000 });
    await expect(result).not.toContainText('not imported');

    // The drafts, listed and complete: published from the list, they go live on the service.
    await page.getByRole('button', { name: 'Show the drafts' }).click();
    await expect(page.getByTestId('drafts-summary')).toHaveText('3 drafts');
    const editor = page.getByRole('region', { name: 'Draft editor' });
    await expect(editor).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('toolbar').getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByTestId('drafts-publish-outcome')).toContainText('3 drafts are being published.');
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Publishing/ })
      .click();
    for (const title of ['Kühlschrank Bosch', 'Fahrrad 28 Zoll', 'Stehlampe Messing']) {
      await expect(page.getByRole('article', { name: title }).getByTestId('job-state')).toHaveText('Live', {
        timeout: 60_000,
      });
    }
    const live = await titlesOnService(page);
    expect(live.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'Fahrrad 28 Zoll', price: 89.9, photos: 2 },
      { title: 'Kühlschrank Bosch', price: 1234.5, photos: 1 },
      { title: 'Stehlampe Messing', price: 20, photos: 1 },
    ]);
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
});
