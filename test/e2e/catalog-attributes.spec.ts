// Attributes by category (issue 33.3), tried as a seller would, keyboard only: in a toy draft the
// editor offers the kind, the condition and shipping by their labels; the draft stores the
// catalog's values (`like_new`); the preview, the published ad's detail and its edit form show the
// catalog's label ("Sehr Gut"). In a caravan draft a number is typed with the catalog's values as
// hints, and a make the catalog does not list is typed, kept and marked. English light and German
// dark, screenshots of both, and axe on the editor with the catalog's attributes shown.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { categoryNames, keyLabel as key, valueLabel as value } from './catalog-labels';
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const TOYS = 'Familie_Kind_Baby/Spielzeug';
const CARAVANS = 'Auto_Rad_Boot/Wohnwagen_Mobile';

function editorOf(page: Page): Locator {
  return page.getByRole('region', { name: /^(Draft editor|Entwurfseditor)$/ });
}

/** A publishable draft (one photo) in `category` with `attributes`, opened in the editor. */
async function openDraftIn(page: Page, n: number, title: string, category: string, attributes = {}) {
  const id = await makeDraft(page, n, { title, reference: `CAT-${n}`, photos: 1 });
  const made = await call(page, 'drafts:get', { id });
  await call(page, 'drafts:save', { draft: { ...draftFieldsOf(made), category, attributes } });
  await page.reload();
  await page
    .getByRole('region', { name: /^(Draft list|Entwürfe)$/ })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await expect(editorOf(page).getByRole('heading', { level: 2 })).toHaveText(title);
  return id;
}

/** Serious and critical axe findings in the editor. */
async function editorFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('.draft-editor').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function storedAttributes(page: Page, id: string) {
  return (await call(page, 'drafts:get', { id })).attributes;
}

test('a toy draft: kind, condition and shipping by their labels, stored as values, shown as "Sehr Gut" everywhere', async ({
  page,
  shell,
}, testInfo) => {
  await page.goto(shell.url);
  await page.emulateMedia({ colorScheme: 'light' });
  const id = await openDraftIn(page, 1, 'Lego-Kiste', TOYS, { Farbe: 'bunt' });
  const editor = editorOf(page);
  const fields = editor.getByTestId('catalog-attributes');
  await expect(fields).toBeVisible();
  await expect(editor.getByText('The catalog offers this category’s attributes')).toBeVisible();
  // The kind first, then condition and shipping; the seller's own row stays below.
  await expect(fields.locator('.catalog-field > label')).toHaveText([
    key('art', 'en'),
    key('condition', 'en'),
    key('versand', 'en'),
  ]);
  await expect(editor.getByRole('combobox', { name: 'Attribute 1: name' })).toHaveValue('Farbe');

  // Keyboard only: from the description, Tab reaches the kind; typing a label chooses it.
  await editor.getByLabel('Description').focus();
  await page.keyboard.press('Tab');
  const kind = fields.getByLabel(key('art', 'en'), { exact: true });
  await expect(kind).toBeFocused();
  await page.keyboard.type(value(TOYS, 'art', 'lego_duplo', 'en'));
  await expect(kind).toHaveValue('lego_duplo');
  await page.keyboard.press('Tab');
  const condition = fields.getByLabel(key('condition', 'en'), { exact: true });
  await expect(condition).toBeFocused();
  await page.keyboard.type(value(TOYS, 'condition', 'like_new', 'en'));
  await expect(condition).toHaveValue('like_new');
  await page.keyboard.press('Tab');
  const shipping = fields.getByLabel(key('versand', 'en'), { exact: true });
  await expect(shipping).toBeFocused();
  await page.keyboard.type('Yes');
  await expect(shipping).toHaveValue('ja');

  // The draft stores the catalog's values; the seller's own row is kept.
  await expect
    .poll(() => storedAttributes(page, id))
    .toEqual({ Farbe: 'bunt', art: 'lego_duplo', condition: 'like_new', versand: 'ja' });
  expect(await editorFindings(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('attributes-en-light.png'), fullPage: true });

  // "Not set" takes an attribute away: it is not sent at all.
  await shipping.focus();
  await page.keyboard.type('Not set');
  await expect(shipping).toHaveValue('');
  await expect.poll(async () => Object.keys(await storedAttributes(page, id))).not.toContain('versand');
  await page.keyboard.press('ArrowDown');
  await expect(shipping).toHaveValue('ja');
  await expect.poll(async () => (await storedAttributes(page, id)).versand).toBe('ja');

  // German, dark: the same fields by their German labels; the preview says "Sehr Gut".
  await call(page, 'settings:set', { language: 'de' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.emulateMedia({ colorScheme: 'dark' });
  const zustand = fields.getByLabel(key('condition', 'de'), { exact: true });
  await expect(zustand.locator('option:checked')).toHaveText('Sehr Gut');
  await expect(fields.getByLabel(key('art', 'de'), { exact: true }).locator('option:checked')).toHaveText(
    value(TOYS, 'art', 'lego_duplo', 'de'),
  );
  expect(await editorFindings(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('attributes-de-dark.png'), fullPage: true });

  await editor.getByRole('button', { name: 'Vorschau', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Vorschau' });
  await expect(preview.getByRole('navigation', { name: 'Kategorie' }).getByRole('listitem')).toHaveText(
    categoryNames(TOYS, 'de'),
  );
  const details = preview.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('term')).toContainText([key('art', 'de'), key('condition', 'de')]);
  await expect(details.getByRole('definition')).toContainText([
    value(TOYS, 'art', 'lego_duplo', 'de'),
    'Sehr Gut',
  ]);
  await expect(preview).toContainText('Versand möglich');
  await details.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('preview-de-dark.png') });
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Published to the embedded sandbox: the ad's detail and its edit form say "Sehr Gut" too.
  await call(page, 'publish:start', { draftIds: [id] });
  await expect
    .poll(async () => (await call(page, 'publish:list')).jobs.find((job) => job.draftId === id)?.state, {
      timeout: 20_000,
      intervals: [100],
    })
    .toBe('published');
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Anzeigen/ })
    .click();
  await page.getByRole('button', { name: /Lego-Kiste/ }).click();
  const detail = page.locator('.listing-detail');
  const conditionTerm = detail.getByRole('term').filter({ hasText: key('condition', 'de') });
  await expect(conditionTerm).toHaveAttribute('title', 'condition');
  await expect(detail.locator('dd[title="like_new"]')).toHaveText('Sehr Gut');
  await detail.locator('dd[title="like_new"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('listing-de-dark.png') });
  await detail.getByRole('button', { name: 'Bearbeiten' }).click();
  const form = page.locator('form.live-editor');
  const formZustand = form
    .getByTestId('catalog-attributes')
    .getByLabel(key('condition', 'de'), { exact: true });
  await expect(formZustand).toHaveValue('like_new');
  await expect(formZustand.locator('option:checked')).toHaveText('Sehr Gut');
  await formZustand.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('listing-edit-de-dark.png') });
});

test('a caravan draft: a number with the catalog’s values as hints, a make it does not list kept and marked', async ({
  page,
  shell,
}, testInfo) => {
  await page.goto(shell.url);
  await page.emulateMedia({ colorScheme: 'light' });
  const id = await openDraftIn(page, 2, 'Wohnwagen Eriba', CARAVANS, { ez: 'neu' });
  const editor = editorOf(page);
  const fields = editor.getByTestId('catalog-attributes');

  // A value the catalog does not take (not a number) came with the draft: kept, marked, not refused.
  const year = fields.getByLabel(key('ez', 'en'), { exact: true });
  await expect(year).toHaveValue('neu');
  await expect(year).toHaveAccessibleDescription(/Not a number: kept and sent as typed\./);

  // The mileage: one number, typed; the catalog's values are a hint only.
  const km = fields.getByLabel(key('km', 'en'), { exact: true });
  await expect(km).toHaveAccessibleDescription(/^Usual values: 5,000 … [\d,]+ \(any number may be typed\)$/);
  await km.focus();
  await page.keyboard.type('125000');
  await page.keyboard.press('Tab');

  // The make: "Another value…" from the keyboard brings a field for a value of one's own, next.
  const make = fields.getByLabel(key('marke', 'en'), { exact: true });
  await make.focus();
  await page.keyboard.type('Another value');
  await expect(make).toHaveValue('\u0000other');
  await expect(make).toBeFocused();
  await page.keyboard.press('Tab');
  const other = fields.getByLabel(`${key('marke', 'en')}: another value`, { exact: true });
  await expect(other).toBeFocused();
  await page.keyboard.type('Eigenbau');
  await expect(fields.getByTestId('catalog-unknown')).toHaveCount(2);
  await expect(other).toHaveAccessibleDescription(
    'Not a value the catalog lists for this category: kept and sent as it is.',
  );
  await expect.poll(() => storedAttributes(page, id)).toEqual({ ez: 'neu', km: '125000', marke: 'Eigenbau' });
  expect(await editorFindings(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('caravan-en-light.png'), fullPage: true });

  // Opened again: the make is still the seller's own, marked, never dropped.
  await page.reload();
  await page
    .getByRole('region', { name: 'Draft list' })
    .getByRole('button', { name: /Wohnwagen/ })
    .click();
  await expect(fields.getByLabel(key('marke', 'en'), { exact: true })).toHaveValue('\u0000other');
  await expect(other).toHaveValue('Eigenbau');
  await expect(fields.getByTestId('catalog-unknown')).toHaveCount(2);
});

test('a car: thirty attributes, the yes/no questions behind "more", opened from the keyboard', async ({
  page,
  shell,
}, testInfo) => {
  await page.goto(shell.url);
  await page.emulateMedia({ colorScheme: 'light' });
  await openDraftIn(page, 3, 'VW Golf', 'Auto_Rad_Boot/Autos', { navi: 'true' });
  const fields = editorOf(page).getByTestId('catalog-attributes');
  // Kind first; a yes/no question set in the draft opens the disclosure, so no value is out of sight.
  await expect(fields.locator('.catalog-field > label').first()).toHaveText(key('typ', 'en'));
  const more = fields.locator('details.catalog-more');
  await expect(more).toHaveAttribute('open', '');
  await expect(fields.getByLabel(key('navi', 'en'), { exact: true })).toHaveValue('true');
  const summary = more.locator('summary');
  await expect(summary).toHaveText('15 more attributes');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(more).not.toHaveAttribute('open');
  await expect(fields.getByLabel(key('navi', 'en'), { exact: true })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('car-closed-en-light.png'), fullPage: true });
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  await expect(fields.getByLabel(key('trailer_coupling', 'en'), { exact: true })).toBeFocused();
  expect(await editorFindings(page)).toEqual([]);
  await call(page, 'settings:set', { language: 'de' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(summary).toHaveText('15 weitere Merkmale');
  expect(await editorFindings(page)).toEqual([]);
  await summary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('car-open-de-dark.png') });
});
