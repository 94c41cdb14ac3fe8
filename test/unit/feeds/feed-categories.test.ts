// A feed row through the shop's category mappings (issue 34.3), against the shipped catalog: what a
// new row, a draft not yet live and a live ad each take of the row's category and attribute columns.
import { describe, expect, it } from 'vitest';
import catalogJson from '../../../src/shared/marketplace-catalog.json';
import {
  catalogSchema,
  emptyCategoryMappings,
  makeCatalogView,
  withMapping,
} from '../../../src/shared/domain/catalog';
import type { FeedCategoryContext, FeedRow } from '../../../src/shared/domain/feeds';
import { readFeedRows } from '../../../src/shared/domain/feeds';
import { guessMapping } from '../../../src/shared/domain/tables';
import { feedUnmapped, readFeedRowCategory } from '../../../src/main/feeds/feed-categories';

const view = makeCatalogView(catalogSchema.parse(catalogJson));
const mappings = withMapping([], {
  shopCategory: 'Möbel > Tische',
  path: 'Haus_Garten/Kueche_Esszimmer',
  attributes: { art: 'tische' },
});
const context: FeedCategoryContext = {
  view,
  mappings,
  conditionWords: emptyCategoryMappings(catalogSchema.parse(catalogJson)).conditionWords,
  knownGood: (path) => path === 'Alt/Bekannt',
};

const HEADER = ['SKU', 'Titel', 'Preis', 'Kategorie', 'Zustand', 'Farbe', 'Marke', 'attribute:lieferung'];
/** One row of the shop's table, read as a feed reads it. */
function row(category: string, zustand = 'gebraucht', farbe = 'Schwarz'): FeedRow {
  const [read] = readFeedRows(
    HEADER,
    [['S-1', 'Tisch', '40', category, zustand, farbe, 'Ikea', 'abholung']],
    {
      mapping: guessMapping(HEADER),
      mappedHeader: null,
      referenceColumn: 'SKU',
    },
  );
  return read!;
}

describe('readFeedRowCategory', () => {
  it('a new row of an unmapped shop category waits, naming it', () => {
    const reading = readFeedRowCategory(row('Leuchten | Stehlampen'), context, null);
    expect(reading.waits).toBe('Leuchten > Stehlampen');
  });

  it('a new row takes its inherited mapping: path, kind, condition and color; unknown columns named', () => {
    const reading = readFeedRowCategory(row('Möbel > Tische > Esstische'), context, null);
    expect(reading.waits).toBeUndefined();
    expect(reading.row.fields.category).toBe('Haus_Garten/Kueche_Esszimmer');
    // Marke names no attribute of the category: left out; a prefixed column names its key itself.
    expect(reading.row.fields.attributes).toEqual({
      art: 'tische',
      condition: 'ok',
      color: 'schwarz',
      lieferung: 'abholung',
    });
    expect(reading.unknownColumns).toEqual([{ header: 'Marke', value: 'Ikea' }]);
  });

  it('keeps a value that matches no option, and names it', () => {
    const reading = readFeedRowCategory(row('Möbel/Tische', 'gebraucht', 'Dunkelgrün'), context, null);
    expect(reading.row.fields.attributes?.color).toBe('Dunkelgrün');
    expect(reading.unknownValues).toEqual([{ header: 'Farbe', key: 'color', value: 'Dunkelgrün' }]);
  });

  it('a live ad keeps its category and kind; its columns are read in its own category', () => {
    const reading = readFeedRowCategory(row('Möbel > Tische > Esstische', 'neu'), context, {
      category: 'Haus_Garten/Wohnzimmer',
      live: true,
    });
    expect(reading.row.fields.category).toBeUndefined();
    expect(reading.row.fields.attributes).toEqual({
      condition: 'new',
      color: 'schwarz',
      lieferung: 'abholung',
    });
  });

  it('a live ad from before the mappings (its shop path typed through) is read as it always was', () => {
    const live = { category: 'Möbel/Tische/Esstische', live: true };
    for (const cell of ['Möbel > Tische > Esstische', 'Deko > Vasen']) {
      const reading = readFeedRowCategory(row(cell), context, live);
      expect(reading.waits).toBeUndefined();
      expect(reading.row.fields.category).toBeUndefined();
      expect(reading.row.fields.attributes).toEqual({
        Zustand: 'gebraucht',
        Farbe: 'Schwarz',
        Marke: 'Ikea',
        lieferung: 'abholung',
      });
    }
  });

  it('a draft not yet live takes the mapping like a new row', () => {
    const reading = readFeedRowCategory(row('Möbel > Tische'), context, {
      category: 'Möbel/Tische',
      live: false,
    });
    expect(reading.row.fields.category).toBe('Haus_Garten/Kueche_Esszimmer');
    expect(reading.row.fields.attributes).toMatchObject({ art: 'tische', condition: 'ok' });
  });

  it('a catalog path or one the service took is taken as it is', () => {
    const catalog = readFeedRowCategory(row('Haus_Garten/Wohnzimmer'), context, null);
    expect(catalog.row.fields.category).toBe('Haus_Garten/Wohnzimmer');
    expect(catalog.row.fields.attributes).toMatchObject({ condition: 'ok', color: 'schwarz' });
    const known = readFeedRowCategory(row('Alt > Bekannt'), context, null);
    expect(known.row.fields.category).toBe('Alt/Bekannt');
    // A path the catalog does not describe: its columns as typed.
    expect(known.row.fields.attributes).toMatchObject({ Zustand: 'gebraucht', Farbe: 'Schwarz' });
  });
});

describe('feedUnmapped', () => {
  it('names each unmapped shop category once, with its rows and guesses', () => {
    const rows = [
      'Deko > Vasen',
      'deko/vasen',
      'Möbel > Tische > Stühle',
      'Haus_Garten/Wohnzimmer',
      'Alt/Bekannt',
      '',
    ].map((categoryCell) => ({ categoryCell }));
    expect(feedUnmapped(rows, context, (name) => [{ path: `guess of ${name}` } as never])).toEqual([
      { shopCategory: 'Deko > Vasen', rows: 2, guesses: [{ path: 'guess of Deko > Vasen' }] },
    ]);
  });
});
