// The editor shows a conflict at once (issue 32.2): while the seller types the contact person, a
// change of several drafts together sets another one; the editor's save meets it and keeps both,
// the panel and a note under the field show both values with who and when and "Keep this", the
// caret stays and the seller types on; the value typed on replaces the editor's side of the
// conflict, never the other. Screenshots in English light, German light and German dark, for the eye.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const TITLE = 'Kommode Kiefer';

/** axe's serious and critical findings in the conflict's panel and note (contrast in both looks, names). */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="shop-merge"]')
    .include('.field-conflict')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}`));
}

const shot = async (page: Page, testInfo: TestInfo, name: string) => {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await page.getByTestId('shop-merge').screenshot({ path: testInfo.outputPath(`${name}-panel.png`) });
};

test('a change crossing what the seller types: both kept, shown at once, the caret stays', async ({
  page,
  shell,
}, testInfo) => {
  await page.goto(shell.url);
  const id = await makeDraft(page, 1, { title: TITLE, reference: 'CROSS-1', photos: 0 });
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Drafts/ })
    .click();
  await page.getByRole('region', { name: 'Draft list' }).getByRole('button', { name: TITLE }).click();
  const editor = page.getByRole('region', { name: 'Draft editor' });
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText(TITLE);
  // By its id: the region's name changes with the language.
  const person = page.locator('#draft-contactPerson');
  await expect(person).toHaveValue('Erika Mustermann');

  // The seller starts typing; before the autosave, another change of the same field lands.
  await person.click();
  await page.keyboard.press('ControlOrMeta+A');
  await person.pressSequentially('Max M');
  const bulk = await call(page, 'bulk:apply-drafts', {
    ids: [id],
    edit: { kind: 'contact', contactPerson: 'Moritz' },
  });
  expect(bulk.saved).toEqual([id]);

  const merge = page.getByTestId('shop-merge');
  const group = merge.getByRole('group', { name: 'Contact person' });
  await expect(group.getByRole('listitem')).toHaveText([
    /^Max M\s*This desk's editor, .* · in the draft now\s*Keep this$/,
    /^Moritz\s*A change of several drafts together, .*Keep this$/,
  ]);
  await expect(merge.getByRole('heading', { name: 'Changed in two places' })).toBeVisible();
  // Under the field itself, where the seller is typing: the other value, who and when, Keep this.
  const note = page.getByRole('group', { name: 'Also kept for Contact person: choose which stays' });
  await expect(note).toContainText('Moritz');
  // Nothing typed was dropped, the caret is where it was: typing on continues the name.
  await expect(person).toHaveValue('Max M');
  await expect(person).toBeFocused();
  await person.pressSequentially('üller');
  await expect(person).toHaveValue('Max Müller');
  await expect(editor.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(group.getByRole('listitem')).toHaveText([
    /^Max Müller\s*This desk's editor/,
    /^Moritz\s*A change/,
  ]);
  const stored = await call(page, 'drafts:get', { id });
  expect(stored.contactPerson).toBe('Max Müller');
  expect(stored.shop?.conflicts?.map((c) => [c.field, c.values.map((v) => v.value)])).toEqual([
    ['contactPerson', ['Max Müller', 'Moritz']],
  ]);
  await expect(note.getByRole('listitem')).toHaveText([
    /^Moritz\s*A change of several drafts together, .*Keep this$/,
  ]);
  await shot(page, testInfo, 'editor-save-conflict-en-light');
  await note.locator('xpath=ancestor::section[1]').screenshot({
    path: testInfo.outputPath('editor-save-conflict-field-en-light.png'),
  });
  expect(await axeFindings(page)).toEqual([]);

  await call(page, 'settings:set', { language: 'de' });
  await expect(merge.getByRole('heading', { name: 'An zwei Stellen geändert' })).toBeVisible();
  await expect(merge).toContainText('Editor dieses Arbeitsplatzes');
  await expect(merge).toContainText('Gemeinsame Änderung mehrerer Entwürfe');
  await expect(merge.getByRole('button', { name: /Diesen behalten|Den Wert von .* behalten/ })).toHaveCount(
    2,
  );
  await shot(page, testInfo, 'editor-save-conflict-de-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, testInfo, 'editor-save-conflict-de-dark');
  const notiz = page.getByRole('group', {
    name: 'Für Ansprechpartner ebenfalls aufbewahrt: Wählen Sie, was bleibt',
  });
  await notiz.locator('xpath=ancestor::section[1]').screenshot({
    path: testInfo.outputPath('editor-save-conflict-field-de-dark.png'),
  });
  expect(await axeFindings(page)).toEqual([]);

  // The seller keeps the other value under the field: the field shows it, the conflict goes.
  await notiz
    .getByRole('button', {
      name: 'Den Wert von Ansprechpartner von Gemeinsame Änderung mehrerer Entwürfe behalten',
    })
    .click();
  await expect(person).toHaveValue('Moritz');
  await expect(merge).toHaveCount(0);
  const settled = await call(page, 'drafts:get', { id });
  expect(settled.contactPerson).toBe('Moritz');
  expect(settled.shop).toBeUndefined();
});
