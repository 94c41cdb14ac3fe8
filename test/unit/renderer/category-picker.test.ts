// What the category picker lists (issue 33.2), on the shipped catalog: search hits with their kind,
// the recent categories first, the tree one level at a time, and the name shown for a path.
import { describe, expect, it } from 'vitest';
import shipped from '../../../src/shared/marketplace-catalog.json' with { type: 'json' };
import { createCatalogSearch, makeCatalogView, readCatalog } from '../../../src/shared/domain/catalog';
import {
  categoryName,
  levelUp,
  pickerRows,
  recentPaths,
  rowsAfterPick,
  rowsWithAttribute,
  type PickerLevel,
} from '../../../src/renderer/components/category-picker/picker-rows';

const reading = readCatalog(JSON.stringify(shipped));
if (!reading.ok) throw new Error(reading.problem);
const view = makeCatalogView(reading.catalog);
const catalog = { view, search: createCatalogSearch(view) };
const words = {
  up: (name: string | null) => `up:${name ?? 'top'}`,
  whole: (name: string) => `whole:${name}`,
};
const rows = (query: string, level: PickerLevel = { at: 'top' }, recent: string[] = []) =>
  pickerRows(catalog, { query, level, recent, language: 'de', words });

describe('the picker’s rows', () => {
  it('lists search hits for typed words, a kind with the attribute it sets', () => {
    const [first] = rows('lego');
    expect(first).toMatchObject({
      type: 'pick',
      path: 'Familie_Kind_Baby/Spielzeug',
      kind: { key: 'art', value: 'lego_duplo' },
      group: 'results',
    });
    expect(rows('  ')).toEqual(rows(''));
  });

  it('shows the recent categories first, then the main categories; none of them half-typed', () => {
    const top = rows('', { at: 'top' }, ['Mö', 'Familie_Kind_Baby/Spielzeug', 'Spielzeug', 'Haus/ ']);
    // "Spielzeug" read back as one segment names one catalog path, already listed.
    expect(top.filter((r) => r.group === 'recent').map((r) => r.type === 'pick' && r.path)).toEqual([
      'Familie_Kind_Baby/Spielzeug',
    ]);
    const mains = top.filter((r) => r.group === 'tree');
    expect(mains).toHaveLength(14);
    expect(mains.every((r) => r.type === 'open')).toBe(true);
  });

  it('goes down the tree: a main category, then a subcategory’s kinds, and back up', () => {
    const main: PickerLevel = { at: 'main', segment: 'Familie_Kind_Baby' };
    const subs = rows('', main);
    expect(subs[0]).toMatchObject({ type: 'up', level: { at: 'top' }, label: 'up:top' });
    const toys = subs.find((r) => r.label === 'Spielzeug');
    expect(toys).toMatchObject({ type: 'open', level: { at: 'sub', path: 'Familie_Kind_Baby/Spielzeug' } });
    const kinds = rows('', { at: 'sub', path: 'Familie_Kind_Baby/Spielzeug' });
    expect(kinds[0]).toMatchObject({ type: 'up', level: main });
    expect(kinds[1]).toMatchObject({
      type: 'pick',
      path: 'Familie_Kind_Baby/Spielzeug',
      label: 'whole:Spielzeug',
    });
    expect(kinds.find((r) => r.type === 'pick' && r.kind?.value === 'lego_duplo')).toBeDefined();
    expect(rows('', { at: 'sub', path: 'Gibt/Es_nicht' })).toEqual([]);
    expect(levelUp({ at: 'sub', path: 'Familie_Kind_Baby/Spielzeug' })).toEqual(main);
    expect(levelUp(main)).toEqual({ at: 'top' });
    expect(levelUp({ at: 'top' })).toBeNull();
  });

  it('keeps at most five recent paths, in their order', () => {
    const paths = view.categories.slice(0, 8).map((c) => c.path);
    expect(recentPaths(paths, view)).toEqual(paths.slice(0, 5));
    expect(recentPaths(['Eigene/Kategorie'], undefined)).toEqual(['Eigene/Kategorie']);
  });
});

describe('the name shown for a path', () => {
  it('names the category and its kind; a path the catalog lacks has none', () => {
    const path = 'Familie_Kind_Baby/Spielzeug';
    expect(categoryName(view, path, 'de')).toBe('Familie, Kind & Baby › Spielzeug');
    expect(categoryName(view, path, 'de', { art: 'lego_duplo' })).toMatch(
      /^Familie, Kind & Baby › Spielzeug › LEGO/,
    );
    expect(categoryName(view, path, 'de', { art: 'gibt_es_nicht' })).toBe('Familie, Kind & Baby › Spielzeug');
    expect(categoryName(view, 'Eigene/Kategorie', 'de')).toBeNull();
  });
});

describe('rowsWithAttribute', () => {
  const make = (key: string, value: string) => ({ id: `new-${key}`, key, value });
  it('replaces the row of that name, else adds one', () => {
    const rows = [
      { id: 'a', key: ' art ', value: 'alt' },
      { id: 'b', key: 'farbe', value: 'rot' },
    ];
    expect(rowsWithAttribute(rows, 'art', 'lego_duplo', make)).toEqual([
      { id: 'a', key: 'art', value: 'lego_duplo' },
      { id: 'b', key: 'farbe', value: 'rot' },
    ]);
    expect(rowsWithAttribute([], 'art', 'lego_duplo', make)).toEqual([
      { id: 'new-art', key: 'art', value: 'lego_duplo' },
    ]);
  });
});

describe('rowsAfterPick', () => {
  const make = (key: string, value: string) => ({ id: `new-${key}`, key, value });
  const toys = 'Familie_Kind_Baby/Spielzeug';
  it('lets the old category’s kind go when another category is picked, keeping the rest', () => {
    const rows = [
      { id: 'a', key: 'art', value: 'lego_duplo' },
      { id: 'b', key: 'farbe', value: 'rot' },
    ];
    expect(
      rowsAfterPick(rows, { view, from: toys, path: 'Familie_Kind_Baby/Kinderwagen_Buggys' }, make),
    ).toEqual([{ id: 'b', key: 'farbe', value: 'rot' }]);
    const shoes = rowsAfterPick(
      rows,
      { view, from: toys, path: 'Mode_Beauty/Schuhe_Damen', kind: { key: 'art', value: 'pumps' } },
      make,
    );
    // The new kind under the same key takes the row's place.
    expect(shoes).toEqual([
      { id: 'a', key: 'art', value: 'pumps' },
      { id: 'b', key: 'farbe', value: 'rot' },
    ]);
    // A value that is none of the old category's kinds was the seller's own: it stays.
    const own = [{ id: 'c', key: 'art', value: 'eigenes' }];
    expect(
      rowsAfterPick(own, { view, from: toys, path: 'Familie_Kind_Baby/Kinderwagen_Buggys' }, make),
    ).toEqual(own);
    // The same category again, or no catalog: nothing is let go.
    expect(rowsAfterPick(rows, { view, from: toys, path: toys }, make)).toEqual(rows);
    expect(rowsAfterPick(rows, { view: undefined, from: toys, path: 'X/Y' }, make)).toEqual(rows);
  });
});
