// The command line's import against what exists (issue 23.2) and its problems (issue 23.3), as a
// scheduler runs it: the same CSV twice makes one draft per reference; a changed row updates its
// draft; photos not found say where they were looked for and end with exit code 1; drafts not
// ready to publish end with 6; the JSON and the text name the same (spreadsheet) row numbers.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { createTempApp, tempDirsForFile } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const [data, src] = tempDirsForFile('listing-desk-cli-again-', 'listing-desk-cli-again-src-');

const HEADER = 'Titel;Beschreibung;Kategorie;Preis;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis;Bild;Referenz';
const place = 'shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25';
const line = (title: string, price: string, photo: string, ref: string) =>
  `${title};Gut erhalten.;Haushalt/Möbel;${price};${place};${photo};${ref}`;

interface Summary {
  ok: boolean;
  exitCode: number;
  created: number;
  updated: number;
  rowNumbers: string;
  updates: { row: number; draftId: string; changes: { field: string; before: unknown; after: unknown }[] }[];
  unchanged: { row: number }[];
  duplicatesSkipped: { row: number }[];
  notReady: { row: number; problems: { code: string; issue?: { field: string } }[] }[];
  warnings: { row: number; problems: { code: string; looked?: string[] }[] }[];
}

const importing = async (file: string, ...more: string[]) => {
  // The files' categories are made up (not the catalog's): kept as typed (--keep-categories), as before issue 34.
  const run = await cli(['import', file, '--keep-categories', '--data-dir', data.dir, ...more]);
  return { ...run, summary: JSON.parse(run.stdout || '{}') as Summary };
};

async function drafts(): Promise<Draft[]> {
  const app = await createTempApp(data.dir);
  try {
    const { items } = await app.call<DraftsListResult>('drafts:list');
    return await Promise.all(items.map((d) => app.call<Draft>('drafts:get', { id: d.id })));
  } finally {
    await app.remove();
  }
}

describe('import on the command line, again and again', () => {
  const file = path.join(src.dir, 'bestand.csv');

  it('imports the same CSV twice into one draft per reference; a changed row updates its draft', async () => {
    putPhoto(src.dir, 'tisch.png', 1);
    putPhoto(src.dir, 'stuhl.png', 2);
    put(
      src.dir,
      'bestand.csv',
      [HEADER, line('Tisch', '149', 'tisch.png', 'T-1'), line('Stuhl', '45', 'stuhl.png', 'S-1')].join('\n'),
    );
    const first = await importing(file);
    expect(first.code, first.stderr).toBe(0);
    expect(first.summary).toMatchObject({ ok: true, exitCode: 0, created: 2 });

    const again = await importing(file);
    expect(again.code, again.stderr).toBe(0);
    expect(again.summary).toMatchObject({ created: 0, updated: 0, unchanged: [{ row: 2 }, { row: 3 }] });
    expect(again.stderr).toContain('row 2: unchanged, the draft “Tisch” has it all already');
    expect(again.stderr).toContain(
      '0 drafts created, 0 rows not imported, 0 photos added, 2 rows unchanged.',
    );
    expect((await drafts()).map((d) => d.customReference).sort()).toEqual(['S-1', 'T-1']);

    put(
      src.dir,
      'bestand.csv',
      [HEADER, line('Tisch', '139', 'tisch.png', 'T-1'), line('Stuhl', '45', 'stuhl.png', 'S-1')].join('\n'),
    );
    const changed = await importing(file);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stderr).toContain('row 2: updates the draft “Tisch”: Price “149” → “139”');
    expect(changed.summary.updates).toEqual([
      { row: 2, draftId: expect.any(String), changes: [{ field: 'price.amount', before: 149, after: 139 }] },
    ]);
    const now = await drafts();
    expect(now).toHaveLength(2);
    expect(now.find((d) => d.customReference === 'T-1')!.price.amount).toBe(139);
  }, 120_000);

  it('names each photo not found with the full paths it looked for, and exits 1', async () => {
    const photos = path.join(src.dir, 'fotos');
    putPhoto(photos, 'anderes.png', 5);
    const missing = put(
      src.dir,
      'fehlend.csv',
      [HEADER, line('Dune', '12', 'Dune.jpg', 'D-1'), line('Foundation', '14', 'Foundation.jpg', 'F-1')].join(
        '\n',
      ),
    );
    const run = await importing(missing, '--photos', photos);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      `row 2: photo not found (Dune.jpg; looked for ${path.join(photos, 'Dune.jpg')}, ${path.join(src.dir, 'Dune.jpg')})`,
    );
    expect(run.summary.ok).toBe(false);
    expect(run.summary.rowNumbers).toBe('spreadsheet: the header is row 1');
    // The JSON names the rows the text names.
    const textRows = [...run.stderr.matchAll(/^row (\d+): photo not found/gm)].map((m) => Number(m[1]));
    expect(textRows).toEqual([2, 3]);
    expect(run.summary.warnings.map((w) => w.row)).toEqual(textRows);
    expect(run.summary.warnings[0]!.problems[0]!.looked).toEqual([
      path.join(photos, 'Dune.jpg'),
      path.join(src.dir, 'Dune.jpg'),
    ]);
  }, 60_000);

  it('exits 6 when every row is in but drafts are not ready to publish, naming what each lacks', async () => {
    putPhoto(src.dir, 'regal.png', 3);
    const thin = put(src.dir, 'duenn.csv', 'Titel;Bild;Referenz\nRegal;regal.png;R-1\n');
    const run = await importing(thin);
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toContain(
      'row 2: the draft is not ready to publish: Category: This field is required. Description: This field is required. Price: This field is required.',
    );
    expect(run.summary.notReady.map((r) => r.row)).toEqual([2]);
    expect(run.summary.notReady[0]!.problems.map((p) => p.issue?.field)).toContain('price.amount');
  }, 60_000);

  it('leaves out possible duplicates unless --duplicates import, and says so', async () => {
    putPhoto(src.dir, 'lampe.png', 4);
    const plain = put(
      src.dir,
      'ohne-referenz.csv',
      [HEADER, line('Lampe', '20', 'lampe.png', '')].join('\n'),
    );
    expect((await importing(plain)).code).toBe(0);
    const twice = await importing(plain);
    expect(twice.code, twice.stderr).toBe(1);
    expect(twice.stderr).toContain(
      'row 2: possible duplicate of the draft “Lampe” (same title and price): left out; --duplicates import imports it',
    );
    expect(twice.summary.duplicatesSkipped).toEqual([expect.objectContaining({ row: 2 })]);
    const taken = await importing(plain, '--duplicates', 'import');
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.summary.created).toBe(1);
    expect((await drafts()).filter((d) => d.title === 'Lampe')).toHaveLength(2);
    const wrong = await cli(['import', plain, '--duplicates', 'maybe', '--data-dir', data.dir]);
    expect(wrong.code).toBe(2);
  }, 120_000);
});
