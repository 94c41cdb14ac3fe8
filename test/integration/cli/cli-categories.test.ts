// `categories search WORDS [--json]` and `categories show PATH [--json]` (issue 33.7) as a seller
// types them: results with path, names and the kind's key and value; a category with its names,
// kinds and attributes; a path the catalog lacks said so with the nearest (exit 1); the catalog of
// the data folder used when it is newer; usage errors in words; German where the settings say so.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shippedCatalog } from '../../../src/main/catalog';
import { usageProblem } from '../../unit/helpers/cli-usage';
import { tempDir } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const folder = tempDir('listing-desk-cli-categories-');
const dir = folder.dir;
afterAll(() => folder.remove());

const TOYS = 'Familie_Kind_Baby/Spielzeug';

interface SearchJson {
  query: string;
  catalog: { source: string; date: string; from: string };
  results: { path: string; names: { de: string; en: string }; kind: { key: string; value: string } | null }[];
}

describe('categories on the command line', () => {
  it('parses search and show, and refuses what they cannot do', () => {
    expect(usageProblem(['categories'])).toEqual({ problem: 'categories-what' });
    expect(usageProblem(['categories', 'find', 'lego'])).toEqual({ problem: 'categories-what' });
    expect(usageProblem(['categories', 'search'])).toEqual({ problem: 'categories-words' });
    expect(usageProblem(['categories', 'show'])).toEqual({ problem: 'categories-path' });
    expect(usageProblem(['categories', 'show', 'A/B', 'C/D'])).toEqual({ problem: 'categories-path' });
    expect(usageProblem(['categories', 'search', 'lego', '--account', 'Laden'])).toEqual({
      problem: 'not-with',
      flag: '--account',
      command: 'categories',
    });
  });

  it('finds a kind by its words, with its path, names and the attribute it sets', async () => {
    const run = await cli(['categories', 'search', 'lego', '--json', '--data-dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    const found = JSON.parse(run.stdout) as SearchJson;
    expect(found.catalog).toMatchObject({ from: 'shipped', date: shippedCatalog().date.slice(0, 10) });
    expect(found.results[0]).toMatchObject({
      path: TOYS,
      names: { de: expect.stringContaining('Spielzeug') },
      kind: { key: 'art', value: 'lego_duplo' },
    });
    // Words may come apart: they are one query. The table names the kind and what it sets.
    const text = await cli(['categories', 'search', 'LEGO', 'Duplo', '--data-dir', dir]);
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^category\s+path\s+sets$/);
    expect(lines[1]).toMatch(new RegExp(`LEGO & Duplo\\s+${TOYS}\\s+art=lego_duplo$`));
  }, 60_000);

  it('shows a category’s names, kinds and attributes with labels, types and values', async () => {
    const run = await cli(['categories', 'show', TOYS, '--json', '--data-dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    const shown = JSON.parse(run.stdout) as {
      known: boolean;
      names: { de: string };
      kinds: { key: string; values: { value: string; label: { de: string } }[] };
      attributes: {
        key: string;
        type: string;
        label: { de: string };
        values: { value: string; label: { de: string } }[];
      }[];
    };
    expect(shown.known).toBe(true);
    expect(shown.names.de).toBe('Familie, Kind & Baby › Spielzeug');
    expect(shown.kinds.key).toBe('art');
    expect(shown.kinds.values).toContainEqual(
      expect.objectContaining({
        value: 'lego_duplo',
        label: expect.objectContaining({ de: 'LEGO & Duplo' }),
      }),
    );
    const condition = shown.attributes.find((a) => a.key === 'condition');
    expect(condition?.type).toBe('select');
    expect(condition?.values).toContainEqual(
      expect.objectContaining({ value: 'like_new', label: expect.objectContaining({ de: 'Sehr Gut' }) }),
    );
    // Shipping is offered in every category.
    expect(shown.attributes.at(-1)).toMatchObject({
      key: 'versand',
      type: 'yes-no',
      label: { de: 'Versand' },
    });

    const text = await cli(['categories', 'show', TOYS, '--data-dir', dir]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Kinds (the attribute art');
    expect(text.stdout).toMatch(/lego_duplo\s+LEGO & Duplo/);
    expect(text.stdout).toMatch(/condition\s+\S.*\s+choice\s+.*like_new \(Very good\)/);
    expect(text.stdout).toMatch(/versand\s+Shipping\s+yes\/no\s+ja \(Yes\), nein \(No\)/);
  }, 60_000);

  it('says a path is not in the catalog, with the nearest ones (exit 1)', async () => {
    const run = await cli(['categories', 'show', 'Familie_Kind_Baby/Spielzeuge', '--data-dir', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The catalog does not know the category "Familie_Kind_Baby/Spielzeuge".');
    expect(run.stderr).toContain(`  ${TOYS}`);
    const json = await cli([
      'categories',
      'show',
      'Familie_Kind_Baby/Spielzeuge',
      '--json',
      '--data-dir',
      dir,
    ]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ known: false, nearest: expect.arrayContaining([TOYS]) });
  }, 60_000);

  it('reads the newer catalog of the data folder, in the language the settings chose', async () => {
    const shipped = shippedCatalog();
    const later = `${Number(shipped.date.slice(0, 4)) + 1}${shipped.date.slice(4, 10)}`;
    writeFileSync(
      path.join(dir, 'catalog.json'),
      JSON.stringify({
        ...shipped,
        source: 'a newer guide',
        date: later,
        categories: [
          ...shipped.categories,
          { path: 'Haus_Garten/Gewaechshaeuser', nameDe: 'Haus & Garten > Gewächshäuser', attributes: [] },
        ],
      }),
    );
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ language: 'de' }));
    const run = await cli(['categories', 'search', 'gewächshäuser', '--data-dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^Kategorie\s+Pfad\s+setzt$/);
    expect(run.stdout).toContain('Haus_Garten/Gewaechshaeuser');
    const none = await cli(['categories', 'search', 'xqzzy', '--data-dir', dir]);
    expect(none.stdout).toContain('Keine Kategorie des Katalogs passt zu „xqzzy“.');
    const json = await cli(['categories', 'search', 'lego', '--json', '--data-dir', dir]);
    expect((JSON.parse(json.stdout) as SearchJson).catalog).toEqual({
      source: 'a newer guide',
      date: later,
      from: 'file',
    });
  }, 60_000);
});
