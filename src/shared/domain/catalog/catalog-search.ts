// Searching the catalog as a seller types (issue 33.2): German or English words find subcategories
// and their kinds ("lego" → Spielzeug › LEGO & Duplo, which sets `art` = `lego_duplo`). MiniSearch
// does the index; we give it the documents, the folding of umlauts and the weights.
import MiniSearch, { type SearchResult } from 'minisearch';
import type { CatalogLanguage } from './catalog';
import type { CatalogView } from './catalog-view';

export interface CatalogHit {
  path: string;
  /** For a kind: the attribute it sets and its value. */
  kind?: { key: string; value: string };
  /** What the picker shows first: the kind's or the subcategory's name. */
  label: string;
  /** Where it sits: `Familie, Kind & Baby › Spielzeug` (for a kind) or the main category. */
  detail: string;
  score: number;
}

export interface CatalogSearch {
  search(query: string, options?: { language?: CatalogLanguage; limit?: number }): CatalogHit[];
}

interface Doc {
  id: string;
  path: string;
  kindKey?: string;
  kindValue?: string;
  name: string;
  words: string;
  main: string;
}

/** Lower case, umlauts as the paths spell them (ä → ae, ß → ss), other accents dropped. */
export function foldTerm(term: string): string {
  return term
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const tokenize = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((t) => t !== '');
const fold = (words: readonly (string | undefined)[]) => words.filter(Boolean).join(' ');

function documents(view: CatalogView): Doc[] {
  const docs: Doc[] = [];
  for (const category of view.categories) {
    const de = view.names(category, 'de');
    const en = view.names(category, 'en');
    const kind = view.kindAttribute(category.path);
    const options = kind?.options ?? [];
    const loose: string[] = [];
    // A kind the guide names is a search word of the option with that label, else of the subcategory.
    const extra = new Map<string, string[]>();
    for (const name of category.kindsDe ?? []) {
      const folded = foldTerm(name);
      const match =
        options.find((o) => foldTerm(o.label) === folded) ??
        options.find((o) => foldTerm(o.label).includes(folded) || folded.includes(foldTerm(o.label)));
      if (match) extra.set(match.value, [...(extra.get(match.value) ?? []), name]);
      else loose.push(name);
    }
    const segments = category.path.split('/').join(' ').replace(/_/g, ' ');
    docs.push({
      id: category.path,
      path: category.path,
      name: fold([de.sub, en.sub]),
      words: fold([...(category.words ?? []), ...loose, segments]),
      main: fold([de.main, en.main]),
    });
    for (const option of options) {
      docs.push({
        id: `${category.path}#${option.value}`,
        path: category.path,
        kindKey: kind?.key,
        kindValue: option.value,
        name: fold([option.label, option.labelEn]),
        words: fold([...(option.words ?? []), ...(extra.get(option.value) ?? [])]),
        main: fold([de.sub, en.sub, de.main, en.main]),
      });
    }
  }
  return docs;
}

const FIELDS = ['name', 'words', 'main'];
const BOOST = { name: 3, words: 2, main: 1 };
// Typos are forgiven in longer words only: "lego" must not find "logo".
const fuzzy = (term: string) => (term.length >= 5 ? 0.2 : false);

/** Builds the index once (about 550 documents); each query then takes well under a millisecond. */
export function createCatalogSearch(view: CatalogView): CatalogSearch {
  const index = new MiniSearch<Doc>({
    fields: FIELDS,
    storeFields: ['path', 'kindKey', 'kindValue'],
    tokenize,
    processTerm: (term) => foldTerm(term) || null,
    searchOptions: { boost: BOOST, prefix: true, fuzzy },
  });
  index.addAll(documents(view));

  const hit = (result: SearchResult, language: CatalogLanguage): CatalogHit | undefined => {
    const path = result.path as string;
    const category = view.category(path);
    if (!category) return undefined;
    const names = view.names(category, language);
    const key = result.kindKey as string | undefined;
    const value = result.kindValue as string | undefined;
    if (key && value !== undefined) {
      return {
        path,
        kind: { key, value },
        label: view.valueLabel(path, key, value, language),
        detail: names.full,
        score: result.score,
      };
    }
    return {
      path,
      label: names.sub,
      detail: names.sub === names.main ? '' : names.main,
      score: result.score,
    };
  };

  return {
    search(query, { language = 'de', limit = 20 } = {}) {
      if (query.trim() === '') return [];
      let results = index.search(query, { combineWith: 'AND' });
      if (results.length === 0) results = index.search(query, { combineWith: 'OR' });
      const hits: CatalogHit[] = [];
      for (const result of results) {
        const found = hit(result, language);
        if (found) hits.push(found);
        if (hits.length >= limit) break;
      }
      return hits;
    },
  };
}
