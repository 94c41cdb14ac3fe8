// Templates and export (issue 17), tried as a seller would: a finished draft saved as a template,
// a new draft started from it (the template's category, description and place, no title), then
// every draft of the account exported to a CSV file that German Excel opens, read back here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

/** No serious or critical axe finding inside the open dialog. */
async function expectAccessible(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.passes.length, `axe checked nothing in ${selector}`).toBeGreaterThan(3);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('save a template, start a new draft from it, export the drafts to CSV', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto(shell.url);
  await makeDraft(page, 1, { title: 'Kühlschrank Bosch', reference: 'KS-1', photos: 1 });
  await page.reload();

  // The finished draft, saved as a template under the name its category suggests.
  const editor = page.getByRole('region', { name: 'Draft editor' });
  await page
    .getByRole('region', { name: 'Draft list' })
    .getByRole('button', { name: 'Kühlschrank Bosch' })
    .click();
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText('Kühlschrank Bosch');
  await editor.getByRole('button', { name: 'Save as template…' }).click();
  const save = page.getByRole('dialog', { name: 'Save as template' });
  await expect(save.getByLabel('Template name')).toHaveValue('Kühlschränke');
  await expectAccessible(page, '[data-testid="save-template-dialog"]');
  await save.getByLabel('Template name').fill('Kühlgeräte');
  await save.getByRole('button', { name: 'Save template' }).click();
  await expect(save.getByText('Saved as template “Kühlgeräte”.')).toBeVisible();
  await save.getByRole('button', { name: 'Close' }).click();
  await expect(save).toBeHidden();

  // A new draft from the template opens in the editor: the template's fields, no title yet.
  await page.getByRole('button', { name: 'New from template…' }).click();
  const templates = page.getByRole('dialog', { name: /^Templates of/ });
  await expect(templates.getByTestId('template-row')).toHaveCount(1);
  await expect(templates.getByTestId('template-row')).toContainText('Category: Haushalt/Kühlschränke');
  await expectAccessible(page, '[data-testid="templates-dialog"]');
  await templates.getByRole('button', { name: 'New draft from “Kühlgeräte”' }).click();
  await expect(templates).toBeHidden();
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText('Untitled draft');
  await expect(editor.getByRole('combobox', { name: 'Category' })).toHaveValue('Haushalt/Kühlschränke');
  await expect(editor.getByLabel('Description')).toHaveValue('Beschreibung von Artikel 1.');
  const { items } = await call(page, 'drafts:list');
  expect(items).toHaveLength(2);

  // Every draft of the account to a CSV file.
  await page.getByRole('button', { name: 'Export…' }).click();
  const exporting = page.getByRole('dialog', { name: 'Export drafts' });
  await expectAccessible(page, '[data-testid="export-dialog"]');
  await exporting.getByLabel('CSV (semicolons, for Excel in German)').check();
  await exporting.getByLabel('Save it at a path on this computer').check();
  const file = testInfo.outputPath('Entwürfe.csv');
  await exporting.getByLabel('Save as').fill(file);
  await exporting.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(exporting.getByText(`2 rows written to ${file}.`)).toBeVisible();
  expect(existsSync(file)).toBe(true);
  const rows = parse(readFileSync(file), { bom: true, delimiter: ';', columns: true }) as Record<
    string,
    string
  >[];
  expect(rows.map((row) => row.Title).sort()).toEqual(['', 'Kühlschrank Bosch']);
  const sofa = rows.find((row) => row.Title === 'Kühlschrank Bosch')!;
  expect(sofa.Price).toBe('120,50');
  expect(path.isAbsolute(sofa.Photos!)).toBe(true);
  expect(rows.every((row) => row.Category === 'Haushalt/Kühlschränke')).toBe(true);

  // The same name again is not overwritten unasked.
  await exporting.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Export…' }).click();
  await exporting.getByLabel('CSV (semicolons, for Excel in German)').check();
  await exporting.getByLabel('Save it at a path on this computer').check();
  await exporting.getByLabel('Save as').fill(file);
  await exporting.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(exporting.getByText('A file with this name exists already.')).toBeVisible();
  await exporting.getByRole('button', { name: 'Replace it' }).click();
  await expect(exporting.getByText(`2 rows written to ${file}.`)).toBeVisible();
});
