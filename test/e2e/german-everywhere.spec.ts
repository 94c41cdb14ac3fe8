// Every view a seller meets, in German: no English word outside Details. The walk goes through
// Drafts (list, an editor with problems, refused photos, preview, templates, export, bulk change),
// Import (each step, with a row that cannot be imported), Publishing (a live job and failed ones:
// refused by the service and a service that cannot be reached), the notices, Listings (a live ad,
// its edit form), Settings (every panel, a failed connection test, the account forms), and the
// banners over them (a file that could not be read, the keychain that cannot be used).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { startSandbox } from '../../src/sandbox';
import { colourFor, solidPng } from '../fixtures/images';
import { giveImprint } from '../helpers/imprint';
import { addRealAccount } from '../helpers/real-account';
import { call, desk, makeDraft } from './contract-calls';
import { dropFiles } from './drop-files';
import { englishOnPage } from './english-words';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'german-seller', clientSecret: 'german-secret-7c1d' };

/** What the seller typed or the test made up: their data, shown as it is in any language. */
const USER_DATA = [
  'Stuhl, Eiche',
  'Tisch, Kiefer',
  'Regal, Buche',
  'Lampe, Messing',
  'Hocker, Birke',
  'Sofa, grau',
  'Kühlschrank Bosch',
  'Stehlampe Messing',
  'Kühlgeräte',
  'Gesperrtes Konto',
  'Fernes Konto',
  'german-seller',
  'IMG_',
  'notiz.txt',
];

function nav(page: Page, name: RegExp): Locator {
  return page.getByRole('navigation').getByRole('button', { name });
}

/** A loopback port nobody listens on: an account there cannot be reached. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function importFiles(): { csv: string; photos: string; work: string } {
  const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-german-'));
  const photos = path.join(work, 'fotos');
  mkdirSync(photos, { recursive: true });
  writeFileSync(path.join(photos, 'sofa.png'), solidPng(colourFor(7), 61));
  const csv = path.join(work, 'bestand.csv');
  const place = 'Hauptstraße 1;Berlin;Mitte;10115';
  writeFileSync(
    csv,
    [
      'Titel;Beschreibung;Preis;Kategorie;Zustand;Bilder;Straße;Ort;Bezirk;PLZ',
      `Sofa, grau;Bequem und sauber.;250;Möbel/Sofas;gebraucht;sofa.png;${place}`,
      `Hocker, Birke;Stabil.;zwanzig Euro;Möbel/Hocker;gebraucht;fehlt.png;${place}`,
    ].join('\r\n') + '\r\n',
  );
  return { csv, photos, work };
}

test('every view in German says nothing in English outside Details', async ({ page }) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  // A file the app cannot read: its banner stands over every view.
  writeFileSync(path.join(dataDir, 'accounts.json'), '{"accounts": [{"id": "shop", "name": "Mein La');
  const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 100 });
  const files = importFiles();
  // No D-Bus session: the keychain cannot be used, as on a machine without a desktop session.
  const { shell, child } = await launchShell(dataDir, { DBUS_SESSION_BUS_ADDRESS: '', DISPLAY: '' });
  const found: string[] = [];
  // Each view is also kept as a picture (German, dark), for a person to look at.
  const look = async (view: string) => {
    found.push(...(await englishOnPage(page, view, USER_DATA)));
    await page.screenshot({
      fullPage: true,
      path: test.info().outputPath(`${view.replace(/[^\p{L}\d]+/gu, '-')}.png`),
    });
  };
  try {
    await page.goto(shell.url);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
    await call(page, 'settings:set', { language: 'de' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Entwürfe' })).toBeVisible();
    await look('Entwürfe, leer');

    // Two more accounts: one the service refuses to create ads for, one that cannot be reached.
    const sandbox = (await call(page, 'accounts:list')).activeId;
    const refused = await addRealAccount(desk(page), remote, { name: 'Gesperrtes Konto', client: CLIENT });
    const port = await closedPort();
    const far = await addRealAccount(
      desk(page),
      { authUrl: `http://127.0.0.1:${port}/oidc/token`, baseUrl: `http://127.0.0.1:${port}/api` },
      { name: 'Fernes Konto', client: CLIENT },
    );
    // A real account publishes only with an imprint (issue 26.2): the refused one creates its own;
    // the unreachable one cannot, so its draft names one itself.
    await giveImprint(desk(page), refused.id);
    remote.faults.add({ route: 'POST /v1/listings', kind: 'status', status: 403 });
    await call(page, 'accounts:select', { id: refused.id });
    const lamp = await makeDraft(page, 1, { title: 'Lampe, Messing', reference: 'DE-1', photos: 1 });
    await call(page, 'accounts:select', { id: far.id });
    const stool = await makeDraft(page, 5, { title: 'Hocker, Birke', reference: 'DE-5', photos: 1 });
    const stoolFields = draftFieldsOf(await call(page, 'drafts:get', { id: stool }));
    await call(page, 'drafts:save', {
      draft: {
        ...stoolFields,
        publication: { ...stoolFields.publication, imprintUuid: '11111111-2222-4333-8444-555555555555' },
      },
    });
    await call(page, 'accounts:select', { id: sandbox });
    const chair = await makeDraft(page, 2, { title: 'Stuhl, Eiche', reference: 'DE-2', photos: 2 });
    await makeDraft(page, 3, { title: 'Tisch, Kiefer', reference: 'DE-3', photos: 1 });
    // A draft with only a title: the editor lists its problems.
    const shelf = await call(page, 'drafts:create');
    const empty = await call(page, 'drafts:get', { id: shelf.id });
    await call(page, 'drafts:save', { draft: { ...draftFieldsOf(empty), title: 'Regal, Buche' } });
    await call(page, 'publish:start', { draftIds: [chair, lamp, stool] });

    // Drafts: the list, an editor with problems, refused photos, the preview.
    await nav(page, /Entwürfe/).click();
    await expect(page.getByRole('button', { name: /Tisch, Kiefer/ }).first()).toBeVisible();
    await look('Entwürfe, Liste');
    await page
      .getByRole('button', { name: /Regal, Buche/ })
      .first()
      .click();
    const editor = page.locator('.drafts-detail-pane');
    await expect(editor.getByRole('heading', { level: 2, name: 'Regal, Buche' })).toBeVisible();
    await look('Editor mit Problemen');
    await dropFiles(page, editor.getByRole('group', { name: /Fotos hier/ }), [
      { name: 'notiz.txt', type: 'text/plain', base64: Buffer.from('kein Foto').toString('base64') },
    ]);
    await expect(editor.getByText(/notiz\.txt/).first()).toBeVisible();
    await look('Editor, abgelehnte Datei');
    await page
      .getByRole('button', { name: /Tisch, Kiefer/ })
      .first()
      .click();
    await expect(editor.getByRole('heading', { level: 2, name: 'Tisch, Kiefer' })).toBeVisible();
    await look('Editor, vollständiger Entwurf');
    await editor.getByRole('button', { name: 'Vorschau' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look('Vorschau');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // Templates: saving one, and the list to start from.
    await editor.getByRole('button', { name: 'Als Vorlage speichern…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look('Vorlage speichern');
    await page.getByRole('dialog').getByLabel(/Name/).fill('Kühlgeräte');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /speichern/ })
      .click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Schließen' })).toBeVisible();
    await look('Vorlage gespeichert');
    await page.getByRole('dialog').getByRole('button', { name: 'Schließen' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Neu aus Vorlage…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look('Vorlagen');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // Export, and the change of several drafts at once.
    await page.getByRole('button', { name: 'Exportieren…' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look('Export');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('checkbox', { name: '„Tisch, Kiefer“ auswählen' }).check();
    await page.getByRole('checkbox', { name: '„Regal, Buche“ auswählen' }).check();
    await look('Entwürfe, Auswahl');
    await page.getByRole('toolbar').getByRole('button', { name: 'Ändern…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look('Sammeländerung');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // Import: source, columns, the check with a row that cannot be imported, the result.
    await page.getByRole('button', { name: 'Importieren…' }).first().click();
    await expect(page.getByRole('heading', { name: 'Entwürfe importieren' })).toBeVisible();
    await look('Import, Quelle');
    await page.getByLabel(/Pfad einer Datei oder eines Ordners/).fill(files.csv);
    await page.getByLabel('Fotoordner (optional)').fill(files.photos);
    await page.getByRole('button', { name: 'Datei lesen' }).click();
    await expect(page.getByRole('button', { name: 'Zeilen prüfen' })).toBeVisible();
    await look('Import, Spalten');
    await page.getByRole('button', { name: 'Zeilen prüfen' }).click();
    await expect(page.getByTestId('import-row').first()).toBeVisible();
    await look('Import, Prüfung');
    await page
      .getByRole('button', { name: /importieren$/ })
      .last()
      .click();
    await expect(page.getByTestId('import-result')).toBeVisible({ timeout: 60_000 });
    await look('Import, Ergebnis');
    await page.keyboard.press('Escape');

    // Publishing: one live, one refused by the service, one whose service cannot be reached.
    await nav(page, /Veröffentlichung/).click();
    const state = (title: string) => page.getByRole('article', { name: title }).getByTestId('job-state');
    await expect(state('Stuhl, Eiche')).toHaveClass(/state-published/, { timeout: 30_000 });
    // Refused, or held until the service answers: either way the seller reads why.
    for (const title of ['Lampe, Messing', 'Hocker, Birke'])
      await expect(state(title)).toHaveClass(/state-(failed|waiting)/, { timeout: 60_000 });
    await look('Veröffentlichung');
    await look('Meldungen');

    // Listings: the live ad, open, and its edit form.
    await nav(page, /Anzeigen/).click();
    const row = page.getByRole('listitem').getByRole('button', { name: /Stuhl, Eiche/ });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await look('Anzeigen');
    await row.click();
    const detail = page.locator('.listings-detail-pane');
    await expect(detail.getByRole('heading', { level: 2, name: 'Stuhl, Eiche' })).toBeVisible();
    await look('Anzeige offen');
    await detail.getByRole('button', { name: 'Bearbeiten', exact: true }).click();
    await expect(detail.locator('form')).toBeVisible();
    await look('Anzeige bearbeiten');

    // Settings: every panel, a connection test that fails, the account forms.
    await nav(page, /Einstellungen/).click();
    await expect(page.getByTestId('about-panel')).toBeVisible();
    await look('Einstellungen');
    const farRow = page.locator('.account').filter({ hasText: 'Fernes Konto' });
    await farRow.getByRole('button', { name: 'Verbindung testen' }).click();
    await expect(farRow.getByRole('status')).not.toBeEmpty({ timeout: 30_000 });
    await look('Einstellungen, Verbindungstest fehlgeschlagen');
    await page.getByRole('button', { name: 'Konto hinzufügen' }).click();
    await look('Einstellungen, neues Konto');
    await page.getByRole('button', { name: 'Abbrechen' }).first().click();
    await page.locator('.account').getByRole('button', { name: 'Bearbeiten' }).first().click();
    await look('Einstellungen, Konto bearbeiten');

    expect(found, `English in the German interface:\n${found.join('\n')}`).toEqual([]);
  } finally {
    await stopShell(child);
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(files.work, { recursive: true, force: true });
  }
});
