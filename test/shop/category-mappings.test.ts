// The shop's category mappings shared between two desks (issue 34.1, 34.5): a mapping and the
// condition words made on desk A show on desk B (its own file, its `categories:changed` event), an
// unmap on B goes away on A, and two desks mapping two categories at once both keep theirs; the
// command line's `categories map` and `unmap` reach the other desk's command line the same way.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { CATEGORY_MAPPINGS_FILE } from '../../src/main/catalog';
import type { CategoryMapping, CategoryMappings } from '../../src/shared/domain/catalog';
import { initShop, openDesk, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';
import { initialisedShop, newDataDir, removeDataDirs } from './helpers/shop-cli';
import { cli } from '../integration/cli/run-cli';

const desks: Desk[] = [];
afterAll(removeDataDirs);
afterEach(async () => {
  for (const desk of desks.splice(0).reverse()) await desk.remove();
});

const soon = { timeout: 15_000, interval: 50 };
const KITCHEN = 'Haus_Garten/Kueche_Esszimmer';
const LIVING = 'Haus_Garten/Wohnzimmer';
const SHOES = 'Mode_Beauty/Schuhe_Damen';

async function twoDesks(): Promise<[Desk, Desk]> {
  const url = await freshDatabase();
  await initShop(url);
  const a = await openDesk(url, 'Laden');
  const b = await openDesk(url, 'Lager');
  desks.push(a, b);
  return [a, b];
}

const mappingsOn = (desk: Desk) => desk.call<CategoryMappings>('categories:mappings');
const shopCategoriesOn = async (desk: Desk) =>
  (await mappingsOn(desk)).mappings.map((m) => [m.shopCategory, m.path, m.attributes]);
/** The mappings as the desk's own file holds them. */
const fileOf = (desk: Desk) =>
  JSON.parse(readFileSync(path.join(desk.dataDir, CATEGORY_MAPPINGS_FILE), 'utf8')) as CategoryMappings;

it('shows a mapping and the condition words made on one desk on the other, an unmap too', async () => {
  const [a, b] = await twoDesks();
  const heardOnB = () => b.events.filter((e) => e.event === 'categories:changed').length;
  expect(heardOnB()).toBe(0);
  await a.call<CategoryMapping>('categories:map', {
    shopCategory: 'Möbel/Tische',
    path: KITCHEN,
    attributes: { art: 'tische' },
  });
  await vi.waitFor(
    async () => expect(await shopCategoriesOn(b)).toEqual([['Möbel > Tische', KITCHEN, { art: 'tische' }]]),
    soon,
  );
  // B heard of it as the window would, and its own file holds it (it survives a restart there).
  expect(heardOnB()).toBeGreaterThanOrEqual(1);
  expect(fileOf(b).mappings.map((m) => m.shopCategory)).toEqual(['Möbel > Tische']);

  await a.call('categories:condition-words', { words: { gebraucht: 'alright', 'B-Ware': 'ok' } });
  await vi.waitFor(
    async () =>
      expect(await mappingsOn(b)).toMatchObject({
        conditionWords: { gebraucht: 'alright', 'b-ware': 'ok' },
        conditionConfirmed: true,
      }),
    soon,
  );
  // The seller's words replace the defaults there too: none of those is left.
  expect(Object.keys((await mappingsOn(b)).conditionWords).sort()).toEqual(['b-ware', 'gebraucht']);

  // B maps a deeper one and unmaps A's: A sees both.
  await b.call('categories:map', { shopCategory: 'Möbel > Tische > Esstische', path: LIVING });
  await b.call('categories:unmap', { shopCategory: 'möbel > tische' });
  await vi.waitFor(
    async () => expect(await shopCategoriesOn(a)).toEqual([['Möbel > Tische > Esstische', LIVING, {}]]),
    soon,
  );
  expect(fileOf(a).mappings.map((m) => m.shopCategory)).toEqual(['Möbel > Tische > Esstische']);
  expect(a.events.some((e) => e.event === 'categories:changed')).toBe(true);
});

it('keeps both of two categories two desks map at once', async () => {
  const [a, b] = await twoDesks();
  await Promise.all([
    a.call('categories:map', {
      shopCategory: 'Möbel > Tische',
      path: KITCHEN,
      attributes: { art: 'tische' },
    }),
    b.call('categories:map', {
      shopCategory: 'Damen / Schuhe / Pumps',
      path: SHOES,
      attributes: { art: 'pumps' },
    }),
    a.call('categories:map', { shopCategory: 'Möbel > Regale', path: LIVING, attributes: { art: 'regale' } }),
    b.call('categories:map', { shopCategory: 'Damen > Schuhe > Stiefel', path: SHOES }),
  ]);
  const all = [
    ['Damen > Schuhe > Pumps', SHOES, { art: 'pumps' }],
    ['Damen > Schuhe > Stiefel', SHOES, {}],
    ['Möbel > Regale', LIVING, { art: 'regale' }],
    ['Möbel > Tische', KITCHEN, { art: 'tische' }],
  ];
  for (const desk of [a, b])
    await vi.waitFor(async () => expect(await shopCategoriesOn(desk)).toEqual(all), soon);
  expect(fileOf(a).mappings).toEqual(fileOf(b).mappings);
});

it('takes the command line’s map and unmap from one desk to the other', async () => {
  const { deskUrl, password } = await initialisedShop();
  const [one, two] = [newDataDir(), newDataDir()];
  for (const [dataDir, name] of [
    [one, 'Laden'],
    [two, 'Lager'],
  ] as const) {
    const join = await cli(
      ['shop', 'join', deskUrl, '--data-dir', dataDir, '--name', name],
      {},
      `${password}\n`,
    );
    expect(join.code, join.stderr).toBe(0);
  }
  const mapped = await cli([
    'categories',
    'map',
    'Möbel > Tische',
    KITCHEN,
    '--attr',
    'Art=Tische',
    '--data-dir',
    one,
  ]);
  expect(mapped.code, mapped.stderr).toBe(0);
  const seen = await cli(['categories', 'mappings', '--json', '--data-dir', two]);
  expect(seen.code, seen.stderr).toBe(0);
  expect((JSON.parse(seen.stdout) as CategoryMappings).mappings).toEqual([
    expect.objectContaining({ shopCategory: 'Möbel > Tische', path: KITCHEN, attributes: { art: 'tische' } }),
  ]);
  const unmapped = await cli(['categories', 'unmap', 'Möbel/Tische', '--data-dir', two]);
  expect(unmapped.code, unmapped.stderr).toBe(0);
  const gone = await cli(['categories', 'mappings', '--json', '--data-dir', one]);
  expect((JSON.parse(gone.stdout) as CategoryMappings).mappings).toEqual([]);
}, 120_000);
