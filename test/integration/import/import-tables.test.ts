// Import from tables through the real router, drafts store and photo intake (issue 17): each CSV
// dialect spreadsheets write, an XLSX written by exceljs, photos by name and by folder, undo.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type {
  ImportInspectResult,
  ImportPreviewResult,
  ImportProgress,
  ImportRecord,
  ImportRunResult,
  ImportUndoResult,
} from '../../../src/shared/domain/tables/import';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { put, putPhoto, putXlsx, windows1252 } from '../../fixtures/import/import-files';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let t: TempApp;
let src: { dir: string; remove(): void };

beforeEach(async () => {
  t = await createTempApp();
  src = tempDir('listing-desk-import-src-');
});
afterEach(async () => {
  await t.remove();
  src.remove();
});

const account = 'sandbox';
const inspect = (file: string, sheet?: string) =>
  t.call<ImportInspectResult>('import:inspect', { path: file, ...(sheet && { sheet }) });
// The files' categories are made up (not the catalog's): kept as typed, as before issue 34.
const typed = { categoriesAsTyped: true };
const preview = (file: string, extra: Record<string, unknown> = {}) =>
  t.call<ImportPreviewResult>('import:preview', { path: file, accountId: account, ...typed, ...extra });
const run = (file: string, extra: Record<string, unknown> = {}) =>
  t.call<ImportRunResult>('import:run', {
    path: file,
    accountId: account,
    runId: 'run-1',
    ...typed,
    ...extra,
  });
const draft = (id: string) => t.call<Draft>('drafts:get', { id });

describe('CSV dialects', () => {
  it('reads a comma CSV in UTF-8 without BOM and guesses the English header', async () => {
    const file = put(
      src.dir,
      'stock.csv',
      'Title,Description,Price,Category,SKU,Condition\n' +
        'Oak table,Solid oak,"1,234.50",Home > Furniture,T-1,like_new\n' +
        'Lamp,Brass lamp,12.5,Home/Lighting,L-2,ok\n',
    );
    const info = await inspect(file);
    expect(info).toMatchObject({
      kind: 'csv',
      delimiter: ',',
      encoding: 'utf-8',
      header: ['Title', 'Description', 'Price', 'Category', 'SKU', 'Condition'],
      mapping: ['title', 'description', 'price', 'category', 'reference', 'attribute'],
      mappingRemembered: false,
      rowCount: 2,
    });
    expect(info.sample[1]).toEqual(['Lamp', 'Brass lamp', '12.5', 'Home/Lighting', 'L-2', 'ok']);
    const { rows, counts } = await preview(file);
    expect(counts).toMatchObject({ rows: 2, ok: 2, refused: 0 });
    expect(rows[0]!.draft).toMatchObject({
      title: 'Oak table',
      price: { amount: 1234.5 },
      category: 'Home/Furniture',
      customReference: 'T-1',
      attributes: { Condition: 'like_new' },
    });
    expect(rows[1]!.draft.price).toEqual({ amount: 12.5 });
  });

  it('reads a semicolon CSV with BOM, German prices and quoted line breaks', async () => {
    const file = put(
      src.dir,
      'bestand.csv',
      '\uFEFFTitel;Beschreibung;Preis;Preisart;Kategorie\r\n' +
        'Eichentisch;"Massiv.\r\nKaum benutzt; mit Stühlen";1.234,50 €;Festpreis;Haus & Garten > Möbel\r\n' +
        'Lampe;Messing;"12,5";VB;Haus & Garten/Lampen\r\n' +
        ';;;;\r\n' +
        'Regal;;50 € VB;;Möbel\r\n',
    );
    const info = await inspect(file);
    expect(info).toMatchObject({
      delimiter: ';',
      encoding: 'utf-8',
      header: ['Titel', 'Beschreibung', 'Preis', 'Preisart', 'Kategorie'],
      mapping: ['title', 'description', 'price', 'priceType', 'category'],
      rowCount: 3,
    });
    const { rows } = await preview(file);
    expect(rows.map((r) => r.draft.title)).toEqual(['Eichentisch', 'Lampe', 'Regal']);
    expect(rows[0]!.draft).toMatchObject({
      description: 'Massiv.\nKaum benutzt; mit Stühlen',
      price: { amount: 1234.5, type: 'FIXED' },
      category: 'Haus & Garten/Möbel',
    });
    expect(rows[1]!.draft.price).toEqual({ amount: 12.5, type: 'NEGOTIABLE' });
    expect(rows[2]!.draft.price).toEqual({ amount: 50, type: 'NEGOTIABLE' });
    // The data row numbers count from the first row under the header; the blank line keeps its number.
    expect(rows.map((r) => r.index)).toEqual([1, 2, 4]);
  });

  it('detects Windows-1252 when the bytes are not UTF-8', async () => {
    const file = put(
      src.dir,
      'excel.csv',
      windows1252('Titel;Preis;Beschreibung\r\nStühle „Wien“;99,- €;Größe: groß\r\n'),
    );
    const info = await inspect(file);
    expect(info.encoding).toBe('windows-1252');
    const { rows } = await preview(file);
    expect(rows[0]!.draft).toMatchObject({
      title: 'Stühle „Wien“',
      description: 'Größe: groß',
      price: { amount: 99 },
    });
  });

  it('refuses bad rows with their reason and imports the good ones', async () => {
    const file = put(src.dir, 'mixed.csv', 'Titel;Preis\nGut;10\n;20\nTeuer;zehn Euro\nAuch gut;5,50\n');
    const { rows, counts } = await preview(file);
    expect(counts).toMatchObject({ rows: 4, ok: 2, refused: 2 });
    expect(rows[1]!.problems).toEqual([{ code: 'missing-title', severity: 'error', field: 'title' }]);
    expect(rows[2]!.problems).toEqual([
      { code: 'bad-price', severity: 'error', field: 'price', value: 'zehn Euro' },
    ]);
    const result = await run(file);
    expect(result.created).toBe(2);
    expect(result.refused.map((r) => [r.index, r.problems[0]!.code])).toEqual([
      [2, 'missing-title'],
      [3, 'bad-price'],
    ]);
    // The log names the refused rows too, by the spreadsheet's row number (header = row 1), as the
    // wizard and the command line show them.
    expect(t.log.info).toHaveBeenCalledWith(
      expect.stringContaining('2 rows refused (row 3: missing-title, row 4: bad-price)'),
    );
    const drafts = await Promise.all(result.draftIds.map(draft));
    expect(drafts.map((d) => [d.title, d.price.amount, d.accountId, d.status])).toEqual([
      ['Gut', 10, 'sandbox', 'draft'],
      ['Auch gut', 5.5, 'sandbox', 'draft'],
    ]);
  });
});

describe('photos', () => {
  it('finds photos by file-name columns and by a folder per row, each through intake', async () => {
    const photos = path.join(src.dir, 'fotos');
    putPhoto(photos, 'tisch-1.png', 1);
    putPhoto(photos, 'tisch-2.png', 2);
    putPhoto(src.dir, 'neben-der-tabelle.png', 3);
    putPhoto(path.join(photos, 'R-7'), 'b.png', 4);
    putPhoto(path.join(photos, 'R-7'), 'a.png', 5);
    put(path.join(photos, 'R-7'), 'notes.txt', 'not a photo');
    const file = put(
      src.dir,
      'tabelle.csv',
      'Titel;Bild 1;Bild 2;Referenz\n' +
        'Tisch;tisch-1.png;tisch-2.png;R-1\n' +
        'Stuhl;neben-der-tabelle.png;fehlt.png;R-2\n' +
        'Regal;;;R-7\n',
    );
    const info = await inspect(file);
    expect(info.mapping).toEqual(['title', 'photos', 'photos', 'reference']);
    const { rows, counts } = await preview(file, { photoDir: photos });
    expect(rows[0]!.draft.photos).toEqual([
      path.join(photos, 'tisch-1.png'),
      path.join(photos, 'tisch-2.png'),
    ]);
    expect(rows[1]!.draft.photos).toEqual([path.join(src.dir, 'neben-der-tabelle.png')]);
    expect(rows[1]!.problems.filter((p) => p.code !== 'not-ready')).toEqual([
      {
        code: 'photo-not-found',
        severity: 'warning',
        field: 'photos',
        value: 'fehlt.png',
        looked: [path.join(photos, 'fehlt.png'), path.join(src.dir, 'fehlt.png')],
      },
    ]);
    expect(rows[2]!.draft.photos).toEqual([
      path.join(photos, 'R-7', 'a.png'),
      path.join(photos, 'R-7', 'b.png'),
    ]);
    expect(counts).toMatchObject({ ok: 3, withWarnings: 1, photos: 5 });

    const events: ImportProgress[] = [];
    const off = t.app.events.subscribe((name, payload) => {
      if (name === 'import:progress') events.push(payload as ImportProgress);
    });
    const result = await run(file, { photoDir: photos });
    off();
    expect(result).toMatchObject({ created: 3, photosAdded: 5, photosRefused: [] });
    const drafts = await Promise.all(result.draftIds.map(draft));
    expect(drafts.map((d) => d.photos.map((p) => p.originalName))).toEqual([
      ['tisch-1.png', 'tisch-2.png'],
      ['neben-der-tabelle.png'],
      ['a.png', 'b.png'],
    ]);
    expect(drafts[0]!.photos[0]!.file).toMatch(/^photos\//);
    expect(events.at(-1)).toEqual({ runId: 'run-1', phase: 'done', done: 3, total: 3 });
    expect(events.filter((e) => e.phase === 'photos').at(-1)).toMatchObject({ done: 5, total: 5 });
  });

  it('names a photo the intake refuses, and keeps the draft', async () => {
    put(src.dir, 'kaputt.png', 'this is no image');
    const file = put(src.dir, 'tabelle.csv', 'Titel;Foto\nTisch;kaputt.png\n');
    const result = await run(file);
    expect(result.created).toBe(1);
    expect(result.photosRefused).toEqual([
      expect.objectContaining({ index: 1, draftId: result.draftIds[0], name: 'kaputt.png' }),
    ]);
    expect((await draft(result.draftIds[0]!)).photos).toEqual([]);
  });
});

describe('XLSX', () => {
  it('lists the sheets, reads the first or a chosen one, numbers as numbers', async () => {
    const file = await putXlsx(src.dir, 'lager.xlsx', {
      Übersicht: [['Hinweis'], ['nur Text']],
      Artikel: [
        ['Artikelname', 'Preis', 'Zustand', 'PLZ', 'Ort'],
        ['Fahrrad', 249.9, 'ok', '10115', 'Berlin'],
        ['Helm', '1.234,00', null, '20095', 'Hamburg'],
      ],
    });
    const first = await inspect(file);
    expect(first).toMatchObject({
      kind: 'xlsx',
      sheets: ['Übersicht', 'Artikel'],
      sheet: 'Übersicht',
      rowCount: 1,
    });
    const info = await inspect(file, 'Artikel');
    expect(info).toMatchObject({
      sheet: 'Artikel',
      header: ['Artikelname', 'Preis', 'Zustand', 'PLZ', 'Ort'],
      mapping: ['title', 'price', 'attribute', 'postalCode', 'city'],
      rowCount: 2,
    });
    const result = await run(file, { sheet: 'Artikel' });
    const [bike, helmet] = await Promise.all(result.draftIds.map(draft));
    expect(bike).toMatchObject({
      title: 'Fahrrad',
      price: { amount: 249.9 },
      attributes: { Zustand: 'ok' },
      publication: { postalCode: '10115', city: 'Berlin' },
    });
    expect(helmet).toMatchObject({ title: 'Helm', price: { amount: 1234 }, attributes: {} });
    const missing = await t.fail('import:inspect', { path: file, sheet: 'Nope' });
    expect(missing).toMatchObject({
      code: 'not-found',
      details: { reason: 'no-sheet', sheets: ['Übersicht', 'Artikel'] },
    });
  });
});

describe('mapping, sources and undo', () => {
  it('remembers the mapping the seller chose for this header', async () => {
    const file = put(src.dir, 'a.csv', 'Name;Kosten;Info\nTisch;10;alt\n');
    expect((await inspect(file)).mapping).toEqual(['title', null, null]);
    await run(file, { mapping: ['title', 'price', 'description'] });
    const other = put(src.dir, 'b.csv', 'Name;Kosten;Info\nStuhl;5;neu\n');
    const info = await inspect(other);
    expect(info).toMatchObject({ mapping: ['title', 'price', 'description'], mappingRemembered: true });
    expect((await preview(other)).rows[0]!.draft).toMatchObject({ price: { amount: 5 }, description: 'neu' });
  });

  it('says plainly what it cannot open', async () => {
    expect(await t.fail('import:inspect', { path: path.join(src.dir, 'none.csv') })).toMatchObject({
      code: 'not-found',
      details: { reason: 'not-found' },
    });
    const doc = put(src.dir, 'brief.docx', 'x');
    expect(await t.fail('import:inspect', { path: doc })).toMatchObject({
      code: 'invalid-input',
      details: { reason: 'unsupported-file' },
    });
    expect(await t.fail('import:inspect', { path: src.dir })).toMatchObject({
      details: { reason: 'no-ad-files' },
    });
    // A Google product feed in XML (issue 35.1) is a feed's to read, said with its format.
    const rss = put(
      src.dir,
      'export.xml',
      '<?xml version="1.0"?>\n<!-- Shopware -->\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel/></rss>\n',
    );
    expect(await t.fail('import:inspect', { path: rss })).toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(
        /(is a product feed in XML: add it under Feeds|ist ein Produkt-Feed in XML: Fügen Sie ihn unter Feeds)/,
      ),
      details: { reason: 'xml-feed', format: 'google-rss' },
    });
    const atom = put(src.dir, 'feed.atom', '\uFEFF<feed xmlns="http://www.w3.org/2005/Atom"></feed>');
    expect(await t.fail('import:inspect', { path: atom })).toMatchObject({
      details: { reason: 'xml-feed', format: 'google-atom' },
    });
    const other = put(src.dir, 'other.xml', '<?xml version="1.0"?><products/>');
    expect(await t.fail('import:inspect', { path: other })).toMatchObject({
      details: { reason: 'unsupported-file' },
    });
    const file = put(src.dir, 'a.csv', 'Titel\nTisch\n');
    expect(await t.fail('import:run', { path: file, accountId: 'gone', runId: 'r' })).toMatchObject({
      code: 'not-found',
      details: { reason: 'no-account' },
    });
  });

  it('fills new drafts from the account defaults under the row’s own fields', async () => {
    const defaults = {
      email: 'shop@example.com',
      phoneNumber: '030 1',
      contactPerson: 'Frau Meier',
      street: 'Hauptstr. 1',
      city: 'Berlin',
      district: '',
      postalCode: '10115',
      availabilityRadiusInKm: '10',
      descriptionFooter: 'Abholung oder Versand.',
    };
    await t.call('accounts:set-defaults', { id: account, defaults });
    const file = put(
      src.dir,
      'a.csv',
      'Titel;Beschreibung;Ort\nTisch;Eiche;Potsdam\nStuhl;"Buche\n\nAbholung oder Versand.";\n',
    );
    const [id, exported] = (await run(file)).draftIds;
    // A description that ends with the footer already (exported, then imported) keeps it once.
    expect((await draft(exported!)).description).toBe('Buche\n\nAbholung oder Versand.');
    expect(await draft(id!)).toMatchObject({
      description: 'Eiche\n\nAbholung oder Versand.',
      email: 'shop@example.com',
      contactPerson: 'Frau Meier',
      publication: { street: 'Hauptstr. 1', city: 'Potsdam', postalCode: '10115' },
    });
  });

  it('runs an import once per run id: a second click imports nothing twice', async () => {
    const file = put(src.dir, 'a.csv', 'Titel\nEins\n');
    const first = await run(file);
    const again = await t.fail('import:run', { path: file, accountId: account, runId: 'run-1' });
    expect(again).toMatchObject({
      code: 'conflict',
      details: { reason: 'already-run', importId: first.importId },
    });
    expect((await t.call<DraftsListResult>('drafts:list')).total).toBe(1);
    // A run that could not start (file gone) leaves its run id free for the retry.
    const missing = path.join(src.dir, 'later.csv');
    await t.fail('import:run', { path: missing, accountId: account, runId: 'run-2' });
    put(src.dir, 'later.csv', 'Titel\nZwei\n');
    expect((await run(missing, { runId: 'run-2' })).created).toBe(1);
  });

  it('undoes an import as a whole: its drafts go to the trash, others stay', async () => {
    const mine = await t.call<Draft>('drafts:create');
    const file = put(src.dir, 'a.csv', 'Titel\nEins\nZwei\nDrei\n');
    const result = await run(file);
    const list = await t.call<{ imports: ImportRecord[] }>('import:list');
    expect(list.imports[0]).toMatchObject({
      id: result.importId,
      kind: 'csv',
      path: file,
      accountId: account,
      created: 3,
      undoneAt: null,
    });
    await t.call('drafts:trash', { ids: [result.draftIds[2]] });
    const undone = await t.call<ImportUndoResult>('import:undo', { importId: result.importId });
    expect(undone).toEqual({ importId: result.importId, trashed: 2, gone: 1, kept: [] });
    const drafts = await t.call<DraftsListResult>('drafts:list');
    expect(drafts.items.map((d) => d.id)).toEqual([mine.id]);
    expect(drafts.trashCount).toBe(3);
    const after = await t.call<{ imports: ImportRecord[] }>('import:list');
    expect(after.imports[0]!.undoneAt).not.toBeNull();
  });
});
