// The editor saves only what the seller typed (issue 24.4): while the seller types in the
// description, a bulk edit changes the draft's price; the autosave keeps the new price (it is not
// written back with the editor's old one), the editor shows it at once, and the caret stays put.
import type { Locator, Page } from '@playwright/test';
import type { BulkEdit } from '../../src/shared/domain/bulk/bulk-edit';
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const TITLE = 'Kommode Kiefer';

async function openDraft(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Drafts/ })
    .click();
  await page.getByRole('region', { name: 'Draft list' }).getByRole('button', { name: TITLE }).click();
  const editor = page.getByRole('region', { name: 'Draft editor' });
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText(TITLE);
  return editor;
}

/** Types at the end of `field`, and right after it (the typing not yet saved) applies a bulk edit. */
async function typeThenBulkEdit(page: Page, field: Locator, typed: string, id: string, edit: BulkEdit) {
  await field.click();
  await page.keyboard.press('ControlOrMeta+End');
  await field.pressSequentially(typed);
  const bulk = await call(page, 'bulk:apply-drafts', { ids: [id], edit });
  expect(bulk.saved).toEqual([id]);
}

test('a price changed by a bulk edit while the seller types the description is kept and shown', async ({
  page,
  shell,
}, testInfo) => {
  await page.goto(shell.url);
  const id = await makeDraft(page, 1, { title: TITLE, reference: 'TYPED-1', photos: 0 });
  const editor = await openDraft(page);
  const description = editor.getByLabel('Description', { exact: true });
  const price = editor.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue('120,50');

  await typeThenBulkEdit(page, description, ' Mit Schlüssel.', id, {
    kind: 'price',
    mode: 'set',
    value: 95,
    rounding: 'none',
  });

  await expect(price).toHaveValue('95');
  await expect(editor.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const stored = await call(page, 'drafts:get', { id });
  expect(stored.description).toBe('Beschreibung von Artikel 1. Mit Schlüssel.');
  expect(stored.price.amount).toBe(95);

  // The seller goes on typing where the caret was; nothing of either change is lost.
  await expect(description).toBeFocused();
  await description.pressSequentially(' Abholung.');
  await expect(description).toHaveValue('Beschreibung von Artikel 1. Mit Schlüssel. Abholung.');
  await expect(editor.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect.poll(async () => (await call(page, 'drafts:get', { id })).description).toMatch(/Abholung\.$/);
  expect((await call(page, 'drafts:get', { id })).price.amount).toBe(95);
  await expect(price).toHaveValue('95');
  await page.screenshot({ path: testInfo.outputPath('editor-typed-only-en-light.png') });
  await editor.locator('section[aria-labelledby="editor-offer-title"]').screenshot({
    path: testInfo.outputPath('editor-typed-only-price-en-light.png'),
  });
});

test('German, dark: an e-mail changed by a bulk edit while the seller types the title is kept and shown', async ({
  page,
  shell,
}, testInfo) => {
  await page.goto(shell.url);
  const id = await makeDraft(page, 2, { title: TITLE, reference: 'TYPED-2', photos: 0 });
  await openDraft(page);
  await call(page, 'settings:set', { language: 'de' });
  await page.emulateMedia({ colorScheme: 'dark' });
  const editor = page.getByRole('region', { name: 'Entwurfseditor' });
  const title = editor.getByLabel('Titel', { exact: true });
  const email = editor.getByLabel('E-Mail', { exact: true });
  await expect(email).toHaveValue('seller@example.de');

  await typeThenBulkEdit(page, title, ', massiv', id, { kind: 'contact', email: 'lager@example.de' });

  await expect(email).toHaveValue('lager@example.de');
  await expect(editor.getByRole('status').filter({ hasText: /^Gespeichert$/ })).toBeVisible();
  await expect(title).toBeFocused();
  const stored = await call(page, 'drafts:get', { id });
  expect(stored.title).toBe(`${TITLE}, massiv`);
  expect(stored.email).toBe('lager@example.de');
  await expect(title).toHaveValue(`${TITLE}, massiv`);
  await page.screenshot({ path: testInfo.outputPath('editor-typed-only-de-dark.png') });
  await editor.locator('section[aria-labelledby="editor-contact-title"]').screenshot({
    path: testInfo.outputPath('editor-typed-only-email-de-dark.png'),
  });
});
