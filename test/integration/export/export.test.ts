// Exports (issue 17) through the router as the renderer calls them: the selected account's drafts
// to CSV (BOM, semicolons, quoted where needed, German decimal commas) and XLSX, read back with
// csv-parse and exceljs; the refusals that keep a hostile or careless path from doing harm; and the
// live listings with their publication states in seller words.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportResult } from '../../../src/shared/domain/tables/export';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { liveApp, type LiveApp } from '../live/helpers';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appWithDrafts(): Promise<{ temp: TempApp; out: string; ids: string[] }> {
  const folder = tempDir('listing-desk-export-');
  const out = tempDir('listing-desk-export-out-');
  cleanups.push(folder.remove, out.remove);
  const sofa = readyDraft(
    folder.dir,
    1,
    {
      title: 'Sofa "Lotta"; grau',
      description: 'Zeile eins\nZeile zwei; mit Semikolon\n\nGrüße aus Köln',
      price: { type: 'FIXED', amount: '1234,5' },
      attributes: { zustand: 'gebraucht', farbe: 'grau' },
      buyNow: true,
      customReference: 'SOFA-1',
    },
    2,
  );
  const lamp = readyDraft(folder.dir, 5, {
    title: 'Stehlampe',
    price: { type: 'NEGOTIABLE', amount: 40 },
    attributes: { marke: 'Ikea' },
    buyNow: null,
    customReference: 'LAMP-2',
    createdAt: '2024-05-02T10:00:00.000Z',
  });
  // Another account's draft is not part of the selected account's export.
  const other = readyDraft(folder.dir, 7, { title: 'Fremd', accountId: 'someone-else' });
  for (const draft of [sofa, lamp, other]) writeDraft(folder.dir, draft);
  const temp = await createTempApp(folder.dir);
  cleanups.push(() => temp.app.close());
  return { temp, out: out.dir, ids: [sofa.id, lamp.id] };
}

type Row = Record<string, string>;

describe('export:drafts', () => {
  it('writes CSV that German Excel and csv-parse read as the drafts are', async () => {
    const { temp, out } = await appWithDrafts();
    const file = path.join(out, 'Entwürfe.csv');
    const result = await temp.call<ExportResult>('export:drafts', { path: file, format: 'csv' });
    expect(result).toEqual({ path: file, format: 'csv', rows: 2 });

    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    const rows = parse(text, { bom: true, delimiter: ';', columns: true }) as Row[];
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!)).toEqual([
      'Titel',
      'Beschreibung',
      'Preis',
      'Preisart',
      'Kategorie',
      'Anzeigenart',
      'Direkt kaufen',
      'Referenz',
      'E-Mail',
      'Telefon',
      'Ansprechpartner',
      'Straße',
      'PLZ',
      'Ort',
      'Stadtteil',
      'Umkreis (km)',
      'Fotos',
      'Status',
      'Anzeigennummer',
      'Merkmal: farbe',
      'Merkmal: marke',
      'Merkmal: zustand',
    ]);
    const sofa = rows.find((row) => row.Referenz === 'SOFA-1')!;
    expect(sofa).toMatchObject({
      Titel: 'Sofa "Lotta"; grau',
      Beschreibung: 'Zeile eins\nZeile zwei; mit Semikolon\n\nGrüße aus Köln',
      Preis: '1234,50',
      Preisart: 'Festpreis',
      Anzeigenart: 'Angebot',
      'Direkt kaufen': 'ja',
      Ort: 'Berlin',
      'Umkreis (km)': '25',
      'Merkmal: zustand': 'gebraucht',
      'Merkmal: farbe': 'grau',
      'Merkmal: marke': '',
    });
    const photos = sofa.Fotos!.split('\n');
    expect(photos).toHaveLength(2);
    for (const photo of photos) {
      expect(path.isAbsolute(photo)).toBe(true);
      expect(existsSync(photo)).toBe(true);
    }
    const lamp = rows.find((row) => row.Referenz === 'LAMP-2')!;
    expect(lamp).toMatchObject({
      Preis: '40',
      Preisart: 'Verhandlungsbasis',
      'Direkt kaufen': '',
      'Merkmal: marke': 'Ikea',
    });
    expect(rows.some((row) => row.Titel === 'Fremd')).toBe(false);
  });

  it('writes XLSX with prices as numbers, in the seller’s language', async () => {
    const { temp, out, ids } = await appWithDrafts();
    await temp.call('settings:set', { language: 'en' });
    const file = path.join(out, 'drafts.xlsx');
    const result = await temp.call<ExportResult>('export:drafts', {
      path: file,
      format: 'xlsx',
      ids: [ids[0]],
    });
    expect(result.rows).toBe(1);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Drafts');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Title', 'Description', 'Price', 'Price type']);
    expect(sheet.rowCount).toBe(2);
    const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1).value;
    expect(cell('Title')).toBe('Sofa "Lotta"; grau');
    expect(cell('Price')).toBe(1234.5);
    expect(cell('Buy now')).toBe('yes');
    expect(cell('Radius (km)')).toBe(25);
    expect(String(cell('Photos')).split('\n')).toHaveLength(2);
    expect(cell('Attribute: zustand')).toBe('gebraucht');
  });

  it('refuses to overwrite a file unasked, a wrong extension and a relative path', async () => {
    const { temp, out } = await appWithDrafts();
    const file = path.join(out, 'drafts.csv');
    writeFileSync(file, 'keep me');
    const exists = await temp.fail('export:drafts', { path: file, format: 'csv' });
    expect(exists).toMatchObject({ code: 'conflict', details: { reason: 'exists' } });
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    await temp.call('export:drafts', { path: file, format: 'csv', replace: true });
    expect(readFileSync(file, 'utf8')).toContain('Titel');

    const bashrc = await temp.fail('export:drafts', { path: path.join(out, '.bashrc'), format: 'csv' });
    expect(bashrc).toMatchObject({ code: 'invalid-input', details: { reason: 'extension' } });
    expect(existsSync(path.join(out, '.bashrc'))).toBe(false);
    expect((await temp.fail('export:drafts', { path: 'drafts.csv', format: 'csv' })).code).toBe(
      'invalid-input',
    );
    const missing = await temp.fail('export:drafts', {
      path: path.join(out, 'gone.csv'),
      format: 'csv',
      ids: ['00000000-0000-4000-8000-0000000000ff'],
    });
    expect(missing.code).toBe('not-found');
    expect(existsSync(path.join(out, 'gone.csv'))).toBe(false);
  });

  it('suggests a file in the home folder named for the kind and the day', async () => {
    const { temp } = await appWithDrafts();
    const { path: suggested } = await temp.call<{ path: string }>('export:default-path', {
      kind: 'drafts',
      format: 'xlsx',
    });
    expect(path.isAbsolute(suggested)).toBe(true);
    expect(path.basename(suggested)).toMatch(/^Listing Desk Entwürfe \d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});

describe('export:listings', () => {
  let live: LiveApp | undefined;
  afterEach(async () => {
    await live?.close();
    live = undefined;
  });

  it('writes the live listings with their publication states in seller words', async () => {
    live = await liveApp([1]);
    const out = tempDir('listing-desk-export-out-');
    cleanups.push(out.remove);
    const file = path.join(out.dir, 'Anzeigen.xlsx');
    const result = await live.call<ExportResult>('export:listings', { path: file, format: 'xlsx' });
    expect(result.rows).toBe(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1).value;
    expect(cell('Titel')).toBe('Artikel 1');
    expect(cell('Status')).toBe('Online');
    expect(cell('Listing-ID')).toBe(live.published[0]!.listingUuid);
    expect(String(cell('Fotos'))).toMatch(/^https?:\/\//);

    const csv = path.join(out.dir, 'Anzeigen.csv');
    await live.call('export:listings', { path: csv, format: 'csv' });
    const rows = parse(readFileSync(csv), { bom: true, delimiter: ';', columns: true }) as Row[];
    expect(rows.map((row) => [row.Titel, row.Status])).toEqual([['Artikel 1', 'Online']]);
  });

  it('writes the last known listings, and says so, when the service cannot be read', async () => {
    live = await liveApp([1]);
    const out = tempDir('listing-desk-export-out-');
    cleanups.push(out.remove);
    await live.call('listings:list', { refresh: true });
    live.sb.faults.add({ route: '*', kind: 'status', status: 401 });
    const file = path.join(out.dir, 'Anzeigen.csv');
    const result = await live.call<ExportResult>('export:listings', { path: file, format: 'csv' });
    expect(result).toMatchObject({ rows: 1, fromMemory: true });
    const rows = parse(readFileSync(file), { bom: true, delimiter: ';', columns: true }) as Row[];
    expect(rows.map((row) => row.Titel)).toEqual(['Artikel 1']);
  });
});
