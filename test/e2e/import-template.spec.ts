// Import from a template (issue 17), tried as a seller would: a template saved from a finished
// draft, chosen in the wizard's first step; the Check step names it; each imported draft has the
// template's category and attributes, and a row's own category wins over the template's.
import { writeFileSync } from 'node:fs';
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

test('an import starts each draft from the chosen template; the row’s own values win', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(shell.url);
  // The shop's template: a finished fridge draft (category Haushalt/Kühlschränke, two attributes).
  const source = await makeDraft(page, 1, { title: 'Kühlschrank Bosch', reference: 'KS-1', photos: 0 });
  const template = await call(page, 'templates:save', { draftId: source, name: 'Kühlgeräte' });
  expect(template.attributes).toEqual({ condition: 'like_new', versand: 'ja' });

  const csv = testInfo.outputPath('kuehlgeraete.csv');
  writeFileSync(
    csv,
    '\ufeffTitel;Preis;Kategorie\r\nGefrierschrank Liebherr;180;\r\nMini-Kühlschrank;45;Haushalt/Minikühlschränke\r\n',
  );

  await page.getByRole('button', { name: 'Import…' }).first().click();
  await page.getByLabel('File or folder').fill(csv);
  const choice = page.getByLabel('Start each draft from a template');
  await expect(choice).toHaveValue('');
  await expect(choice.getByRole('option')).toHaveText(['None (the account’s defaults only)', 'Kühlgeräte']);
  await choice.selectOption({ label: 'Kühlgeräte' });
  await page.getByRole('button', { name: 'Read the file' }).click();
  await page.getByRole('button', { name: 'Check the rows' }).click();

  // The Check step says which template each draft starts from.
  await expect(page.getByRole('heading', { name: 'Check before importing' })).toBeFocused();
  await expect(page.getByTestId('import-template-used')).toHaveText(
    'Each draft starts from the template “Kühlgeräte”; the row’s own values win where it has them.',
  );
  // Its category is made up (no mapping, not the catalog's): the seller keeps it as typed (issue 34.3).
  await page.getByRole('checkbox', { name: 'Keep shop categories without a mapping as written' }).check();
  await expect(page.getByTestId('import-row').filter({ hasText: 'Mini-Kühlschrank' })).not.toContainText(
    'shop category',
  );
  await page.getByRole('button', { name: 'Import 2 drafts' }).click();
  await expect(page.getByTestId('import-result')).toContainText('2 drafts created.', { timeout: 60_000 });

  // The first imported draft opens: the template's category and attributes, the row's title and price.
  await page.getByRole('button', { name: 'Show the drafts' }).click();
  const editor = page.getByRole('region', { name: 'Draft editor' });
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText('Gefrierschrank Liebherr');
  await expect(editor.getByRole('combobox', { name: 'Category' })).toHaveValue('Haushalt/Kühlschränke');
  await expect(editor.getByLabel('Attribute 1: name')).toHaveValue('condition');
  await expect(editor.getByLabel('Attribute 1: value')).toHaveValue('like_new');
  await expect(editor.getByLabel('Attribute 2: name')).toHaveValue('versand');
  await expect(editor.getByLabel('Attribute 2: value')).toHaveValue('ja');

  // The other row named its own category: it wins; the template's attributes are there all the same.
  await page
    .getByRole('region', { name: 'Draft list' })
    .getByRole('button', { name: 'Mini-Kühlschrank' })
    .click();
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText('Mini-Kühlschrank');
  await expect(editor.getByRole('combobox', { name: 'Category' })).toHaveValue('Haushalt/Minikühlschränke');
  await expect(editor.getByLabel('Attribute 1: value')).toHaveValue('like_new');
  const { items } = await call(page, 'drafts:list');
  expect(items).toHaveLength(3);
});
