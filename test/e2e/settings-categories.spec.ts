// Settings → Categories (issue 34.1, 34.2), by keyboard where a seller would use it: a shop category
// mapped with the catalog's picker (its kind the `art` default) and listed, its kind and a default
// changed, removed and brought back with Undo, removed again; a mapping made elsewhere (another
// desk, an import's preview: here the contract) showing up; the condition words edited and
// confirmed once. Each step is checked through the contract (categories:mappings). axe over the
// panel with the form open and with the words' problems; EN light and DE dark (1024 px wide too)
// saved as screenshots when CATEGORY_SHOTS names a folder.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { call } from './contract-calls';
import { expect, test } from './fixtures';

const shots = process.env.CATEGORY_SHOTS;

async function openSettings(page: Page, language: 'en' | 'de', colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await expect(page.getByRole('navigation')).toBeVisible();
  await call(page, 'settings:set', { language });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page
    .getByRole('navigation')
    .getByRole('button', { name: language === 'en' ? 'Settings' : 'Einstellungen' })
    .click();
  const panel = page.getByRole('region', { name: language === 'en' ? 'Categories' : 'Kategorien' });
  await expect(panel).toBeVisible();
  return panel;
}

/** axe over the page: no finding serious or critical, and no heading order problem. */
async function expectAxeClean(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length, `axe checked nothing in ${state}`).toBeGreaterThan(10);
  const findings = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .flatMap((v) => v.nodes.map((n) => `${state}: ${v.id} (${v.impact}) at ${n.target.join(' ')}`));
  expect(findings).toEqual([]);
}

async function shoot(page: Page, name: string, panel: ReturnType<Page['getByRole']>) {
  if (!shots) return;
  await panel.screenshot({ path: `${shots}/${name}.png` });
}

test('a mapping added with the picker, listed, its kind changed, removed (with Undo); the condition words confirmed', async ({
  page,
  shell,
}) => {
  // The whole panel on screen for the pictures (the content scrolls, not the page).
  if (shots) await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto(shell.url);
  const panel = await openSettings(page, 'en', 'light');
  await expect(panel.getByText('A deeper shop category inherits its parent')).toBeVisible();
  await expect(panel.getByText('No shop category is mapped yet.')).toBeVisible();

  // Added by keyboard: the shop category typed, the picker reached with Tab, a kind taken.
  await panel.getByRole('button', { name: 'Add a mapping' }).click();
  const form = panel.getByRole('form', { name: 'New mapping' });
  const shopField = form.getByRole('textbox', { name: 'Shop category' });
  await expect(shopField).toBeFocused();
  await page.keyboard.type('Möbel / Tische');
  await page.keyboard.press('Tab');
  const picker = form.getByRole('combobox', { name: 'Category of the marketplace' });
  await expect(picker).toBeFocused();
  await page.keyboard.type('esstisch');
  await expect(form.getByTestId('category-picker-list').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(form.getByText('Sent as Haus_Garten/Kueche_Esszimmer')).toBeVisible();
  // The kind the picker took is the Type default; the category's other choices are offered.
  await expect(form.getByRole('combobox', { name: 'Type' })).toHaveValue('tische');
  await form.getByRole('combobox', { name: 'Condition' }).selectOption({ label: 'Very good' });
  await expectAxeClean(page, 'the new mapping form');
  await shoot(page, 'form-en-light', panel);
  await form.getByRole('button', { name: 'Save mapping' }).click();

  const list = panel.getByRole('list', { name: 'Mapped shop categories' });
  const row = list.getByRole('listitem').filter({ hasText: 'Möbel > Tische' });
  await expect(row).toContainText('→');
  await expect(row).toContainText(/Kitchen & Dining Room › Tables/);
  await expect(row).toContainText('Defaults: Condition: Very good');
  await expect(panel.getByRole('button', { name: 'Change the mapping of Möbel > Tische' })).toBeFocused();
  expect((await call(page, 'categories:mappings')).mappings).toEqual([
    expect.objectContaining({
      shopCategory: 'Möbel > Tische',
      path: 'Haus_Garten/Kueche_Esszimmer',
      attributes: { art: 'tische', condition: 'like_new' },
    }),
  ]);

  // A mapping made elsewhere (another desk, an import's preview) shows up.
  await call(page, 'categories:map', {
    shopCategory: 'Damen|Schuhe',
    path: 'Mode_Beauty/Schuhe_Damen',
    attributes: { art: 'pumps' },
  });
  await expect(list.getByRole('listitem').filter({ hasText: 'Damen > Schuhe' })).toContainText(/Pumps/);

  // Its kind changed (and the condition default let go) by keyboard.
  await page.keyboard.press('Enter');
  const changeForm = panel.getByRole('form', { name: 'Mapping of Möbel > Tische' });
  await expect(changeForm.getByRole('combobox', { name: 'Category of the marketplace' })).toBeFocused();
  await changeForm.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Chairs' });
  await changeForm.getByRole('combobox', { name: 'Condition' }).selectOption({ label: '(none)' });
  await changeForm.getByRole('button', { name: 'Save mapping' }).press('Enter');
  await expect(row).toContainText(/Kitchen & Dining Room › Chairs/);
  await expect(row).not.toContainText('Defaults');
  await expect
    .poll(async () =>
      (await call(page, 'categories:mappings')).mappings.find((m) => m.shopCategory === 'Möbel > Tische'),
    )
    .toMatchObject({ path: 'Haus_Garten/Kueche_Esszimmer', attributes: { art: 'stuehle' } });
  await shoot(page, 'list-en-light', panel);

  // Removed, brought back with Undo, removed again; Escape leaves a form unsaved.
  await panel.getByRole('button', { name: 'Remove the mapping of Möbel > Tische' }).click();
  await expect(row).toHaveCount(0);
  await expect(panel.getByRole('status').filter({ hasText: 'was removed' })).toBeVisible();
  await panel.getByRole('button', { name: 'Undo removing the mapping of Möbel > Tische' }).click();
  await expect(row).toContainText(/Chairs/);
  expect((await call(page, 'categories:mappings')).mappings).toContainEqual(
    expect.objectContaining({ shopCategory: 'Möbel > Tische', attributes: { art: 'stuehle' } }),
  );
  await panel.getByRole('button', { name: 'Change the mapping of Möbel > Tische' }).click();
  await page.keyboard.press('Escape');
  await expect(changeForm).toHaveCount(0);
  await panel.getByRole('button', { name: 'Remove the mapping of Möbel > Tische' }).click();
  await expect(row).toHaveCount(0);
  expect((await call(page, 'categories:mappings')).mappings.map((m) => m.shopCategory)).toEqual([
    'Damen > Schuhe',
  ]);

  // The condition words: suggestions until confirmed once.
  const words = panel.getByRole('region', { name: 'Condition words' });
  await expect(words.getByText('These are suggestions: confirm them once.')).toBeVisible();
  await words.getByRole('combobox', { name: 'Condition for “used”' }).selectOption({ label: 'Acceptable' });
  await words.getByRole('button', { name: 'Remove “defective”' }).click();
  await words.getByRole('button', { name: 'Add a word' }).click();
  await expect(words.getByRole('textbox').last()).toBeFocused();
  // A word already there (case and umlauts aside) is named, not saved.
  await page.keyboard.type('B-WARE');
  await words.getByRole('button', { name: 'Confirm' }).click();
  await expect(words.getByRole('alert')).toContainText('“B-WARE” stands twice');
  await expectAxeClean(page, 'the condition words with a problem');
  await shoot(page, 'words-problem-en-light', panel);
  await words.getByRole('textbox').last().fill('2. Wahl');
  await words.getByRole('combobox', { name: 'Condition for “2. Wahl”' }).selectOption({ label: 'Good' });
  await words.getByRole('button', { name: 'Confirm' }).click();
  await expect(words.getByRole('status')).toHaveText('The condition words are saved.');
  await expect(words.getByText('These are suggestions')).toHaveCount(0);
  const stored = await call(page, 'categories:mappings');
  expect(stored.conditionConfirmed).toBe(true);
  expect(stored.conditionWords).toMatchObject({ used: 'alright', '2. wahl': 'ok', 'b-ware': 'like_new' });
  expect(stored.conditionWords).not.toHaveProperty('defective');
  // Saved, the words need no second press: Save waits for a change.
  await expect(words.getByRole('button', { name: 'Save words' })).toBeDisabled();
});

for (const look of [
  { language: 'en', colorScheme: 'light', width: 1280 },
  { language: 'de', colorScheme: 'dark', width: 1280 },
  { language: 'en', colorScheme: 'light', width: 1024 },
  { language: 'de', colorScheme: 'dark', width: 1024 },
] as const) {
  test(`${look.language} ${look.colorScheme} at ${look.width} px: the panel with mappings and words is axe clean`, async ({
    page,
    shell,
  }) => {
    await page.setViewportSize({ width: look.width, height: shots ? 2400 : 900 });
    await page.goto(shell.url);
    await call(page, 'categories:map', {
      shopCategory: 'Möbel > Tische',
      path: 'Haus_Garten/Kueche_Esszimmer',
      attributes: { art: 'tische', color: 'holz' },
    });
    await call(page, 'categories:map', { shopCategory: 'Spielwaren', path: 'Familie_Kind_Baby/Spielzeug' });
    const panel = await openSettings(page, look.language, look.colorScheme);
    await expect(panel.getByRole('list').getByRole('listitem')).toHaveCount(2);
    await expect(panel.getByRole('table')).toBeVisible();
    await expectAxeClean(page, `the panel (${look.language} ${look.colorScheme} ${look.width})`);
    await shoot(page, `panel-${look.language}-${look.colorScheme}-${look.width}`, panel);
    // The form open, with the picker's list showing.
    await panel
      .getByRole('button', { name: look.language === 'en' ? 'Add a mapping' : 'Zuordnung hinzufügen' })
      .click();
    await page.keyboard.type('Damen/Schuhe/Pumps');
    await page.keyboard.press('Tab');
    await page.keyboard.type('pumps');
    await expect(panel.getByTestId('category-picker-list').getByRole('option').first()).toBeVisible();
    await expectAxeClean(page, `the form with the list open (${look.language} ${look.colorScheme})`);
    if (shots)
      await page.screenshot({ path: `${shots}/form-${look.language}-${look.colorScheme}-${look.width}.png` });
  });
}
