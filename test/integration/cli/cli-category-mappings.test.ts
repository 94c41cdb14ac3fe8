// `categories map|mappings|unmap|unmapped` (issue 34.4) as a seller types them: a path the catalog
// lacks refused with its guesses and nothing mapped (exit 2); --attr by key or label, values by
// value or label, a value the category does not list refused with its values; the mappings and
// condition words listed; unmap of an own, an inherited and no mapping; the last import's shop
// categories without a mapping, each once with guesses; usage errors; German where the system is.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_MAPPINGS_FILE,
  openCategoryMappings,
  openKnownGood,
  shippedCatalog,
} from '../../../src/main/catalog';
import { makeCatalogView } from '../../../src/shared/domain/catalog';
import { usageProblem } from '../../unit/helpers/cli-usage';
import { spyLogger, tempDir } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const folder = tempDir('listing-desk-cli-mappings-');
const dir = folder.dir;
afterAll(() => folder.remove());

const KITCHEN = 'Haus_Garten/Kueche_Esszimmer';
const LIVING = 'Haus_Garten/Wohnzimmer';
const run = (...args: string[]) => cli(['categories', ...args, '--data-dir', dir]);
const GERMAN = { LANG: 'de_DE.UTF-8' };

interface MappingsJson {
  mappings: {
    shopCategory: string;
    path: string;
    known: boolean;
    name: { de: string; en: string } | null;
    attributes: Record<string, string>;
  }[];
  conditionWords: Record<string, string>;
  conditionConfirmed: boolean;
}

describe('category mappings on the command line', () => {
  it('parses map, mappings, unmap and unmapped, and refuses what they cannot do', () => {
    expect(usageProblem(['categories', 'map', 'Möbel > Tische'])).toEqual({ problem: 'categories-map' });
    expect(usageProblem(['categories', 'map', 'Möbel', 'Tische', KITCHEN])).toEqual({
      problem: 'categories-map',
    });
    expect(usageProblem(['categories', 'map', 'Möbel', KITCHEN, '--attr', 'art'])).toEqual({
      problem: 'categories-attr',
      value: 'art',
    });
    expect(usageProblem(['categories', 'map', 'Möbel', KITCHEN, '--attr', 'art='])).toEqual({
      problem: 'categories-attr',
      value: 'art=',
    });
    expect(usageProblem(['categories', 'map', 'Möbel', KITCHEN, '--json'])).toEqual({
      problem: 'not-with-categories',
      flag: '--json',
      action: 'map',
    });
    expect(usageProblem(['categories', 'unmap'])).toEqual({ problem: 'categories-shop' });
    expect(usageProblem(['categories', 'unmap', 'Möbel', '--attr', 'a=b'])).toEqual({
      problem: 'not-with-categories',
      flag: '--attr',
      action: 'unmap',
    });
    expect(usageProblem(['categories', 'mappings', 'Möbel'])).toEqual({
      problem: 'no-arguments',
      command: 'categories',
    });
    expect(usageProblem(['categories', 'mappings', '--feed', 'Shop'])).toEqual({
      problem: 'not-with-categories',
      flag: '--feed',
      action: 'mappings',
    });
    expect(usageProblem(['categories', 'unmapped', '--feed', ' '])).toEqual({ problem: 'categories-feed' });
    expect(usageProblem(['import', 'a.csv', '--attr', 'a=b'])).toEqual({
      problem: 'not-with',
      flag: '--attr',
      command: 'import',
    });
  });

  it('refuses a path the catalog lacks with its guesses, and a value the category does not list', async () => {
    const wrong = await run('map', 'Möbel > Tische', 'Haus_Garten/Kueche_Esszimer');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('The catalog does not know the category "Haus_Garten/Kueche_Esszimer"');
    expect(wrong.stderr).toContain(`  ${KITCHEN}\n`);
    expect(wrong.stderr).toMatch(/ {2}Haus_Garten\/\w+ --attr art=tische/);
    const value = await run('map', 'Möbel > Tische', KITCHEN, '--attr', 'art=Tisch');
    expect(value.code).toBe(2);
    expect(value.stderr).toContain(`The attribute art of ${KITCHEN} has no value "Tisch".`);
    expect(value.stderr).toContain('tische (Tables)');
    const key = await run('map', 'Möbel > Tische', KITCHEN, '--attr', 'Gewicht=3');
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('Its attributes: art, color, condition, versand.');
    // Nothing was mapped by any of them.
    expect(existsSync(path.join(dir, CATEGORY_MAPPINGS_FILE))).toBe(false);
  }, 120_000);

  it('maps with attributes by key or label, lists the mappings, unmaps', async () => {
    const mapped = await run(
      'map',
      'Möbel/Tische',
      KITCHEN,
      '--attr',
      'Art=TISCHE',
      '--attr',
      'Zustand=gebraucht',
    );
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(mapped.stdout).toContain(
      `Mapped "Möbel > Tische" to ${KITCHEN} (Home & Garden › Kitchen & Dining Room).`,
    );
    expect(mapped.stdout).toContain('Its drafts start with art=tische, condition=ok.');
    // A value by its label, case aside: stored as the catalog's value.
    const deeper = await run('map', 'Möbel | Tische | Esstische', LIVING, '--attr', 'color=Schwarz');
    expect(deeper.code, deeper.stderr).toBe(0);

    const listed = await run('mappings', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const json = JSON.parse(listed.stdout) as MappingsJson;
    expect(json.mappings).toEqual([
      expect.objectContaining({
        shopCategory: 'Möbel > Tische',
        path: KITCHEN,
        known: true,
        name: { de: 'Haus & Garten › Küche & Esszimmer', en: 'Home & Garden › Kitchen & Dining Room' },
        attributes: { art: 'tische', condition: 'ok' },
      }),
      expect.objectContaining({
        shopCategory: 'Möbel > Tische > Esstische',
        attributes: { color: 'schwarz' },
      }),
    ]);
    expect(json).toMatchObject({ conditionWords: { gebraucht: 'ok' }, conditionConfirmed: false });
    const text = await run('mappings');
    expect(text.stdout.split('\n')[0]).toMatch(/^shop category\s+path\s+attributes$/);
    expect(text.stdout).toMatch(/Möbel > Tische\s+Haus_Garten\/Kueche_Esszimmer\s+art=tische, condition=ok/);
    expect(text.stdout).toContain('  gebraucht → ok');

    const inherited = await run('unmap', 'Möbel > Tische > Couchtische');
    expect(inherited.code).toBe(1);
    expect(inherited.stderr).toContain('it takes the one of "Möbel > Tische"');
    const own = await run('unmap', 'möbel/tische/esstische');
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toContain(`it takes the one of "Möbel > Tische" (${KITCHEN})`);
    const stored = JSON.parse(readFileSync(path.join(dir, CATEGORY_MAPPINGS_FILE), 'utf8')) as MappingsJson;
    expect(stored.mappings.map((m) => m.shopCategory)).toEqual(['Möbel > Tische']);
    const none = await run('unmap', 'Damen > Schuhe');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('"Damen > Schuhe" has no mapping.');
  }, 120_000);

  it('maps to a path the catalog lacks once the service took it for an account of the desk', async () => {
    const taken = 'Haus_Garten/Gartenmoebel';
    expect((await run('map', 'Garten > Möbel', taken)).code).toBe(2);
    // What the service showed it takes (a listing read back or an accepted create) stands in.
    const view = makeCatalogView(shippedCatalog());
    const knownGood = await openKnownGood({ dataDir: dir, view: () => view, log: spyLogger() });
    knownGood.learnAccepted('sandbox', { path: taken });
    await knownGood.flush();
    const mapped = await run('map', 'Garten > Möbel', taken, '--attr', 'farbe=anthrazit');
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(mapped.stdout).toContain(`Mapped "Garten > Möbel" to ${taken}.`);
    expect(mapped.stdout).toContain('The catalog does not list this path; the service took it');
    // The catalog has no attributes there to check a value against: it is kept as typed.
    expect(mapped.stdout).toContain('Its drafts start with farbe=anthrazit.');
    expect((await run('unmap', 'Garten > Möbel')).code).toBe(0);
  }, 120_000);

  it('names the last import’s shop categories no mapping serves, each once with guesses', async () => {
    const before = await run('unmapped');
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toContain('No import yet on this desk.');
    // The import's own call (tables room) stands in: the service the back end opens on this folder.
    const mappings = await openCategoryMappings({
      dataDir: dir,
      catalog: shippedCatalog,
      acceptable: () => true,
      log: spyLogger(),
    });
    await mappings.noteImport('/shop/stock.csv', [
      'Möbel > Tische > Esstische',
      'Damen/Schuhe/Pumps',
      'damen | schuhe | pumps',
      LIVING,
      'Möbel > Stühle',
    ]);
    await mappings.flush();
    const json = await run('unmapped', '--json');
    expect(json.code, json.stderr).toBe(0);
    const found = JSON.parse(json.stdout) as {
      from: { kind: string; source: string };
      unmapped: {
        shopCategory: string;
        guesses: { path: string; kind: { key: string; value: string } | null }[];
      }[];
    };
    expect(found.from).toMatchObject({ kind: 'import', source: '/shop/stock.csv' });
    expect(found.unmapped.map((u) => u.shopCategory)).toEqual(['Damen > Schuhe > Pumps', 'Möbel > Stühle']);
    expect(found.unmapped[0]!.guesses[0]).toMatchObject({
      path: 'Mode_Beauty/Schuhe_Damen',
      kind: { key: 'art', value: 'pumps' },
    });
    const german = await cli(['categories', 'unmapped', '--data-dir', dir], GERMAN);
    expect(german.code, german.stderr).toBe(0);
    expect(german.stdout).toContain('2 Shop-Kategorien des letzten Imports (/shop/stock.csv,');
    expect(german.stdout).toMatch(/Damen > Schuhe > Pumps\s+Mode_Beauty\/Schuhe_Damen --attr art=pumps/);
    // Mapped, they are no longer named.
    expect((await run('map', 'Damen', 'Mode_Beauty/Schuhe_Damen')).code).toBe(0);
    expect((await run('map', 'Möbel > Stühle', KITCHEN, '--attr', 'art=Stühle')).code).toBe(0);
    const after = await run('unmapped');
    expect(after.stdout).toContain('Every shop category of the last import (/shop/stock.csv,');
  }, 120_000);
});
