// A price rule set in the editor (issue 25.5), by keyboard: the preview shows the next steps with
// their dates and prices while the rule is typed, a rule that cannot be is named beside its field,
// and the rule is stored with the draft. English light and German dark are photographed for the eye.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../helpers/imprint';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

async function openDraft(page: Page, title: string, editorName: string) {
  await page.getByRole('button', { name: new RegExp(title) }).click();
  const editor = page.getByRole('region', { name: editorName });
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText(title);
  return editor;
}

test('a price rule typed in the editor shows its next steps, and is kept with the draft, in English and German', async ({
  page,
}, testInfo) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  // Both at 120,50 €.
  const lamp = readyDraft(dataDir, 1, { title: 'Stehlampe Messing', publication });
  const chair = readyDraft(dataDir, 2, { title: 'Sessel Leder', publication });
  writeDraft(dataDir, lamp);
  writeDraft(dataDir, chair);
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    const editor = await openDraft(page, 'Stehlampe Messing', 'Draft editor');
    const section = editor.getByTestId('price-rule');
    await expect(section.getByRole('heading', { name: 'Price rule' })).toBeVisible();

    // By keyboard: from the first control, Tab leads through the rule's fields in order.
    await section.getByLabel('Lower by').focus();
    await page.keyboard.press('Tab');
    await expect(section.getByLabel('By how much')).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('10');
    await page.keyboard.press('Tab');
    await expect(section.getByLabel('Every (days)')).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('7');
    await page.keyboard.press('Tab');
    await expect(section.getByLabel('Never below (€ or %)')).toBeFocused();
    await page.keyboard.type('90');

    const preview = section.getByTestId('price-rule-preview');
    await expect(preview).toContainText('From €120.50, counted from when the ad is live:');
    const steps = preview.getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('€108.45 (step 1)');
    await expect(steps.nth(1)).toContainText('€97.61 (step 2)');
    await expect(steps.nth(2)).toContainText('€90.00 (step 3)');
    // A week apart, each at the time of day it was set.
    const dates = await steps.allTextContents();
    const first = Date.parse(dates[0]!.split(': ')[0]!);
    expect(Date.parse(dates[1]!.split(': ')[0]!) - first).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);

    // A floor that is no price is named beside its field, and nothing is saved.
    await section.getByLabel('Never below (€ or %)').fill('abc');
    await expect(preview.getByRole('listitem')).toHaveCount(0);
    await section.getByRole('button', { name: 'Set price rule' }).click();
    await expect(
      section.getByText(
        'Enter the lowest price in euros above 0, or a share of the start price below 100 % (such as 70 %).',
      ),
    ).toBeVisible();
    await expect(section.getByLabel('Never below (€ or %)')).toHaveAttribute('aria-invalid', 'true');
    await section.getByLabel('Never below (€ or %)').fill('90');
    await section.getByRole('button', { name: 'Set price rule' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Price rule saved.' })).toBeVisible();
    await expect(section.getByTestId('price-rule-state')).toContainText(
      'Starts when the ad is live, from the price it is live at.',
    );
    await expect(section.getByText(/takes precedence: the rule then stops/)).toBeVisible();
    const stored = await call(page, 'drafts:get', { id: lamp.id });
    expect(stored.priceRule).toMatchObject({
      rule: { mode: 'percent', value: 10, everyDays: 7, floor: 90, rounding: 'none', maxSteps: null },
      origin: 'ad',
      steps: [],
    });
    await section.screenshot({ path: testInfo.outputPath('price-rule-en-light.png') });

    // German, dark: the same rule on the other draft, rounded to ,99.
    await call(page, 'settings:set', { language: 'de' });
    await expect(page.getByRole('heading', { name: 'Entwürfe', level: 1 })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    const german = await openDraft(page, 'Sessel Leder', 'Entwurfseditor');
    const teil = german.getByTestId('price-rule');
    await expect(teil.getByRole('heading', { name: 'Preisregel' })).toBeVisible();
    await teil.getByLabel('Nie unter (€ oder %)').fill('90');
    await teil.getByLabel('Runden auf').selectOption('99');
    const vorschau = teil.getByTestId('price-rule-preview');
    await expect(vorschau).toContainText(
      'Ab 120,50\u00a0€, gezählt ab dem Tag, an dem die Anzeige live ist:',
    );
    await expect(vorschau.getByRole('listitem').nth(0)).toContainText('107,99\u00a0€ (Schritt 1)');
    await teil.getByRole('button', { name: 'Preisregel festlegen' }).click();
    await expect(teil.getByRole('status').filter({ hasText: 'Preisregel gespeichert.' })).toBeVisible();
    await expect(teil.getByRole('button', { name: 'Preisregel entfernen' })).toBeVisible();
    await teil.screenshot({ path: testInfo.outputPath('price-rule-de-dark.png') });
    expect((await call(page, 'drafts:get', { id: chair.id })).priceRule?.rule.rounding).toBe('99');
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a template’s price rule is set in the templates dialog and drafts made from it get it', async ({
  page,
}, testInfo) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  const lamp = readyDraft(dataDir, 1, { title: 'Stehlampe Messing', publication });
  writeDraft(dataDir, lamp);
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await expect(page.getByRole('button', { name: /Stehlampe Messing/ })).toBeVisible();
    const template = await call(page, 'templates:save', { draftId: lamp.id, name: 'Lampen' });

    await page.getByRole('button', { name: 'New from template…' }).click();
    const dialog = page.getByRole('dialog');
    const row = dialog.getByTestId('template-row');
    await row.getByRole('button', { name: 'Price rule' }).click();
    await expect(row.getByText('Drafts made from this template get this price rule.')).toBeVisible();
    await row.getByLabel('Lower by').selectOption('amount');
    await row.getByLabel('By how much').fill('15');
    await row.getByLabel('Never below (€ or %)').fill('60');
    const preview = row.getByTestId('price-rule-preview');
    await expect(preview).toContainText('Next steps for an ad at €100.00');
    await expect(preview.getByRole('listitem')).toHaveCount(3);
    await expect(preview.getByRole('listitem').nth(2)).toContainText('€60.00 (step 3)');
    await row.getByRole('button', { name: 'Set price rule' }).click();
    await expect(row.getByText('Price rule: −€15.00 every 7 days, never below €60.00')).toBeVisible();
    await dialog.screenshot({ path: testInfo.outputPath('template-price-rule-en-light.png') });

    const made = await call(page, 'templates:new-draft', { accountId: template.accountId, id: template.id });
    expect(made.priceRule).toMatchObject({
      rule: { mode: 'amount', value: 15, everyDays: 7, floor: 60 },
      origin: 'template',
    });

    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(
      row.getByText('Preisregel: −15,00\u00a0€ alle 7 Tage, nie unter 60,00\u00a0€'),
    ).toBeVisible();
    await expect(row.getByRole('status').filter({ hasText: 'Preisregel gespeichert.' })).toBeVisible();
    await dialog.screenshot({ path: testInfo.outputPath('template-price-rule-de-dark.png') });
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
