// Readiness says more, blocks no more (issue 33.6), as a seller meets it: the Drafts list marks a
// draft whose category the catalog does not know and one whose kind is not chosen, both still
// ready; the editor says the warning with its fix beside a Publish button that stays enabled, and
// its button leads to the category field, by keyboard. English light and German dark looked at,
// axe over the editor in both.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const TOYS = 'Familie_Kind_Baby/Spielzeug';

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('.draft-editor').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

test('the list and the editor warn of the catalog’s remarks, and the draft stays publishable', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(shell.url);
  // The sample draft's category (Haushalt/Kühlschränke) is not one of the marketplace's.
  await makeDraft(page, 1, { title: 'Kühlschrank', reference: 'KAT-1', photos: 1 });
  const bricks = await makeDraft(page, 2, { title: 'Bausteine', reference: 'KAT-2', photos: 1 });
  const stored = await call(page, 'drafts:get', { id: bricks });
  await call(page, 'drafts:save', {
    draft: { ...draftFieldsOf(stored), category: TOYS, attributes: { condition: 'ok' } },
  });

  // Named in the window's language: "2 drafts", "2 Entwürfe".
  const list = page.getByRole('list', { name: /^\d+ (drafts?|Entwurf|Entwürfe)$/ });
  const row = (title: string) => list.getByRole('listitem').filter({ hasText: title });
  // Short in the row, whole for screen readers and in its title.
  const unknown = row('Kühlschrank').getByTestId('drafts-catalog-warning');
  await expect(unknown).toContainText('⚠ Category');
  await expect(unknown).toContainText('Category not in the catalog');
  await expect(unknown).toHaveAttribute('title', /^Category not in the catalog\. Open the draft/);
  await expect(row('Bausteine').getByTestId('drafts-catalog-warning')).toContainText('No kind chosen');
  await expect(row('Bausteine')).toContainText('Ready');
  await page.screenshot({ path: testInfo.outputPath('catalog-warnings-list-en-light.png') });

  await row('Bausteine').getByRole('button').first().click();
  const editor = page.getByRole('region', { name: 'Draft editor' });
  const note = page.getByTestId('editor-catalog-warnings');
  await expect(note).toContainText('The catalog has a remark (the draft can be published all the same):');
  // Named as the catalog names it (loaded for the note), not by its path.
  await expect(note).toContainText(/› (Spielzeug|Toys) has kinds, but none is chosen \(/);
  await expect(editor.getByTestId('editor-summary')).toHaveText('Ready to publish');
  await expect(editor.getByRole('button', { name: 'Publish', exact: true })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // By keyboard: the note's button takes the focus to the category field.
  await note.getByRole('button', { name: 'Go to the category' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#draft-category')).toBeFocused();
  await note.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: testInfo.outputPath('catalog-warnings-editor-en-light.png') });
  await note.screenshot({ path: testInfo.outputPath('catalog-warnings-note-en-light.png') });
  expect(await axe(page)).toEqual([]);

  await page.emulateMedia({ colorScheme: 'dark' });
  await call(page, 'settings:set', { language: 'de' });
  await expect(note).toContainText('Der Katalog hat einen Hinweis');
  await expect(note.getByRole('button', { name: 'Zur Kategorie' })).toBeVisible();
  await note.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: testInfo.outputPath('catalog-warnings-editor-de-dark.png') });
  await note.screenshot({ path: testInfo.outputPath('catalog-warnings-note-de-dark.png') });
  expect(await axe(page)).toEqual([]);

  // Choosing the kind takes the warning away (the check follows the draft's attributes).
  const now = await call(page, 'drafts:get', { id: bricks });
  await call(page, 'drafts:save', {
    draft: { ...draftFieldsOf(now), attributes: { condition: 'ok', art: 'lego_duplo' } },
  });
  await expect(note).toHaveCount(0);
  await page.getByRole('navigation').getByRole('button', { name: 'Entwürfe' }).click();
  await expect(row('Bausteine')).toContainText('Bereit');
  await expect(row('Bausteine').getByTestId('drafts-catalog-warning')).toHaveCount(0);
  await expect(row('Kühlschrank').getByTestId('drafts-catalog-warning')).toContainText(
    'Kategorie nicht im Katalog',
  );
  await page.screenshot({ path: testInfo.outputPath('catalog-warnings-list-de-dark.png') });
});
