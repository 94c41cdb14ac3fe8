// Keeps the catalog search honest (issue 33.2): each query of the fixture gives its expected first
// result over the shipped catalog, every subcategory and kind is found by its own name, and the
// ranking's rules hold (the busiest category first among equals, typos only in longer words).
import { describe, expect, it } from 'vitest';
import shipped from '../../../../src/shared/marketplace-catalog.json' with { type: 'json' };
import fixture from './search-fixture.json' with { type: 'json' };
import { createCatalogSearch, makeCatalogView, readCatalog } from '../../../../src/shared/domain/catalog';

const reading = readCatalog(JSON.stringify(shipped));
if (!reading.ok) throw new Error(reading.problem);
const view = makeCatalogView(reading.catalog);
const search = createCatalogSearch(view);

const first = (query: string, language: 'de' | 'en') => {
  const hit = search.search(query, { language, limit: 5 })[0];
  return hit && { path: hit.path, kind: hit.kind?.value ?? null };
};

describe('the search fixture', () => {
  it('has about 30 queries in German and English', () => {
    expect(fixture.queries.length).toBeGreaterThanOrEqual(30);
    expect(new Set(fixture.queries.map((q) => q.language))).toEqual(new Set(['de', 'en']));
  });

  for (const { query, language, path, kind, why } of fixture.queries) {
    it(`"${query}" (${language}, ${why}) → ${path}${kind ? ` · ${kind}` : ''}`, () => {
      expect(view.known(path)).toBe(true);
      if (kind) expect(view.option(path, view.kindAttribute(path)?.key ?? '', kind)).toBeDefined();
      expect(first(query, language as 'de' | 'en')).toEqual({ path, kind });
    });
  }
});

describe('the ranking', () => {
  it('finds every subcategory by its own name and every kind by its label, in either language', () => {
    const missed: string[] = [];
    for (const category of view.categories) {
      for (const language of ['de', 'en'] as const) {
        const { sub } = view.names(category, language);
        const hits = search.search(sub, { language, limit: 6 });
        if (!hits.some((h) => h.path === category.path && !h.kind)) missed.push(`${language} ${sub}`);
        for (const option of view.kindAttribute(category.path)?.options ?? []) {
          const label = language === 'en' ? option.labelEn : option.label;
          if (!label) continue;
          // "Weitere Berufe" is a kind of seven job categories: all of them may come first.
          const found = search.search(label, { language, limit: 8 });
          if (!found.some((h) => h.path === category.path && h.kind?.value === option.value))
            missed.push(`${language} ${label} (${category.path})`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('shows a kind of several categories in each of them, the busiest first', () => {
    const hits = search
      .search('sneaker', { limit: 10 })
      .filter((h) => h.kind?.value === 'sneaker_sportschuhe');
    expect(hits.map((h) => h.path)).toEqual([
      'Mode_Beauty/Schuhe_Damen',
      'Mode_Beauty/Schuhe_Herren',
      'Familie_Kind_Baby/Baby_Kinderschuhe',
    ]);
  });

  it('forgives a typo in a longer word only, and finds a half-typed word by its start', () => {
    expect(first('kinderwagn', 'de')?.path).toBe('Familie_Kind_Baby/Kinderwagen_Buggys');
    expect(search.search('legp')).toEqual([]);
    expect(first('lego', 'de')?.kind).toBe('lego_duplo');
    expect(first('leg', 'de')).toBeDefined();
  });

  it('names a hit in the language asked for, the kind with where it sits', () => {
    expect(search.search('esstisch', { language: 'de' })[0]).toMatchObject({
      label: 'Tische',
      detail: 'Haus & Garten › Küche & Esszimmer',
    });
    expect(search.search('esstisch', { language: 'en' })[0]).toMatchObject({
      label: 'Tables',
      detail: 'Home & Garden › Kitchen & Dining Room',
    });
  });

  it('puts a catch-all after the named ones ("Weitere Schuhe" after the shoe categories)', () => {
    const paths = search
      .search('schuhe', { limit: 10 })
      .map((h) => `${h.path}${h.kind ? `#${h.kind.value}` : ''}`);
    expect(paths.slice(0, 2)).toEqual(['Mode_Beauty/Schuhe_Damen', 'Mode_Beauty/Schuhe_Herren']);
    expect(paths.indexOf('Mode_Beauty/Schuhe_Damen#sonstiges')).toBeGreaterThan(1);
  });
});
