// Prices as sellers type them (issue 23.4): the German editor takes "1.249,00" and "1.249", shows
// the amount it understood beside the field while typing, and the ad goes live at 1249 €; a text
// it cannot read is named with an example in the seller's language. English light and German
// dark are photographed for the eye (looked at, not compared).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { sampleDraft } from '../fixtures/drafts';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const publication = { ...sampleDraft('x').publication, imprintUuid: null };

/** The hint beside the price field: what it understood. */
const priceHint = (editor: Locator) => editor.locator('#draft-price-amount-hint');

async function openDraft(page: Page, title: string, editorName: string): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(title) }).click();
  const editor = page.getByRole('region', { name: editorName });
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText(title);
  return editor;
}

async function livePrice(page: Page, title: string): Promise<number | undefined> {
  const listings = await call(page, 'listings:list', { refresh: true });
  return listings.listings.find((listing) => listing.title === title)?.adPrice.amount;
}

test('the German editor reads "1.249,00" and "1.249" as 1249 €, shows it, and the ad goes live at 1249', async ({
  page,
}, testInfo) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  writeDraft(dataDir, readyDraft(dataDir, 1, { title: 'Stehlampe Messing', publication }));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await expect(page.getByRole('button', { name: /Stehlampe Messing/ })).toBeVisible();
    await call(page, 'settings:set', { language: 'de' });
    await expect(page.getByRole('heading', { name: 'Entwürfe', level: 1 })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    const editor = await openDraft(page, 'Stehlampe Messing', 'Entwurfseditor');
    const price = editor.getByLabel('Preis', { exact: true });
    const saved = editor.getByRole('status').filter({ hasText: /^Gespeichert$/ });

    for (const typed of ['1.249,00', '1.249']) {
      await price.fill(typed);
      await expect(price).toHaveValue(typed);
      await expect(price).not.toHaveAttribute('aria-invalid');
      await expect(priceHint(editor)).toHaveText('= 1.249,00\u00a0€');
      await expect(price).toHaveAccessibleDescription(/^= 1\.249,00\s€$/);
      await expect(saved).toBeVisible();
    }
    await editor.locator('section[aria-labelledby="editor-offer-title"]').screenshot({
      path: testInfo.outputPath('price-understood-de-dark.png'),
    });

    // A text it cannot read: said beside the field, with an example in German, and no amount shown.
    await price.fill('12,3,4');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveAccessibleDescription(
      'Geben Sie den Preis als Zahl in Euro ein, z. B. 12, 12,50 oder 1.249,00.',
    );
    await expect(priceHint(editor)).toHaveCount(0);
    await editor.locator('section[aria-labelledby="editor-offer-title"]').screenshot({
      path: testInfo.outputPath('price-unreadable-de-dark.png'),
    });

    // "1.249" again, saved as typed, and the service gets 1249 €.
    await price.fill('1.249');
    await expect(priceHint(editor)).toHaveText('= 1.249,00\u00a0€');
    await expect(saved).toBeVisible();
    const stored = await call(page, 'drafts:get', { id: (await call(page, 'drafts:list', {})).items[0]!.id });
    expect(stored.price).toEqual({ type: 'FIXED', amount: '1.249' });
    await editor.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();
    await expect(page.getByTestId('publish-notice')).toContainText('Stehlampe Messing', { timeout: 30_000 });
    await expect.poll(() => livePrice(page, 'Stehlampe Messing'), { timeout: 30_000 }).toBe(1249);
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the English editor shows what it understood of "1,249.5" and of "1.249,00", in English', async ({
  page,
}, testInfo) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  writeDraft(dataDir, readyDraft(dataDir, 2, { title: 'Sofa grau', publication }));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await page.emulateMedia({ colorScheme: 'light' });
    const editor = await openDraft(page, 'Sofa grau', 'Draft editor');
    const price = editor.getByLabel('Price', { exact: true });
    await price.fill('1,249.5');
    await expect(priceHint(editor)).toHaveText('= €1,249.50');
    // A German-written price in the English UI is the same amount, shown the English way.
    await price.fill('1.249,00');
    await expect(priceHint(editor)).toHaveText('= €1,249.00');
    await expect(price).not.toHaveAttribute('aria-invalid');
    await editor.locator('section[aria-labelledby="editor-offer-title"]').screenshot({
      path: testInfo.outputPath('price-understood-en-light.png'),
    });
    // A fixed price of 0 €: understood, and not ready, with why.
    await price.fill('0');
    await expect(priceHint(editor)).toHaveText('= €0.00');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.getByText(/A fixed price of €0 offers the item for nothing\./)).toBeVisible();
    await editor.locator('section[aria-labelledby="editor-offer-title"]').screenshot({
      path: testInfo.outputPath('price-zero-en-light.png'),
    });
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
