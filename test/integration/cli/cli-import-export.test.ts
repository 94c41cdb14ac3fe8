// The command line's import and export against the app's own services, as a scheduler runs them: a
// child process per command on a temporary data folder; exit codes, JSON on stdout, words on stderr.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { createTempApp, tempDirsForFile } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';
import type { Draft } from '../../../src/shared/domain/drafts/draft';

const [data, src] = tempDirsForFile('listing-desk-cli-data-', 'listing-desk-cli-src-');

describe('import and export on the command line', () => {
  let draftIds: string[] = [];

  it('imports a semicolon CSV with a photo folder into drafts, naming the row it refused', async () => {
    const photos = path.join(src.dir, 'fotos');
    putPhoto(photos, 'tisch-1.png', 1);
    putPhoto(photos, 'tisch-2.png', 2);
    const file = put(
      src.dir,
      'bestand.csv',
      'Titel;Preis;Beschreibung;Bild 1;Bild 2;Referenz\n' +
        'Tisch;1.234,50;Massive Eiche;tisch-1.png;tisch-2.png;R-1\n' +
        ';12;Ohne Titel;;;R-2\n' +
        'Stuhl;45;Buche;;;R-3\n',
    );
    // The files' categories are made up (not the catalog's): kept as typed (--keep-categories), as before issue 34.
    const run = await cli(['import', file, '--photos', photos, '--keep-categories', '--data-dir', data.dir]);
    // One row refused: exit code 1, the row named with its reason.
    expect(run.code, run.stderr).toBe(1);
    // Named as the spreadsheet and the wizard show it: the header is row 1, so this is row 3.
    expect(run.stderr).toContain('row 3: not imported: no title');
    expect(run.stderr).toContain('2 drafts created, 1 row not imported, 2 photos added.');
    const result = JSON.parse(run.stdout) as {
      ok: boolean;
      kind: string;
      created: number;
      draftIds: string[];
      photosAdded: number;
      refused: { row: number; problems: { code: string }[] }[];
    };
    expect(result).toMatchObject({ ok: false, kind: 'csv', created: 2, photosAdded: 2 });
    expect(result.refused).toEqual([
      // The same number as the text names it: the spreadsheet's row 3 (issue 23.3).
      expect.objectContaining({ row: 3, problems: [expect.objectContaining({ code: 'missing-title' })] }),
    ]);
    draftIds = result.draftIds;

    // The drafts are there for the app, never published by the import.
    const app = await createTempApp(data.dir);
    try {
      const drafts = await Promise.all(draftIds.map((id) => app.call<Draft>('drafts:get', { id })));
      expect(drafts.map((d) => [d.title, d.price.amount, d.customReference, d.photos.length])).toEqual([
        ['Tisch', 1234.5, 'R-1', 2],
        ['Stuhl', 45, 'R-3', 0],
      ]);
      expect(drafts.every((d) => d.remote === null && d.accountId === 'sandbox')).toBe(true);
    } finally {
      await app.remove();
    }
  }, 120_000);

  it('says in German when the file to import is not there (exit code 2)', async () => {
    const run = await cli(['import', path.join(src.dir, 'fehlt.csv'), '--data-dir', data.dir], {
      LANG: 'de_DE.UTF-8',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('fehlt.csv lässt sich nicht importieren');
  }, 60_000);

  it('exports the drafts to CSV, refuses to overwrite without --replace, and exports the listings to XLSX', async () => {
    const file = path.join(src.dir, 'export.csv');
    const run = await cli(['export', file, '--data-dir', data.dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, format: 'csv', rows: 2, path: file });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('Tisch');
    expect(text).toContain('Stuhl');

    const again = await cli(['export', file, '--data-dir', data.dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${file} exists already; add --replace to overwrite it.`);
    const replaced = await cli(['export', file, '--replace', '--data-dir', data.dir]);
    expect(replaced.code).toBe(0);

    const listings = path.join(src.dir, 'anzeigen.xlsx');
    const live = await cli(['export', listings, '--listings', '--data-dir', data.dir]);
    expect(live.code, live.stderr).toBe(0);
    expect(JSON.parse(live.stdout)).toMatchObject({ ok: true, format: 'xlsx', rows: 0 });
    expect(existsSync(listings)).toBe(true);

    const wrong = await cli(['export', path.join(src.dir, 'x.txt'), '--data-dir', data.dir]);
    expect(wrong.code).toBe(2);
  }, 120_000);
  it('imports a folder of kleinanzeigen-bot ad files with their images, naming what to check', async () => {
    const ads = path.join(src.dir, 'ads');
    put(
      ads,
      'regal/ad_regal.yaml',
      'active: true\ntitle: Bücherregal\ndescription: Kiefer, 2 m\nprice: 40\nprice_type: NEGOTIABLE\ncategory: 80/82\nimages:\n  - "*.png"\n',
    );
    putPhoto(path.join(ads, 'regal'), 'vorne.png', 6);
    putPhoto(path.join(ads, 'regal'), 'seite.png', 7);
    put(ads, 'ad_kaputt.yaml', 'title: [\n');
    // The files' categories are made up (not the catalog's): kept as typed (--keep-categories), as before issue 34.
    const run = await cli(['import', ads, '--keep-categories', '--data-dir', data.dir]);
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(run.stdout) as {
      kind: string;
      created: number;
      photosAdded: number;
      warnings: { file: string; problems: { code: string }[] }[];
      refused: { file: string; problems: { code: string }[] }[];
    };
    expect(result).toMatchObject({ kind: 'kleinanzeigen-bot', created: 1, photosAdded: 2 });
    expect(result.warnings).toEqual([
      expect.objectContaining({
        file: path.join(ads, 'regal', 'ad_regal.yaml'),
        problems: [expect.objectContaining({ code: 'category-numeric' })],
      }),
    ]);
    expect(result.refused.map((r) => [r.file, r.problems[0]!.code])).toEqual([
      [path.join(ads, 'ad_kaputt.yaml'), 'unreadable-file'],
    ]);
    expect(run.stderr).toContain(
      `${path.join(ads, 'regal', 'ad_regal.yaml')}: category given as numbers, please check (80/82)`,
    );
    expect(run.stderr).toContain('1 draft created, 1 ad file not imported, 2 photos added.');
  }, 120_000);
});
