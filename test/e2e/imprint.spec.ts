// A real imprint (issue 26.2), tried as a new commercial seller would: an account of a second
// embedded service without an imprint; Publish opens the imprint form (never one made up from the
// contact data), the notice is composed from the fields, shown as buyers will see it, and once saved
// the ad goes live with exactly that text on the service. In English (light) and German (dark).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { addRealAccount } from '../helpers/real-account';
import { call, desk, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const CLIENT = { clientId: 'moebelhaus-schmidt', clientSecret: 'moebel-secret-51c7a0' };
const SHOP = 'Möbelhaus Schmidt';

/** The account of the shop on `remote`, selected, with a publishable draft open in the editor. */
async function shopWithDraft(page: Page, remote: { authUrl: string; baseUrl: string }): Promise<void> {
  await addRealAccount(desk(page), remote, { name: SHOP, client: CLIENT, select: true });
  await makeDraft(page, 1, { title: 'Kommode Eiche', reference: 'KOMMODE-1', photos: 1 });
  await page
    .getByRole('list', { name: /^\d+ (drafts?|Entw)/ })
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .first()
    .click();
}

/** The imprints the service holds, read from its state file once it is closed. */
function imprintsOn(dataDir: string): { uuid: string; content: string }[] {
  const state = JSON.parse(readFileSync(path.join(dataDir, 'state.json'), 'utf8')) as {
    imprints: { uuid: string; content: string }[];
  };
  return state.imprints;
}

/** Runs `body` with a second embedded service that keeps its state in a folder of its own (removed after). */
async function withService(body: (remote: Sandbox, serviceDir: string) => Promise<void>): Promise<void> {
  const serviceDir = mkdtempSync(path.join(os.tmpdir(), 'imprint-e2e-'));
  const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 50, dataDir: serviceDir });
  try {
    await body(remote, serviceDir);
  } finally {
    await remote.close();
    rmSync(serviceDir, { recursive: true, force: true });
  }
}

/** Types the imprint's fields into the form, label by label, in this order. */
async function fillIn(form: Locator, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value);
}

/** The whole form in one tall picture, then the usual window scrolled to the preview (`look`: en-light…). */
async function photograph(page: Page, preview: Locator, testInfo: TestInfo, look: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 1300 });
  await page.screenshot({ path: testInfo.outputPath(`imprint-form-${look}.png`) });
  await page.setViewportSize({ width: 1280, height: 720 });
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`imprint-preview-${look}.png`) });
}

test('Publish asks for the imprint, shows it as buyers see it, and publishes with it (English, light)', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(90_000);
  await withService(async (remote, serviceDir) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(shell.url);
    await shopWithDraft(page, remote);
    const editor = page.getByRole('region', { name: 'Draft editor' });
    await editor.getByRole('button', { name: 'Publish', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: `The imprint of “${SHOP}”` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('never makes one up from your contact details');
    await fillIn(dialog, {
      'Company name': 'Möbelhaus Schmidt',
      'Legal form': 'GmbH',
      'Street and number': 'Industriestraße 7',
      'Postal code': '12099',
      City: 'Berlin',
    });
    // Saved too early: the form names what a notice still lacks, and nothing is sent.
    await dialog.getByRole('button', { name: 'Save imprint and publish' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Still missing: who represents the business, a phone number or an e-mail address.',
    );
    await fillIn(dialog, {
      'Represented by': 'Anna Schmidt',
      'E-mail': 'info@moebelhaus-schmidt.de',
      'Register court': 'Amtsgericht Berlin-Charlottenburg',
      'Register number': 'HRB 12345',
      'VAT ID': 'DE123456789',
    });
    const notice = [
      'Möbelhaus Schmidt GmbH',
      'Industriestraße 7',
      '12099 Berlin',
      '',
      'Represented by: Anna Schmidt',
      'E-mail: info@moebelhaus-schmidt.de',
      '',
      'Register court: Amtsgericht Berlin-Charlottenburg',
      'Register number: HRB 12345',
      'VAT ID: DE123456789',
    ].join('\n');
    await expect(dialog.getByLabel('Text of the notice')).toHaveValue(notice);
    const preview = dialog.getByTestId('imprint-preview');
    await expect(preview.locator('.imprint-preview-text')).toHaveText(notice);
    await expect(dialog.getByRole('heading', { name: 'How buyers see it' })).toBeVisible();
    await photograph(page, preview, testInfo, 'en-light');

    await dialog.getByRole('button', { name: 'Save imprint and publish' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('editor-status')).toHaveText('Published', { timeout: 30_000 });
    await remote.close();
    expect(imprintsOn(serviceDir).map((imprint) => imprint.content)).toEqual([notice]);
  });
});

test('the imprint form in German (dark): the notice edited as text, as buyers see it, then published', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(90_000);
  await withService(async (remote, serviceDir) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(shell.url);
    // Once the window is up, so that it takes the change as a seller's would.
    await expect(page.getByRole('navigation').getByRole('button', { name: 'Drafts' })).toBeVisible();
    await call(page, 'settings:set', { language: 'de' });
    await expect(page.getByRole('navigation').getByRole('button', { name: 'Entwürfe' })).toBeVisible();
    await shopWithDraft(page, remote);
    const editor = page.getByRole('region', { name: 'Entwurfseditor' });
    await editor.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: `Das Impressum von „${SHOP}“` });
    await expect(dialog).toBeVisible();
    await fillIn(dialog, {
      Firma: 'Schmidt Möbel',
      Rechtsform: 'e. K.',
      'Straße und Hausnummer': 'Industriestraße 7',
      Postleitzahl: '12099',
      Ort: 'Berlin',
      'Vertreten durch': 'Inhaber Jan Schmidt',
      Telefon: '030 1234567',
    });
    const composed = [
      'Schmidt Möbel e. K.',
      'Industriestraße 7',
      '12099 Berlin',
      '',
      'Vertreten durch: Inhaber Jan Schmidt',
      'Telefon: 030 1234567',
    ].join('\n');
    const text = dialog.getByLabel('Text des Impressums');
    await expect(text).toHaveValue(composed);
    // The seller adds a line of their own: the text is what is sent, the fields no longer change it.
    const edited = `${composed}\n\nVerbraucherschlichtung: Wir nehmen nicht teil.`;
    await text.fill(edited);
    await expect(dialog.getByLabel('Firma')).toBeDisabled();
    await expect(dialog.getByTestId('imprint-preview').locator('.imprint-preview-text')).toHaveText(edited);
    await expect(dialog.getByRole('heading', { name: 'So sehen Käufer es' })).toBeVisible();
    await photograph(page, dialog.getByTestId('imprint-preview'), testInfo, 'de-dark');

    await dialog.getByRole('button', { name: 'Impressum speichern und veröffentlichen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('editor-status')).toHaveText('Veröffentlicht', { timeout: 30_000 });
    await remote.close();
    expect(imprintsOn(serviceDir).map((imprint) => imprint.content)).toEqual([edited]);
  });
});
