// The catalog's file, lookups and search (issue 33.1–33.3), on the shipped file.
import { describe, expect, it } from 'vitest';
import shipped from '../../../../src/shared/marketplace-catalog.json' with { type: 'json' };
import {
  createCatalogSearch,
  makeCatalogView,
  newerCatalog,
  readCatalog,
  withOurWords,
  type Catalog,
} from '../../../../src/shared/domain/catalog';

const read = (value: unknown): Catalog => {
  const reading = readCatalog(JSON.stringify(value));
  if (!reading.ok) throw new Error(reading.problem);
  return reading.catalog;
};
const catalog = read(shipped);
const view = makeCatalogView(catalog);

describe('the catalog file', () => {
  it('reads the shipped file: 14 main categories, 139 subcategories, with source and date', () => {
    expect(view.tree()).toHaveLength(14);
    expect(catalog.categories).toHaveLength(139);
    expect(catalog.source).not.toBe('');
    expect(catalog.date).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('says in a line what is wrong with a file that is not a catalog', () => {
    expect(readCatalog('{').ok).toBe(false);
    const noDate = readCatalog(JSON.stringify({ ...catalog, date: 'soon' }));
    expect(noDate).toMatchObject({ ok: false, problem: expect.stringContaining('date') });
    const noPath = readCatalog(
      JSON.stringify({ source: 's', date: '2027-01-01', categories: [{ path: 'Nur', nameDe: 'x' }] }),
    );
    expect(noPath).toMatchObject({ ok: false, problem: expect.stringContaining('categories.0.path') });
  });

  it('takes the later date, the first on a tie, and keeps our words in a newer file that has none', () => {
    const newer = read({
      source: 'the marketplace, later',
      date: '2027-03-01',
      categories: [
        {
          path: 'Familie_Kind_Baby/Spielzeug',
          nameDe: 'Familie, Kind & Baby > Spielzeug',
          attributes: [
            { key: 'art', type: 'select', options: [{ value: 'lego_duplo', label: 'LEGO & Duplo' }] },
          ],
        },
      ],
    });
    expect(newerCatalog(catalog, newer)).toBe(newer);
    expect(newerCatalog(newer, catalog)).toBe(newer);
    expect(newerCatalog(catalog, { ...catalog })).toBe(catalog);
    const merged = withOurWords(newer, catalog);
    const ours = catalog.categories.find((c) => c.path === 'Familie_Kind_Baby/Spielzeug');
    expect(merged.categories[0]?.nameEn).toBe(ours?.nameEn);
    expect(merged.source).toBe('the marketplace, later');
  });
});

describe('looking things up', () => {
  it('finds a category by its path, its kind attribute, and shipping in every category', () => {
    expect(view.known('Familie_Kind_Baby/Spielzeug')).toBe(true);
    expect(view.known(' Familie_Kind_Baby/Spielzeug ')).toBe(true);
    expect(view.known('Elektronik/Handys')).toBe(false);
    expect(view.kindAttribute('Familie_Kind_Baby/Spielzeug')?.key).toBe('art');
    expect(view.kindAttribute('Familie_Kind_Baby/Kinderwagen_Buggys')).toBeUndefined();
    for (const category of catalog.categories)
      expect(view.attributes(category.path).some((a) => a.key === 'versand')).toBe(true);
  });

  it('shows a value by its label, from the category where known, else from any that lists it', () => {
    expect(view.valueLabel('Familie_Kind_Baby/Spielzeug', 'condition', 'like_new', 'de')).toBe('Sehr Gut');
    expect(view.valueLabel('Spielzeug', 'condition', 'like_new', 'de')).toBe('Sehr Gut');
    expect(view.valueLabel('Familie_Kind_Baby/Spielzeug', 'versand', 'ja', 'en')).toBe('Yes');
    expect(view.valueLabel('Familie_Kind_Baby/Spielzeug', 'condition', 'mint', 'de')).toBe('mint');
  });

  it('learns a single segment only where exactly one path ends in it', () => {
    expect(view.pathsEndingIn('Spielzeug')).toEqual(['Familie_Kind_Baby/Spielzeug']);
    expect(view.pathsEndingIn('Sonstiges').length).toBeGreaterThan(1);
    expect(view.pathsEndingIn('Handys')).toEqual([]);
  });

  it('names a category in either language, its main category first', () => {
    const toys = view.category('Familie_Kind_Baby/Spielzeug');
    expect(toys && view.names(toys, 'de')).toEqual({
      main: 'Familie, Kind & Baby',
      sub: 'Spielzeug',
      full: 'Familie, Kind & Baby › Spielzeug',
    });
    expect(toys && view.names(toys, 'en')).toEqual({
      main: 'Family, Kids & Baby',
      sub: 'Toys',
      full: 'Family, Kids & Baby › Toys',
    });
  });

  it('names a subcategory the marketplace names by its main category alone as "Weiteres …" / "Other …"', () => {
    const other = view.category('Auto_Rad_Boot/Sonstiges');
    expect(other?.nameDe).toBe('Auto, Rad & Boot');
    expect(other && view.names(other, 'de').sub).toBe('Weiteres Auto, Rad & Boot');
    expect(other && view.names(other, 'en').sub).toBe('Other Vehicles');
    // Without our words: the same rule from the marketplace's names alone.
    const bare = makeCatalogView(
      read({ source: 's', date: '2027-01-01', categories: [{ path: 'Jobs/Sonstige', nameDe: 'Jobs' }] }),
    );
    const [jobs] = bare.categories;
    expect(jobs && bare.names(jobs, 'de')).toEqual({
      main: 'Jobs',
      sub: 'Weiteres Jobs',
      full: 'Jobs › Weiteres Jobs',
    });
    expect(jobs && bare.names(jobs, 'en').sub).toBe('Other Jobs');
    const reptiles = view.category('Haustiere/Reptilien');
    expect(reptiles?.nameDe).toBeNull();
    expect(reptiles && view.names(reptiles, 'de').sub).toBe('Reptilien');
  });

  it('has our words for every main category, subcategory, kind and attribute key', () => {
    for (const { segment } of view.tree()) expect(catalog.mains?.[segment]).toBeDefined();
    for (const category of catalog.categories) {
      expect(category.nameEn, category.path).toMatch(/ > /);
      for (const option of view.kindAttribute(category.path)?.options ?? [])
        expect(option.labelEn, `${category.path} ${option.value}`).toBeTruthy();
      for (const attribute of view.attributes(category.path))
        expect(catalog.attributeLabels?.[attribute.key], attribute.key).toBeDefined();
    }
    expect(view.attributeLabel('km', 'de')).toBe('Kilometerstand');
    expect(view.valueLabel('Familie_Kind_Baby/Spielzeug', 'condition', 'like_new', 'en')).toBe('Very good');
  });
});

describe('searching', () => {
  const search = createCatalogSearch(view);
  it('finds what a new seller types first, with the kind where there is one (Checked from outside)', () => {
    expect(search.search('lego')[0]).toMatchObject({
      path: 'Familie_Kind_Baby/Spielzeug',
      kind: { key: 'art', value: 'lego_duplo' },
    });
    expect(search.search('esstisch')[0]).toMatchObject({
      path: 'Haus_Garten/Kueche_Esszimmer',
      kind: { key: 'art', value: 'tische' },
    });
    expect(search.search('pumps')[0]).toMatchObject({
      path: 'Mode_Beauty/Schuhe_Damen',
      kind: { value: 'pumps' },
    });
    expect(search.search('kinderwagen')[0]).toMatchObject({ path: 'Familie_Kind_Baby/Kinderwagen_Buggys' });
  });

  it('finds nothing for nothing typed', () => {
    expect(search.search('  ')).toEqual([]);
  });
});
