// A draft two desks of the shop edited apart (issue 24.4), written as the merge leaves it: the list
// marks it, the editor shows each field in conflict with both values, the desk and time of each,
// and the seller keeps one with a button (by mouse and by keyboard); the note that it came back
// after a deletion is dismissed. Screenshots in English light and German dark, for the eye.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { mergeShopDraft, restoreAfterDelete, type ShopAuthor } from '../../src/shared/domain/shop/shop-merge';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const LADEN: ShopAuthor = { desk: 'desk-laden', deskName: 'Laden', at: '2026-11-27T09:00:00.000Z' };
const LAGER: ShopAuthor = { desk: 'desk-lager', deskName: 'Lager', at: '2026-11-27T09:05:00.000Z' };

/** A draft merged from two desks' edits: title, price, its type and the photo order in conflict, a city taken. */
function conflictedDraft(dataDir: string) {
  const was = readyDraft(dataDir, 1, { title: 'Regal' }, 3);
  const [a, b, c] = was.photos as [(typeof was.photos)[0], (typeof was.photos)[0], (typeof was.photos)[0]];
  const laden = {
    ...was,
    title: 'Regal, Eiche',
    price: { type: 'NEGOTIABLE', amount: '45' },
    photos: [c, a, b],
  };
  const lager = {
    ...was,
    title: 'Regal, Buche',
    price: { type: 'GIVE_AWAY', amount: '40' },
    publication: { ...was.publication, city: 'Potsdam' },
    photos: [b, c, a],
  };
  const merged = mergeShopDraft(was, laden, lager, { mine: LADEN, theirs: LAGER });
  return { was, draft: restoreAfterDelete(merged, LAGER) };
}

/** axe's serious and critical findings in the panel (contrast in both looks, names, roles). */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="shop-merge"]').analyze();
  expect(results.passes.length).toBeGreaterThan(3);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}`));
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

test('a draft in shop conflict: marked in the list, both values shown, the seller keeps one', async ({
  page,
}, testInfo) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  const { was, draft } = conflictedDraft(dataDir);
  writeDraft(dataDir, draft);
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(shell.url);
    const list = page.getByRole('region', { name: 'Draft list' });
    const row = list.getByRole('listitem').filter({ hasText: 'Regal, Buche' });
    await expect(row).toContainText('4 conflicts');
    // Publish refuses it until the seller picks: nowhere is it "ready".
    await expect(row.locator('.drafts-state')).toHaveText('In conflict: pick the values');
    await list.getByRole('button', { name: 'Regal, Buche' }).click();
    await expect(page.getByTestId('editor-status')).toHaveText('In conflict: pick the values');
    await expect(page.getByTestId('editor-summary')).toHaveText('In conflict: pick the values');

    const merge = page.getByTestId('shop-merge');
    await expect(merge.getByRole('heading', { name: 'Changed in two places' })).toBeVisible();
    await expect(merge).toContainText(
      'This draft was deleted at another desk (Lager, Nov 27, 2026, 9:05 AM) while it was still being changed here.',
    );
    const title = merge.getByRole('group', { name: 'Title' });
    await expect(title.getByRole('listitem')).toHaveText([
      /Regal, Buche\s*Lager, Nov 27, 2026, 9:05 AM · in the draft now\s*Keep this/,
      /Regal, Eiche\s*Laden, Nov 27, 2026, 9:00 AM\s*Keep this/,
    ]);
    await expect(merge.getByRole('group', { name: 'Price', exact: true })).toContainText('45');
    // Price types in the seller's words, not the service's codes.
    await expect(merge.getByRole('group', { name: 'Price type' }).getByRole('listitem')).toHaveText([
      /^Give away/,
      /^Negotiable/,
    ]);
    await expect(merge.getByRole('group', { name: 'Photo order' }).getByRole('img')).toHaveCount(6);
    // The field the seller did not both change is simply taken.
    await expect(page.getByLabel('City')).toHaveValue('Potsdam');
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Regal, Buche');
    await shot(page, testInfo, 'shop-conflicts-en-light');
    await merge.screenshot({ path: testInfo.outputPath('shop-conflicts-panel-en-light.png') });
    expect(await axeFindings(page)).toEqual([]);

    // By mouse: Laden's title is kept; the focus goes on to the next choice left.
    await title.getByRole('button', { name: 'Keep the value of Title from Laden' }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Regal, Eiche');
    await expect(title).toHaveCount(0);
    const priceType = merge.getByRole('group', { name: 'Price type' });
    await expect(
      priceType.getByRole('button', { name: 'Keep the value of Price type from Lager' }),
    ).toBeFocused();
    // By keyboard: Tab to Laden's price type, Enter; then the same for the price.
    await page.keyboard.press('Tab');
    await expect(
      priceType.getByRole('button', { name: 'Keep the value of Price type from Laden' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(priceType).toHaveCount(0);
    const price = merge.getByRole('group', { name: 'Price', exact: true });
    await expect(price.getByRole('button', { name: 'Keep the value of Price from Lager' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(price.getByRole('button', { name: 'Keep the value of Price from Laden' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('45');
    await expect(price).toHaveCount(0);
    await expect(list.getByRole('listitem').filter({ hasText: 'Regal, Eiche' })).toContainText('1 conflict');

    // German and dark, for the eye.
    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(merge.getByRole('heading', { name: 'An zwei Stellen geändert' })).toBeVisible();
    await expect(merge).toContainText('Dieser Entwurf wurde an einem anderen Arbeitsplatz gelöscht (Lager,');
    await expect(merge.getByRole('group', { name: 'Reihenfolge der Fotos' })).toBeVisible();
    await expect(page.getByTestId('editor-status')).toHaveText('Im Konflikt: Werte wählen');
    await expect(page.locator(`button[data-id="${draft.id}"] .drafts-state`)).toHaveText(
      'Im Konflikt: Werte wählen',
    );
    await shot(page, testInfo, 'shop-conflicts-de-dark');
    await merge.screenshot({ path: testInfo.outputPath('shop-conflicts-panel-de-dark.png') });
    expect(await axeFindings(page)).toEqual([]);

    // The note is read: it goes, the photo order's choice stays.
    await merge.getByRole('button', { name: 'Entwurf behalten' }).click();
    await expect(merge).not.toContainText('gelöscht');
    await expect(merge.getByRole('group', { name: 'Reihenfolge der Fotos' })).toBeVisible();
    const kept = await call(page, 'drafts:get', { id: draft.id });
    expect(kept.title).toBe('Regal, Eiche');
    expect(kept.price).toEqual({ type: 'NEGOTIABLE', amount: '45' });
    expect(kept.shop).toEqual({ conflicts: [expect.objectContaining({ field: 'photoOrder' })] });

    // Laden's order: the photos take it, and nothing is left to settle.
    await merge
      .getByRole('button', { name: 'Den Wert von Reihenfolge der Fotos von Laden behalten' })
      .click();
    await expect(merge).toHaveCount(0);
    // The row (by the draft's id: the list's name is German now) no longer names a conflict.
    await expect(page.locator(`button[data-id="${draft.id}"]`)).not.toContainText('Konflikt');
    await expect(page.locator(`button[data-id="${draft.id}"] .drafts-state`)).toHaveText('Bereit');
    await expect(page.getByTestId('editor-status')).toHaveText('Bereit zum Veröffentlichen');
    await expect(page.getByTestId('editor-summary')).toHaveText('Bereit zum Veröffentlichen');
    const settled = await call(page, 'drafts:get', { id: draft.id });
    const [a, b, c] = was.photos.map((photo) => photo.id);
    expect(settled.photos.map((photo) => photo.id)).toEqual([c, a, b]);
    expect(settled.shop).toBeUndefined();
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
