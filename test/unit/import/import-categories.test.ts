// A row's category and attribute columns read through the shop's category mappings (issue 34.2,
// 34.3): a catalog path or a known-good one taken as it is, a mapped shop category (own or
// inherited) to its path and default attributes, an unmapped one left out unless kept as typed;
// attribute columns to the category's attributes and options, with what matched nothing named.
import { describe, expect, it } from 'vitest';
import { shippedCatalog } from '../../../src/main/catalog';
import {
  emptyCategoryMappings,
  makeCatalogView,
  type CategoryMapping,
} from '../../../src/shared/domain/catalog';
import {
  guessMapping,
  readRowCategory,
  tableRowToDraft,
  type RowCategoryOptions,
} from '../../../src/shared/domain/tables';

const view = makeCatalogView(shippedCatalog());
const KITCHEN = 'Haus_Garten/Kueche_Esszimmer';
const SHOES = 'Mode_Beauty/Schuhe_Damen';
const mappings: CategoryMapping[] = [
  { shopCategory: 'Möbel > Tische', path: KITCHEN, attributes: { art: 'tische' } },
  { shopCategory: 'Damen > Schuhe', path: SHOES, attributes: {} },
  { shopCategory: 'Altbestand', path: 'Alt/Bekannt', attributes: { art: 'x' } },
];
const context: RowCategoryOptions['context'] = {
  view,
  mappings,
  conditionWords: emptyCategoryMappings(shippedCatalog()).conditionWords,
  knownGood: (path) => path === 'Alt/Bekannt',
};
const options: RowCategoryOptions = { context };

describe('readRowCategory', () => {
  it('takes a catalog path or a known-good one as it is', () => {
    expect(readRowCategory(KITCHEN, options)).toEqual({
      category: KITCHEN,
      catalogPath: KITCHEN,
      defaults: {},
      problems: [],
    });
    expect(readRowCategory('Alt / Bekannt', options)).toMatchObject({
      category: 'Alt/Bekannt',
      catalogPath: null,
      problems: [],
    });
  });

  it('gives a mapped shop category its path and default attributes, inherited by a deeper one', () => {
    expect(readRowCategory('Möbel > Tische', options)).toEqual({
      category: KITCHEN,
      catalogPath: KITCHEN,
      defaults: { art: 'tische' },
      problems: [],
    });
    // Another separator and spelling, one level deeper: the mapping of "Möbel > Tische" serves it.
    expect(readRowCategory('moebel/TISCHE/Esstische', options)).toMatchObject({
      category: KITCHEN,
      defaults: { art: 'tische' },
    });
    // A mapping to a path the service took (not the catalog's): its attributes are not read against it.
    expect(readRowCategory('Altbestand', options)).toMatchObject({
      category: 'Alt/Bekannt',
      catalogPath: null,
      defaults: { art: 'x' },
    });
  });

  it('leaves an unmapped shop category out and names it, unless it is kept as typed', () => {
    expect(readRowCategory('Garten | Grills', options)).toEqual({
      catalogPath: null,
      defaults: {},
      unmapped: 'Garten > Grills',
      problems: [
        { code: 'category-unmapped', severity: 'warning', field: 'category', value: 'Garten > Grills' },
      ],
    });
    expect(readRowCategory('Garten > Grills', { context, keepTyped: true })).toEqual({
      category: 'Garten/Grills',
      catalogPath: null,
      defaults: {},
      unmapped: 'Garten > Grills',
      problems: [],
    });
    // Numeric ids kept as typed still say so.
    expect(readRowCategory('161/278', { context, keepTyped: true }).problems).toEqual([
      { code: 'category-numeric', severity: 'warning', field: 'category', value: '161/278' },
    ]);
  });

  it('without mappings reads the category as the app did before them', () => {
    expect(readRowCategory('Möbel > Tische', undefined)).toEqual({
      category: 'Möbel/Tische',
      catalogPath: null,
      defaults: {},
      problems: [],
    });
  });
});

describe('tableRowToDraft through the mappings', () => {
  const header = ['Titel', 'Kategorie', 'Zustand', 'Farbe', 'Größe', 'Muster', 'attribute:art'];
  const mapping = guessMapping(header);
  mapping[5] = 'attribute';

  it('maps the category and the attribute columns to the category’s attributes and options', () => {
    const row = tableRowToDraft(
      header,
      mapping,
      ['Esstisch Eiche', 'Möbel > Tische > Esstische', 'gebraucht', 'Schwarz', '', 'kariert', ''],
      options,
    );
    expect(row.fields.category).toBe(KITCHEN);
    // Zustand → condition (gebraucht → ok), Farbe → color (an option's value), the kind from the mapping.
    expect(row.fields.attributes).toEqual({ art: 'tische', condition: 'ok', color: 'schwarz' });
    // "Muster" is no attribute of the category: left out and named.
    expect(row.problems).toEqual([
      {
        code: 'attribute-column-unknown',
        severity: 'warning',
        field: 'attribute',
        value: 'kariert',
        names: ['Muster'],
      },
    ]);
    expect(row.categoryCell).toBe('Möbel > Tische > Esstische');
    expect(row.unmappedCategory).toBeUndefined();
  });

  it('keeps a value that matches no option as typed and names it; a prefixed header keeps its key', () => {
    const row = tableRowToDraft(
      header,
      mapping,
      ['Pumps', 'Damen/Schuhe/Pumps', 'Neu mit Etikett', 'Petrol', '38', '', 'pumps'],
      options,
    );
    expect(row.fields.category).toBe(SHOES);
    expect(row.fields.attributes).toEqual({
      condition: 'new_with_tag',
      color: 'Petrol',
      groesse: '38',
      art: 'pumps',
    });
    expect(row.problems).toEqual([
      {
        code: 'attribute-value-unknown',
        severity: 'warning',
        field: 'attribute',
        value: 'Petrol',
        names: ['Farbe'],
      },
    ]);
  });

  it('an unmapped row has no category and its attribute columns named by their headers', () => {
    const row = tableRowToDraft(
      header,
      mapping,
      ['Grill', 'Garten > Grills', 'gebraucht', 'Rot', '', '', ''],
      options,
    );
    expect(row.fields.category).toBeUndefined();
    expect(row.fields.attributes).toEqual({ Zustand: 'gebraucht', Farbe: 'Rot' });
    expect(row.unmappedCategory).toBe('Garten > Grills');
    expect(row.problems.map((p) => p.code)).toEqual(['category-unmapped']);
  });

  it('without mappings, as before: the category as typed and headers as keys', () => {
    const row = tableRowToDraft(header, mapping, [
      'Tisch',
      'Möbel > Tische',
      'gebraucht',
      '',
      '',
      '',
      'tische',
    ]);
    expect(row.fields).toMatchObject({
      category: 'Möbel/Tische',
      attributes: { Zustand: 'gebraucht', art: 'tische' },
    });
    expect(row.problems).toEqual([]);
  });
});
