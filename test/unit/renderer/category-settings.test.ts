// What Settings → Categories shows and edits (issue 34), on the shipped catalog: the condition values
// in the catalog's order, a category's selects for defaults (kind first), the defaults after the
// path changed, a mapping's line, and the condition words' rows read back (a word empty or twice).
import { describe, expect, it } from 'vitest';
import shipped from '../../../src/shared/marketplace-catalog.json' with { type: 'json' };
import {
  conditionWordKey,
  emptyCategoryMappings,
  makeCatalogView,
  readCatalog,
  type CatalogCategory,
} from '../../../src/shared/domain/catalog';
import {
  attributesForPath,
  conditionValues,
  defaultSelects,
  mappingLine,
  sameWords,
  wordRows,
  wordsOfRows,
} from '../../../src/renderer/views/settings/categories/category-settings';

const reading = readCatalog(JSON.stringify(shipped));
if (!reading.ok) throw new Error(reading.problem);
const view = makeCatalogView(reading.catalog);
const TABLES = 'Haus_Garten/Kueche_Esszimmer';
const TOYS = 'Familie_Kind_Baby/Spielzeug';

describe('conditionValues', () => {
  it('gives every condition value of the catalog once, in the order the categories list them', () => {
    expect(conditionValues(view)).toEqual(['new_with_tag', 'new', 'like_new', 'ok', 'alright', 'defect']);
  });

  it('places a value after the one it follows in the list that names it', () => {
    const category = (path: string, values: string[]): CatalogCategory =>
      ({
        path,
        attributes: [
          { key: 'condition', type: 'select', options: values.map((value) => ({ value, label: value })) },
        ],
      }) as CatalogCategory;
    const categories = [
      category('A/a', ['new', 'ok']),
      category('B/b', ['new', 'like_new', 'ok']),
      category('C/c', ['x']),
    ];
    expect(conditionValues({ categories })).toEqual(['x', 'new', 'like_new', 'ok']);
  });
});

describe('defaultSelects', () => {
  it("lists the category's selects with options, its kind first, yes-no fields left out", () => {
    const keys = defaultSelects(view, TABLES).map((a) => a.key);
    expect(keys[0]).toBe('art');
    expect(keys).toEqual(expect.arrayContaining(['color', 'condition']));
    expect(keys).not.toContain('versand');
  });

  it('has none for a path the catalog does not know', () => {
    expect(defaultSelects(view, 'Eigene/Kategorie')).toEqual([]);
  });
});

describe('attributesForPath', () => {
  it('sets the picked kind and keeps the defaults the new category offers', () => {
    expect(
      attributesForPath(
        view,
        TABLES,
        { color: 'holz', art: 'lego_duplo', marke: 'x' },
        { key: 'art', value: 'tische' },
      ),
    ).toEqual({
      color: 'holz',
      art: 'tische',
    });
  });

  it('lets the kind go when the whole subcategory is picked', () => {
    expect(attributesForPath(view, TABLES, { art: 'tische', condition: 'ok' })).toEqual({ condition: 'ok' });
  });

  it('drops a value the new category does not offer', () => {
    // Toys have a condition, but not "defect"; no colour.
    const kept = attributesForPath(
      view,
      TOYS,
      { condition: 'defect', color: 'holz' },
      { key: 'art', value: 'lego_duplo' },
    );
    expect(kept).toEqual({ art: 'lego_duplo' });
  });

  it('keeps everything for a path the catalog does not know (one the service took)', () => {
    expect(attributesForPath(view, 'Eigene/Kategorie', { farbe: 'rot' }, { key: 'art', value: 'x' })).toEqual(
      {
        farbe: 'rot',
        art: 'x',
      },
    );
  });
});

describe('mappingLine', () => {
  it('names the category with its kind, and the other defaults by their labels', () => {
    const line = mappingLine(
      view,
      { path: TABLES, attributes: { art: 'tische', color: 'holz', condition: 'ok' } },
      'de',
    );
    expect(line).toEqual({
      name: 'Haus & Garten › Küche & Esszimmer › Tische',
      known: true,
      defaults: ['Farbe: Holz', 'Zustand: Gut'],
    });
    expect(mappingLine(view, { path: TABLES, attributes: { art: 'tische' } }, 'en').name).toBe(
      'Home & Garden › Kitchen & Dining Room › Tables',
    );
  });

  it('lists a kind the category does not offer as a default, and a path the catalog lacks as itself', () => {
    const odd = mappingLine(view, { path: TABLES, attributes: { art: 'bagger' } }, 'en');
    expect(odd.name).toBe('Home & Garden › Kitchen & Dining Room');
    expect(odd.defaults).toEqual(['Type: bagger']);
    expect(mappingLine(view, { path: 'Eigene/Kategorie', attributes: {} }, 'de')).toEqual({
      name: 'Eigene/Kategorie',
      known: false,
      defaults: [],
    });
  });
});

describe('the condition words as rows', () => {
  const stored = emptyCategoryMappings(reading.catalog).conditionWords;
  const order = conditionValues(view);

  it('orders the stored words by the condition, then by word', () => {
    const rows = wordRows({ used: 'ok', neu: 'new', gebraucht: 'ok', defekt: 'defect' }, order);
    expect(rows.map((r) => r.word)).toEqual(['neu', 'gebraucht', 'used', 'defekt']);
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
  });

  it('reads the rows back as they are stored, and tells an unchanged table from a changed one', () => {
    const rows = wordRows(stored, order);
    expect(wordsOfRows(rows, conditionWordKey)).toEqual({ words: stored, problems: [] });
    expect(sameWords(rows, stored, conditionWordKey)).toBe(true);
    const changed = rows.map((row) => (row.word === 'used' ? { ...row, value: 'alright' } : row));
    expect(sameWords(changed, stored, conditionWordKey)).toBe(false);
    expect(sameWords(rows.slice(1), stored, conditionWordKey)).toBe(false);
    // Only the spelling differs: the same words as stored.
    const spelled = rows.map((row) => (row.word === 'used' ? { ...row, word: ' USED ' } : row));
    expect(sameWords(spelled, stored, conditionWordKey)).toBe(true);
  });

  it('names a row without a word and a word twice (case and umlauts aside)', () => {
    const rows = [
      { id: 1, word: 'Gebraucht', value: 'ok' },
      { id: 2, word: '  ', value: 'ok' },
      { id: 3, word: 'Generalüberholt', value: 'like_new' },
      { id: 4, word: 'gebraucht', value: 'alright' },
      { id: 5, word: 'generalueberholt', value: 'like_new' },
    ];
    expect(wordsOfRows(rows, conditionWordKey)).toEqual({
      words: null,
      problems: [
        { row: 1, problem: 'empty' },
        { row: 3, problem: 'twice', first: 0 },
        { row: 4, problem: 'twice', first: 2 },
      ],
    });
  });
});
