// A stock file imported again (issues 23.2 and 23.3), as a seller does it in the wizard: the
// preview says which rows update a draft (and what changes), which are unchanged, which look like a
// draft already, which cannot be imported (an extra cell, named) and which would not be ready to
// publish; importing writes one draft per reference. Screenshots in English light and German dark.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { colourFor, solidPng } from '../fixtures/images';
import { call } from './contract-calls';
import { expect, test } from './fixtures';

const HEADER = 'Titel;Beschreibung;Preis;Kategorie;Bilder;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis;Referenz';
const place = 'verkauf@example.de;Hauptstraße 1;10115;Berlin;Mitte;25';
const row = (title: string, price: string, photo: string, ref: string, extra = '') =>
  `${title};Gut erhalten.;${price};Haus_Garten/Wohnzimmer;${photo};${place};${ref}${extra}`;
const csv = (rows: string[]) => `\ufeff${[HEADER, ...rows].join('\r\n')}\r\n`;

test('a stock file imported again updates its drafts and names every other row', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(180_000);
  const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-import-again-'));
  try {
    const file = path.join(work, 'bestand.csv');
    ['tisch.png', 'stuhl.png', 'regal.png', 'lampe.png'].forEach((name, i) =>
      writeFileSync(path.join(work, name), solidPng(colourFor(i + 2), 60 + i * 5)),
    );
    writeFileSync(
      file,
      csv([
        row('Tisch Eiche', '149', 'tisch.png', 'T-1'),
        row('Stuhl Buche', '45', 'stuhl.png', 'S-1'),
        row('Regal Kiefer', '30', 'regal.png', 'R-1'),
        row('Stehlampe', '20', 'lampe.png', ''),
      ]),
    );
    await page.goto(shell.url);
    const first = await call(page, 'import:run', { path: file, accountId: 'sandbox', runId: 'first' });
    expect(first.created).toBe(4);

    // The seller lowers the table's price, breaks the shelf's row with an unquoted cell, and adds a
    // stool with neither price nor photo.
    writeFileSync(
      file,
      csv([
        row('Tisch Eiche', '139', 'tisch.png', 'T-1'),
        row('Stuhl Buche', '45', 'stuhl.png', 'S-1'),
        row('Regal Kiefer', '30', 'regal.png', 'R-1', ';regal-2.png'),
        row('Stehlampe', '20', 'lampe.png', ''),
        row('Hocker', '', '', 'H-1'),
      ]),
    );
    await page.getByRole('button', { name: 'Import…' }).first().click();
    await page.getByLabel('File or folder').fill(file);
    await page.getByRole('button', { name: 'Read the file' }).click();
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByRole('heading', { name: 'Check before importing' })).toBeFocused();

    const counts = page.getByTestId('import-counts');
    for (const text of [
      '5 rows',
      '1 new',
      '1 to update',
      '1 unchanged',
      '1 possible duplicate',
      '1 cannot be imported',
    ])
      await expect(counts).toContainText(text);
    const rowOf = (title: string) => page.getByTestId('import-row').filter({ hasText: title });

    const table = rowOf('Tisch Eiche');
    await expect(table).toHaveAttribute('data-action', 'update');
    await expect(table).toContainText('Update');
    await expect(table.getByTestId('import-changes')).toContainText('Updates your draft “Tisch Eiche”:');
    await expect(table.getByTestId('import-changes')).toContainText('Price: 149.00 → 139.00');

    const chair = rowOf('Stuhl Buche');
    await expect(chair).toContainText('Unchanged');
    await expect(chair).toContainText('Your draft “Stuhl Buche” has all of this already; left as it is.');
    await expect(chair.getByRole('checkbox')).toHaveCount(0);

    const shelf = rowOf('Regal Kiefer');
    await expect(shelf).toContainText('Not imported');
    await expect(shelf).toContainText(
      'more cells than the header has columns; they would be lost: regal-2.png.',
    );

    const lamp = rowOf('Stehlampe');
    await expect(lamp).toContainText('Possible duplicate');
    await expect(lamp).toContainText('Same title and price as your draft “Stehlampe”.');
    await expect(lamp.getByRole('checkbox')).not.toBeChecked();

    const stool = rowOf('Hocker');
    await expect(stool).toContainText('Not ready');
    await expect(stool).not.toContainText('Ready');
    await expect(stool).toContainText('Not ready to publish: Price: This field is required.');
    await expect(stool).toContainText('Not ready to publish: Photos: Add at least one photo.');
    await expect(stool.getByRole('rowheader')).toHaveText('6');

    await page.screenshot({ path: testInfo.outputPath('import-again-preview-en-light.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await call(page, 'settings:set', { language: 'de' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(table).toContainText('Preis: 149,00 → 139,00');
    await expect(lamp).toContainText('Mögliches Duplikat');
    await page.screenshot({ path: testInfo.outputPath('import-again-preview-de-dark.png'), fullPage: true });
    await call(page, 'settings:set', { language: 'en' });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // Importing writes the stool, updates the table, and leaves the rest.
    await page.getByRole('button', { name: 'Import 2 drafts' }).click();
    const result = page.getByTestId('import-result');
    await expect(result).toContainText(
      '1 draft created. 1 draft updated. 1 row unchanged. 1 possible duplicate left out.',
      { timeout: 60_000 },
    );
    await expect(result).toContainText('1 draft is not ready to publish yet');
    const { items } = await call(page, 'drafts:list');
    expect(items.map((d) => d.title).sort()).toEqual([
      'Hocker',
      'Regal Kiefer',
      'Stehlampe',
      'Stuhl Buche',
      'Tisch Eiche',
    ]);
    const tableId = items.find((d) => d.customReference === 'T-1')!.id;
    expect((await call(page, 'drafts:get', { id: tableId })).price.amount).toBe(139);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
