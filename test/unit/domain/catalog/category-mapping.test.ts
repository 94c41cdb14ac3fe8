// A shop's categories and words mapped to the catalog's (issue 34), on the shipped catalog: shop
// category spellings, inherited mappings, how a category cell reads, attribute columns and their
// values, the unmapped categories of a file and the catalog's guesses for one.
import { describe, expect, it } from 'vitest';
import shipped from '../../../../src/shared/marketplace-catalog.json' with { type: 'json' };
import {
  attributeForHeader,
  createCatalogSearch,
  emptyCategoryMappings,
  findMapping,
  guessPaths,
  makeCatalogView,
  mapAttributeCells,
  optionForText,
  readCatalog,
  readCategoryCell,
  shopCategoryKey,
  shopCategoryName,
  shopCategoryParts,
  unmappedCategories,
  withMapping,
  withoutMapping,
  type CategoryContext,
  type CategoryMapping,
} from '../../../../src/shared/domain/catalog';

const reading = readCatalog(JSON.stringify(shipped));
if (!reading.ok) throw new Error(reading.problem);
const view = makeCatalogView(reading.catalog);
const search = createCatalogSearch(view);
const words = emptyCategoryMappings(reading.catalog).conditionWords;

const KITCHEN = 'Haus_Garten/Kueche_Esszimmer';
const LIVING = 'Haus_Garten/Wohnzimmer';
const SHOES = 'Mode_Beauty/Schuhe_Damen';
const CARS = 'Auto_Rad_Boot/Autos';

const mapping = (shopCategory: string, path: string, attributes: Record<string, string> = {}) =>
  ({ shopCategory, path, attributes }) satisfies CategoryMapping;

const tables = mapping('Möbel > Tische', KITCHEN, { art: 'tische' });
const dining = mapping('Möbel > Tische > Esstische', LIVING, { art: 'tische' });

describe('shop categories', () => {
  it('reads the separators shops use alike, blank levels and extra spaces aside', () => {
    const spellings = ['Möbel > Tische > Esstische', 'Möbel/Tische/Esstische', 'Möbel|Tische | Esstische'];
    for (const raw of [...spellings, '  Möbel >>  Tische  /  Esstische ', 'Möbel / Tische |  Esstische'])
      expect(shopCategoryParts(raw)).toEqual(['Möbel', 'Tische', 'Esstische']);
    expect(shopCategoryName('Damen/Schuhe/Pumps')).toBe('Damen > Schuhe > Pumps');
    expect(shopCategoryParts('Mode  und   Schuhe')).toEqual(['Mode und Schuhe']);
    // One key for every spelling, case and umlauts aside; another tree is another key.
    const keys = new Set(
      ['MÖBEL/tische/esstische', 'Moebel > Tische > Esstische', ...spellings].map(shopCategoryKey),
    );
    expect(keys.size).toBe(1);
    expect(shopCategoryKey('Möbel > Tische')).not.toBe(shopCategoryKey('Möbel > Tische > Esstische'));
    expect(shopCategoryParts(' / > ')).toEqual([]);
  });

  it('finds the mapping of a category, inherited down the tree, a deeper own one winning', () => {
    const mappings = withMapping(withMapping([], tables), dining);
    expect(findMapping(mappings, 'Möbel/Tische')).toEqual({ mapping: tables, inherited: false });
    expect(findMapping(mappings, 'möbel | tische | couchtische')).toEqual({
      mapping: tables,
      inherited: true,
    });
    expect(findMapping(mappings, 'Möbel > Tische > Esstische > Ausziehbar')).toEqual({
      mapping: dining,
      inherited: true,
    });
    expect(findMapping(mappings, 'MOEBEL/TISCHE/ESSTISCHE')?.mapping).toEqual(dining);
    // A sibling, the level above and a name that merely starts alike are not served.
    expect(findMapping(mappings, 'Möbel > Stühle')).toBeNull();
    expect(findMapping(mappings, 'Möbel')).toBeNull();
    expect(findMapping(mappings, 'Möbel > Tischdecken')).toBeNull();
    expect(findMapping(mappings, '')).toBeNull();
  });

  it('sets a mapping once per shop category, in any spelling, and removes only its own', () => {
    const once = withMapping(withMapping([], tables), mapping('moebel / TISCHE', LIVING));
    expect(once).toEqual([mapping('moebel > TISCHE', LIVING)]);
    const both = withMapping(once, dining);
    expect(withoutMapping(both, 'Möbel|Tische').map((m) => m.shopCategory)).toEqual([
      'Möbel > Tische > Esstische',
    ]);
    expect(withoutMapping(both, 'Möbel > Stühle')).toEqual(both);
  });
});

describe('a row’s category cell', () => {
  const context = (knownGood?: (path: string) => boolean): CategoryContext => ({
    view,
    mappings: [tables, dining],
    ...(knownGood && { knownGood }),
  });

  it('takes a path of the catalog, or one known good for the account, as it is', () => {
    expect(readCategoryCell(LIVING, context())).toEqual({ kind: 'catalog', path: LIVING });
    expect(readCategoryCell(' Haus_Garten / Wohnzimmer ', context())).toEqual({
      kind: 'catalog',
      path: LIVING,
    });
    const taken = 'Haus_Garten/Gartenmoebel';
    expect(
      readCategoryCell(
        taken,
        context((path) => path === taken),
      ),
    ).toEqual({ kind: 'catalog', path: taken });
    expect(
      readCategoryCell(
        taken,
        context((path) => path === LIVING),
      ),
    ).toEqual({
      kind: 'unmapped',
      shopCategory: 'Haus_Garten > Gartenmoebel',
    });
  });

  it('reads a shop category through its mapping, own or inherited, and names one without', () => {
    expect(readCategoryCell('Möbel/Tische', context())).toEqual({
      kind: 'mapped',
      path: KITCHEN,
      attributes: { art: 'tische' },
      shopCategory: 'Möbel > Tische',
      from: 'Möbel > Tische',
      inherited: false,
    });
    const inherited = readCategoryCell('Möbel | Tische | Couchtische', context());
    expect(inherited).toMatchObject({
      kind: 'mapped',
      path: KITCHEN,
      shopCategory: 'Möbel > Tische > Couchtische',
      from: 'Möbel > Tische',
      inherited: true,
    });
    // The reading's attributes are its own: a caller that adds to them leaves the mapping alone.
    if (inherited.kind === 'mapped') inherited.attributes.color = 'schwarz';
    expect(tables.attributes).toEqual({ art: 'tische' });
    expect(readCategoryCell('Möbel > Tische > Esstische', context())).toMatchObject({ path: LIVING });
    expect(readCategoryCell('Damen/Schuhe/Pumps', context())).toEqual({
      kind: 'unmapped',
      shopCategory: 'Damen > Schuhe > Pumps',
    });
  });
});

describe('attribute columns', () => {
  it('finds the attribute a header names by its German or English label or its key', () => {
    for (const header of ['Zustand', 'zustand', 'Condition', 'condition'])
      expect(attributeForHeader(view, KITCHEN, header)).toBe('condition');
    for (const header of ['Farbe', 'Colour', ' FARBE '])
      expect(attributeForHeader(view, KITCHEN, header)).toBe('color');
    for (const header of ['Größe', 'Groesse', 'size', 'groesse'])
      expect(attributeForHeader(view, SHOES, header)).toBe('groesse');
    // Marke is the brand of shoes and the make of cars: whichever the category has.
    expect(attributeForHeader(view, SHOES, 'Marke')).toBe('brand');
    expect(attributeForHeader(view, SHOES, 'Brand')).toBe('brand');
    expect(attributeForHeader(view, CARS, 'Marke')).toBe('marke');
    expect(attributeForHeader(view, CARS, 'Make')).toBe('marke');
    // A header the category has no attribute for.
    expect(attributeForHeader(view, KITCHEN, 'Größe')).toBeNull();
    expect(attributeForHeader(view, KITCHEN, 'Gewicht')).toBeNull();
    expect(attributeForHeader(view, KITCHEN, ' - ')).toBeNull();
  });

  it('finds an option by its value or either label, case and umlauts aside', () => {
    expect(optionForText(view, KITCHEN, 'color', 'SCHWARZ', words)).toBe('schwarz');
    expect(optionForText(view, KITCHEN, 'color', 'Black', words)).toBe('schwarz');
    expect(optionForText(view, KITCHEN, 'color', 'gruen', words)).toBe('grün');
    expect(optionForText(view, KITCHEN, 'color', 'WEISS', words)).toBe('weiß');
    expect(optionForText(view, KITCHEN, 'art', 'Küchenschränke', words)).toBe('kuechenschraenke');
    expect(optionForText(view, SHOES, 'groesse', '38', words)).toBe('38');
    expect(optionForText(view, KITCHEN, 'versand', 'Ja', words)).toBe('ja');
    expect(optionForText(view, KITCHEN, 'versand', 'no', words)).toBe('nein');
    expect(optionForText(view, KITCHEN, 'color', 'Petrol', words)).toBeNull();
    expect(optionForText(view, KITCHEN, 'color', '  ', words)).toBeNull();
  });

  it('maps condition words to the condition values the category offers', () => {
    const condition = (path: string, text: string) => optionForText(view, path, 'condition', text, words);
    expect(condition(KITCHEN, 'gebraucht')).toBe('ok');
    expect(condition(KITCHEN, 'Used')).toBe('ok');
    expect(condition(KITCHEN, 'refurbished')).toBe('like_new');
    expect(condition(KITCHEN, 'B-Ware')).toBe('like_new');
    expect(condition(KITCHEN, 'NEU')).toBe('new');
    // By its labels too: "Sehr gut" is like_new, "In Ordnung" alright.
    expect(condition(KITCHEN, 'sehr gut')).toBe('like_new');
    expect(condition(KITCHEN, 'In Ordnung')).toBe('alright');
    // A value the category does not offer is none, though its word is known: shoes have it.
    expect(condition(KITCHEN, 'Neu mit Etikett')).toBeNull();
    expect(condition(SHOES, 'Neu mit Etikett')).toBe('new_with_tag');
    expect(condition(KITCHEN, 'defekt')).toBeNull();
    // The seller's own words count, and only theirs.
    expect(optionForText(view, KITCHEN, 'condition', 'Top', { top: 'like_new' })).toBe('like_new');
    expect(optionForText(view, KITCHEN, 'condition', 'gebraucht', { top: 'like_new' })).toBeNull();
  });

  it('maps a row’s columns over the defaults: unknown values kept as typed, unknown columns left out', () => {
    const mapped = mapAttributeCells(
      view,
      KITCHEN,
      [
        { header: 'Zustand', text: 'gebraucht' },
        { header: 'Farbe', text: 'Petrol ' },
        { header: 'Gewicht', text: '3 kg' },
        { header: 'Art', text: 'Stühle' },
        { header: 'Versand', text: ' ' },
      ],
      { art: 'tische', versand: 'ja' },
      words,
    );
    expect(mapped).toEqual({
      attributes: { art: 'stuehle', versand: 'ja', condition: 'ok', color: 'Petrol' },
      unknownValues: [{ header: 'Farbe', key: 'color', value: 'Petrol ' }],
      unknownColumns: [{ header: 'Gewicht', value: '3 kg' }],
    });
    // A path only the service knows has no attributes of the catalog: every column is unknown.
    expect(
      mapAttributeCells(view, 'Haus_Garten/Gartenmoebel', [{ header: 'Farbe', text: 'Rot' }], {}, words),
    ).toEqual({ attributes: {}, unknownValues: [], unknownColumns: [{ header: 'Farbe', value: 'Rot' }] });
  });
});

describe('what a file lacks', () => {
  it('names each unmapped shop category once, leaving out catalog paths, mapped ones and blanks (separators alone too)', () => {
    const context: CategoryContext = {
      view,
      mappings: [tables],
      knownGood: (path) => path === 'Haus_Garten/Gartenmoebel',
    };
    const cells = [
      'Damen/Schuhe/Pumps',
      'damen > schuhe > pumps',
      'Möbel > Tische > Esstische',
      LIVING,
      'Haus_Garten/Gartenmoebel',
      '',
      '  ',
      'Möbel > Stühle',
      'DAMEN|SCHUHE|PUMPS',
      'Möbel/Stühle',
      ' / ',
      '>|',
    ];
    expect(unmappedCategories(cells, context)).toEqual(['Damen > Schuhe > Pumps', 'Möbel > Stühle']);
    expect(unmappedCategories([], context)).toEqual([]);
  });

  it('guesses paths for a shop category from its deepest level up, each once, best first', () => {
    const guesses = guessPaths(search, 'Möbel > Tische > Esstische');
    expect(guesses.length).toBeGreaterThan(0);
    expect(guesses.length).toBeLessThanOrEqual(3);
    expect(guesses[0]).toMatchObject({ path: expect.stringMatching(/^Haus_Garten\//) });
    const keys = guesses.map((hit) => `${hit.path} ${hit.kind?.value ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
    const shoes = guessPaths(search, 'Damen/Schuhe/Pumps', 5);
    expect(shoes[0]).toMatchObject({ path: SHOES, kind: { key: 'art', value: 'pumps' } });
    expect(shoes.length).toBeLessThanOrEqual(5);
    // The deepest level says nothing: the levels above it still find something.
    expect(guessPaths(search, 'Damen > Schuhe > Xqzzy')[0]).toMatchObject({ path: SHOES });
    expect(guessPaths(search, '')).toEqual([]);
  });
});
