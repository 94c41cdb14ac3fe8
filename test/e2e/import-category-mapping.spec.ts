// A shop's file in the Import wizard (issue 34.3): the preview names the shop category no mapping
// serves once, with the catalog's guesses; one press maps a guess and the preview is asked again,
// its rows then carrying the mapped path. Keyboard and axe on the list; screenshots in English
// light and German dark.
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call } from './contract-calls';
import { expect, test } from './fixtures';

const csv = [
  'Artikelnummer;Titel;Beschreibung;Preis;Kategorie;Zustand;Farbe',
  'T-1;Esstisch Eiche;Massiv.;249;Möbel > Tische > Esstische;gebraucht;Braun',
  'G-1;Kugelgrill;Mit Deckel.;80;Garten > Grills;gebraucht;Schwarz',
  'G-2;Grillrost;Edelstahl.;15;Garten/Grills;neu;Silber',
].join('\r\n');

test('the preview names an unmapped shop category once; a guess maps it and the rows follow', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(120_000);
  const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-import-mapping-'));
  try {
    const file = path.join(work, 'shop.csv');
    writeFileSync(file, `\ufeff${csv}\r\n`);
    await page.goto(shell.url);
    await call(page, 'categories:map', {
      shopCategory: 'Möbel > Tische',
      path: 'Haus_Garten/Kueche_Esszimmer',
      attributes: { art: 'tische' },
    });
    await page.getByRole('button', { name: 'Import…' }).first().click();
    await page.getByLabel('File or folder').fill(file);
    await page.getByRole('button', { name: 'Read the file' }).click();
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByRole('heading', { name: 'Check before importing' })).toBeFocused();

    const unmapped = page.getByTestId('import-unmapped');
    await expect(
      unmapped.getByRole('heading', { name: '1 shop category without a category of the marketplace' }),
    ).toBeVisible();
    await expect(unmapped).toContainText('Garten > Grills');
    await expect(unmapped).toContainText('(2 rows)');
    const guesses = unmapped.getByRole('group', { name: 'Suggestions for Garten > Grills' });
    await expect(guesses.getByRole('button').first()).toBeVisible();
    const rowOf = (title: string) => page.getByTestId('import-row').filter({ hasText: title });
    await expect(rowOf('Kugelgrill')).toContainText(
      'The shop category “Garten > Grills” has no category of the marketplace yet',
    );
    await expect(rowOf('Esstisch Eiche')).not.toContainText('shop category');

    const axe = await new AxeBuilder({ page }).include('[data-testid="import-unmapped"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('import-mapping-en-light.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await call(page, 'settings:set', { language: 'de' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(unmapped).toContainText('(2 Zeilen)');
    await expect(rowOf('Kugelgrill')).toContainText('Die Shop-Kategorie „Garten > Grills“');
    await page.screenshot({ path: testInfo.outputPath('import-mapping-de-dark.png'), fullPage: true });
    await call(page, 'settings:set', { language: 'en' });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // The first guess, pressed from the keyboard: mapped, and the preview is asked again at once.
    const first = guesses.getByRole('button').first();
    const label = (await first.getAttribute('title'))!.replace(/^Sent as /, '');
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(unmapped).toHaveCount(0);
    await expect(rowOf('Kugelgrill')).not.toContainText('shop category');
    const mappings = await call(page, 'categories:mappings');
    expect(mappings.mappings.find((m) => m.shopCategory === 'Garten > Grills')?.path).toBe(label);

    // Imported, the grill's draft carries the mapped path.
    await page.getByRole('button', { name: 'Import 3 drafts' }).click();
    await expect(page.getByTestId('import-result')).toContainText('3 drafts created.', { timeout: 60_000 });
    const { items } = await call(page, 'drafts:list');
    const grill = await call(page, 'drafts:get', { id: items.find((d) => d.customReference === 'G-1')!.id });
    expect(grill.category).toBe(label);
    const table = await call(page, 'drafts:get', { id: items.find((d) => d.customReference === 'T-1')!.id });
    expect(table).toMatchObject({
      category: 'Haus_Garten/Kueche_Esszimmer',
      attributes: { art: 'tische', condition: 'ok', color: 'braun' },
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
