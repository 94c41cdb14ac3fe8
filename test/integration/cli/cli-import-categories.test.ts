// The command line's import through the shop's category mappings (issue 34.3), as a scheduler runs
// it: a mapped shop category (inherited by a deeper one) gives the catalog's path, kind and values;
// an unmapped one is named once on stderr with the catalog's suggestions and in the JSON, its rows
// come without a category (exit 6: not ready) unless --keep-categories keeps it as typed.
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { put } from '../../fixtures/import/import-files';
import { createTempApp, tempDirsForFile } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const [data, src] = tempDirsForFile('listing-desk-cli-categories-', 'listing-desk-cli-categories-src-');

const CSV = [
  'Artikelnummer;Titel;Preis;Kategorie;Zustand;Farbe',
  'T-1;Esstisch Eiche;249;Möbel > Tische > Esstische;gebraucht;Braun',
  'G-1;Kugelgrill;80;Garten > Grills;gebraucht;Schwarz',
  'G-2;Grillrost;15;Garten/Grills;neu;Silber',
].join('\n');

async function withApp<T>(work: (call: <R>(channel: string, input?: unknown) => Promise<R>) => Promise<T>) {
  const app = await createTempApp(data.dir);
  try {
    return await work((channel, input) => app.call(channel, input));
  } finally {
    await app.remove();
  }
}

describe('import on the command line through the category mappings', () => {
  it('maps what is mapped, names the unmapped once, and keeps it as typed only when asked', async () => {
    await withApp((call) =>
      call('categories:map', {
        shopCategory: 'Möbel > Tische',
        path: 'Haus_Garten/Kueche_Esszimmer',
        attributes: { art: 'tische' },
      }),
    );
    const file = put(src.dir, 'shop.csv', CSV);
    const run = await cli(['import', file, '--data-dir', data.dir]);
    expect(run.code, run.stderr).toBe(6);
    const named = run.stderr.split('\n').filter((line) => line.includes('“Garten > Grills”'));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain('(2 rows) has no mapping: imported without a category');
    expect(named[0]).toContain('categories map "Garten > Grills" PATH (the catalog suggests: ');
    const summary = JSON.parse(run.stdout) as {
      unmappedCategories: { shopCategory: string; rows: number; guesses: { path: string }[] }[];
    };
    expect(summary.unmappedCategories).toHaveLength(1);
    expect(summary.unmappedCategories[0]).toMatchObject({ shopCategory: 'Garten > Grills', rows: 2 });
    expect(summary.unmappedCategories[0]!.guesses.length).toBeGreaterThan(0);

    const kept = await cli([
      'import',
      put(
        src.dir,
        'shop-2.csv',
        CSV.replace(/T-1|G-1|G-2/g, (ref) => `${ref}-b`),
      ),
      '--keep-categories',
      '--data-dir',
      data.dir,
    ]);
    expect(kept.stderr).toContain('kept as typed (--keep-categories)');

    const drafts = await withApp(async (call) => {
      const { items } = await call<DraftsListResult>('drafts:list');
      return Promise.all(items.map((d) => call<Draft>('drafts:get', { id: d.id })));
    });
    const of = (ref: string) => drafts.find((d) => d.customReference === ref)!;
    expect(of('T-1')).toMatchObject({
      category: 'Haus_Garten/Kueche_Esszimmer',
      attributes: { art: 'tische', condition: 'ok', color: 'braun' },
    });
    expect(of('G-1').category).toBe('');
    expect(of('G-1-b').category).toBe('Garten/Grills');
  }, 120_000);
});
