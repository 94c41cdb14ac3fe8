// The category mappings' file in main (issue 34): what is mapped, unmapped and confirmed is there
// again after a reopen; concurrent changes are none of them lost; a file that does not read is
// moved aside; the last import's categories are kept apart; a path no one knows is refused.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CATEGORY_MAPPINGS_FILE,
  CONDITION_WORDS_ITEM,
  openCategoryMappings,
  shippedCatalog,
  type CategoryMappingsService,
} from '../../../src/main/catalog';
import { AppError } from '../../../src/main/errors/app-error';
import { shopCategoryKey } from '../../../src/shared/domain/catalog';
import { spyLogger, tempDir, type TempDir } from '../helpers/temp-app';

const KITCHEN = 'Haus_Garten/Kueche_Esszimmer';
const LIVING = 'Haus_Garten/Wohnzimmer';
const KNOWN = new Set([KITCHEN, LIVING]);

let temp: TempDir;
beforeEach(() => {
  temp = tempDir('listing-desk-mappings-');
});
afterEach(() => temp.remove());

function open(extra: { willWrite?: (ids: string[]) => () => void } = {}) {
  const log = spyLogger();
  return {
    log,
    opened: openCategoryMappings({
      dataDir: temp.dir,
      catalog: shippedCatalog,
      acceptable: (wanted) => KNOWN.has(wanted),
      log,
      now: () => new Date('2026-12-06T20:00:00.000Z'),
      ...extra,
    }),
  };
}

const reopen = async (before: CategoryMappingsService) => {
  await before.flush();
  return open().opened;
};

describe('the category mappings file', () => {
  it('keeps mappings, unmaps and the confirmed condition words across a reopen', async () => {
    const mappings = await open().opened;
    expect(mappings.current().mappings).toEqual([]);
    expect(mappings.current().conditionConfirmed).toBe(false);
    expect(mappings.current().conditionWords).toMatchObject({ gebraucht: 'ok', refurbished: 'like_new' });
    const made = await mappings.map({
      shopCategory: 'Möbel/Tische',
      path: KITCHEN,
      attributes: { art: 'tische' },
    });
    expect(made).toEqual({
      shopCategory: 'Möbel > Tische',
      path: KITCHEN,
      attributes: { art: 'tische' },
      updatedAt: '2026-12-06T20:00:00.000Z',
    });
    await mappings.map({ shopCategory: 'Möbel > Tische > Esstische', path: LIVING });
    await mappings.map({ shopCategory: 'Möbel > Stühle', path: KITCHEN, attributes: { art: 'stuehle' } });
    expect(await mappings.unmap('möbel | stühle')).toEqual({ done: true });
    expect(await mappings.unmap('Möbel > Stühle')).toEqual({ done: false });
    await mappings.setConditionWords({ 'B-Ware': 'ok', ' Top  Zustand ': 'like_new', leer: ' ' });

    const again = await reopen(mappings);
    expect(again.current()).toEqual(mappings.current());
    expect(again.current().mappings.map((m) => [m.shopCategory, m.path, m.attributes])).toEqual([
      ['Möbel > Tische', KITCHEN, { art: 'tische' }],
      ['Möbel > Tische > Esstische', LIVING, {}],
    ]);
    // The seller's words replace the defaults, folded; a word without a value is dropped.
    expect(again.current().conditionWords).toEqual({ 'b-ware': 'ok', 'top zustand': 'like_new' });
    expect(again.current().conditionConfirmed).toBe(true);
  });

  it('keeps a condition word of the longest length typed, umlauts folded to twice as long', async () => {
    const mappings = await open().opened;
    const word = 'ä'.repeat(100);
    await mappings.setConditionWords({ [word]: 'ok' });
    expect(mappings.current().conditionWords).toEqual({ ['ae'.repeat(100)]: 'ok' });
    expect((await reopen(mappings)).current().conditionWords).toEqual({ ['ae'.repeat(100)]: 'ok' });
  });

  it('loses none of many maps made at once, and tells each change', async () => {
    const marked: string[][] = [];
    const mappings = await open({ willWrite: (ids) => (marked.push(ids), () => undefined) }).opened;
    const heard = vi.fn();
    mappings.onChange(heard);
    const names = Array.from({ length: 25 }, (_, i) => `Shop > Abteilung ${i}`);
    await Promise.all(
      names.map((shopCategory, i) => mappings.map({ shopCategory, path: i % 2 ? KITCHEN : LIVING })),
    );
    expect(mappings.current().mappings).toHaveLength(25);
    expect(heard).toHaveBeenCalledTimes(25);
    expect(marked.flat().sort()).toEqual(names.map((n) => `mapping:${shopCategoryKey(n)}`).sort());
    await Promise.all([
      mappings.unmap(names[0]!),
      mappings.map({ shopCategory: 'Shop > Neu', path: KITCHEN }),
      mappings.setConditionWords({ gebraucht: 'alright' }),
    ]);
    expect(marked.at(-1)).toEqual([CONDITION_WORDS_ITEM]);
    const again = await reopen(mappings);
    expect(again.current().mappings).toHaveLength(25);
    expect(again.current().mappings.some((m) => m.shopCategory === 'Shop > Neu')).toBe(true);
    expect(again.current().conditionWords).toEqual({ gebraucht: 'alright' });
    expect(again.itemIds()).toHaveLength(26);
  });

  it('moves a file that does not read aside and starts from the defaults', async () => {
    const file = path.join(temp.dir, CATEGORY_MAPPINGS_FILE);
    writeFileSync(file, '{"version":1,"mappings":[{"shopCategory":');
    const { opened, log } = open();
    const mappings = await opened;
    expect(mappings.current().mappings).toEqual([]);
    expect(mappings.current().conditionWords).toMatchObject({ neu: 'new' });
    const aside = readdirSync(temp.dir).filter((name) =>
      name.startsWith(`${CATEGORY_MAPPINGS_FILE}.unreadable-`),
    );
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(temp.dir, aside[0]!), 'utf8')).toBe(
      '{"version":1,"mappings":[{"shopCategory":',
    );
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining(aside[0]!));
    expect(existsSync(file)).toBe(false);
    // A file that parses but is not the mappings' (a wrong version) is moved aside too.
    writeFileSync(file, JSON.stringify({ version: 2, mappings: [] }));
    await open().opened;
    expect(
      readdirSync(temp.dir).filter((name) => name.includes('.unreadable-')).length,
    ).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
  });

  it('remembers the last import’s categories, each once, apart from the shared mappings', async () => {
    const mappings = await open().opened;
    expect(mappings.lastImport()).toBeNull();
    await mappings.noteImport('/shop/first.csv', ['Möbel > Tische']);
    await mappings.noteImport('/shop/stock.csv', [
      'Möbel/Tische/Esstische',
      'möbel > tische > esstische',
      '',
      ' / ',
      'Damen|Schuhe',
    ]);
    const last = {
      source: '/shop/stock.csv',
      at: '2026-12-06T20:00:00.000Z',
      categories: ['Möbel > Tische > Esstische', 'Damen > Schuhe'],
    };
    expect(mappings.lastImport()).toEqual(last);
    // Not a shared item, not a change of the mappings; the condition words, not confirmed, are no
    // item either (a joining desk sends what it made, never the defaults every desk has).
    expect(mappings.itemIds()).toEqual([]);
    expect(existsSync(path.join(temp.dir, CATEGORY_MAPPINGS_FILE))).toBe(false);
    expect((await reopen(mappings)).lastImport()).toEqual(last);
  });

  it('refuses a path neither the catalog nor the service knows, and writes nothing', async () => {
    const willWrite = vi.fn(() => () => undefined);
    const mappings = await open({ willWrite }).opened;
    const refused = mappings.map({ shopCategory: 'Möbel > Tische', path: 'Haus_Garten/Kuechen' });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('Haus_Garten/Kuechen'),
    });
    await expect(mappings.map({ shopCategory: ' > ', path: KITCHEN })).rejects.toMatchObject({
      code: 'invalid-input',
    });
    expect(willWrite).not.toHaveBeenCalled();
    expect(mappings.current().mappings).toEqual([]);
    expect(existsSync(path.join(temp.dir, CATEGORY_MAPPINGS_FILE))).toBe(false);
  });

  it('takes another desk’s mapping and words without marking them to be sent back', async () => {
    const willWrite = vi.fn(() => () => undefined);
    const mappings = await open({ willWrite }).opened;
    const id = `mapping:${shopCategoryKey('Möbel > Tische')}`;
    await mappings.receive(id, () => ({ shopCategory: 'Möbel > Tische', path: KITCHEN, attributes: {} }));
    expect(mappings.item(id)).toMatchObject({ path: KITCHEN });
    await mappings.receive(CONDITION_WORDS_ITEM, () => ({
      conditionWords: { neu: 'new' },
      conditionConfirmed: true,
    }));
    expect(mappings.current()).toMatchObject({ conditionWords: { neu: 'new' }, conditionConfirmed: true });
    await mappings.receive(id, () => undefined);
    expect(mappings.item(id)).toBeUndefined();
    expect(willWrite).not.toHaveBeenCalled();
  });
});
