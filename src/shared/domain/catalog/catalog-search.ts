// Searching the catalog as a seller types (issue 33.2): German or English words find subcategories
// and their kinds ("lego" → Spielzeug › LEGO & Duplo, which sets `art` = `lego_duplo`; "esstisch" →
// Küche & Esszimmer › Tische). MiniSearch finds the candidates (prefix for a half-typed word, typos
// forgiven in longer words); we rank them by how well each typed word matched: a kind's or a
// subcategory's own name first, then its search words, then a prefix, then a typo, then the main
// category. Ties go to the subcategory over its kinds, then to where sellers list more often (the
// catalog's `searchWeight`), then to MiniSearch's score. A catch-all ("Weitere Schuhe") is found by
// its words and its main category only, so it never crowds out the named ones.
import MiniSearch, { type SearchResult } from 'minisearch';
import type { CatalogCategory, CatalogLanguage } from './catalog';
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
  /** The kind's or the subcategory's own name, in German and English. */
  name: string;
  /** What sellers type for it: our words, the guide's kinds. */
  words: string;
  /** Where it sits: the main category (and the subcategory, for a kind); a catch-all's own name. */
  main: string;
  weight: number;
  /** Each of its names and words whole, folded: a query that is one of them matches best. */
  phrases: string[];
}

type Field = 'name' | 'words' | 'main';

const PLAIN = /^[a-z0-9]*$/;

/** Lower case, umlauts as the paths spell them (ä → ae, ß → ss), other accents dropped. */
export function foldTerm(term: string): string {
  const lower = term.toLowerCase();
  if (PLAIN.test(lower)) return lower;
  return lower
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const tokenize = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((t) => t !== '');
const phrase = (text: string) => tokenize(text).map(foldTerm).join(' ');
const phrases = (texts: readonly (string | undefined)[]) => texts.filter((t) => t !== undefined).map(phrase);
const join = (words: readonly (string | undefined)[]) => words.filter(Boolean).join(' ');

/** "Weitere Schuhe", "Weiteres Spielzeug", "Andere Fahrzeugtypen": the rest of a list. */
const CATCH_ALL = /^(weitere|weiteres|andere|sonstige|sonstiges|other)\b/i;

function documents(view: CatalogView): Doc[] {
  const docs: Doc[] = [];
  for (const category of view.categories) {
    const de = view.names(category, 'de');
    const en = view.names(category, 'en');
    const weight = searchWeight(category);
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
      else if (!CATCH_ALL.test(name)) loose.push(name);
    }
    const [mainSegment = '', subSegment = ''] = category.path.replace(/_/g, ' ').split('/');
    const own = join([de.sub, en.sub]);
    const catchAll = CATCH_ALL.test(de.sub);
    docs.push({
      id: category.path,
      path: category.path,
      name: catchAll ? '' : own,
      words: join([...(category.words ?? []), ...loose, catchAll ? '' : subSegment]),
      main: join([catchAll ? own : '', de.main, en.main, mainSegment]),
      weight,
      phrases: phrases([de.sub, en.sub, ...(category.words ?? []), ...loose]),
    });
    for (const option of options) {
      const label = join([option.label, option.labelEn]);
      const rest = CATCH_ALL.test(option.label);
      docs.push({
        id: `${category.path}#${option.value}`,
        path: category.path,
        kindKey: kind?.key,
        kindValue: option.value,
        name: rest ? '' : label,
        words: join([...(option.words ?? []), ...(rest ? [] : (extra.get(option.value) ?? []))]),
        main: join([rest ? label : '', de.sub, en.sub, de.main, en.main]),
        weight,
        phrases: phrases([
          option.label,
          option.labelEn,
          ...(option.words ?? []),
          ...(extra.get(option.value) ?? []),
        ]),
      });
    }
  }
  return docs;
}

function searchWeight(category: CatalogCategory): number {
  const weight = category.searchWeight;
  return typeof weight === 'number' && Number.isFinite(weight) ? weight : 1;
}

const FIELDS: Field[] = ['name', 'words', 'main'];
// How well a typed word matched, by field: exactly, as a prefix (half-typed), with a typo.
const QUALITY: Record<Field, { exact: number; prefix: number; typo: number }> = {
  name: { exact: 6, prefix: 4, typo: 2 },
  words: { exact: 5, prefix: 3.5, typo: 2 },
  main: { exact: 1.5, prefix: 1, typo: 0.5 },
};
// A query that is one of a document's names or words whole ("nintendo switch", "high heels").
const WHOLE = 3;
// Typos are forgiven in longer words only: "lego" must not find "logo".
const FUZZY = 0.2;
const MAX_TYPOS = 2;
const fuzzy = (term: string) => (term.length >= 5 ? FUZZY : false);
// A half-typed word from its second letter on ("mö"); a single letter would match half the catalog.
const prefix = (term: string) => term.length >= 2;

/** Whether two words are at most `max` edits apart (the typos MiniSearch forgave). */
function near(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]! <= max;
}

/** How well a word of the document matched a typed one, in its field; 0 when it did not. */
function matchQuality(term: string, typed: string, field: Field): number {
  const of = QUALITY[field];
  if (!of) return 0;
  if (term === typed) return of.exact;
  // A half-typed word: the shorter the rest, the better ("mö" finds "Möbel" before "möbliert").
  if (prefix(typed) && term.startsWith(typed)) return of.prefix - 0.5 * (1 - typed.length / term.length);
  const max = fuzzy(typed) ? Math.min(MAX_TYPOS, Math.round(typed.length * FUZZY)) : 0;
  return max > 0 && near(term, typed, max) ? of.typo : 0;
}

/** The sum over the typed words of the best way each matched this document. */
function quality(result: SearchResult, typedTerms: readonly string[]): number {
  let total = 0;
  for (const typed of typedTerms) {
    let best = 0;
    for (const [term, fields] of Object.entries(result.match))
      for (const field of fields as Field[]) best = Math.max(best, matchQuality(term, typed, field));
    total += best;
  }
  return total;
}

/** Builds the index once (about 550 documents); each query then takes well under a millisecond. */
export function createCatalogSearch(view: CatalogView): CatalogSearch {
  // The catalog repeats its words (every kind carries its category's names): fold each once.
  const folded = new Map<string, string>();
  const processTerm = (term: string) => {
    let done = folded.get(term);
    if (done === undefined) {
      done = foldTerm(term);
      if (folded.size < 50_000) folded.set(term, done);
    }
    return done || null;
  };
  const index = new MiniSearch<Doc>({
    fields: FIELDS,
    storeFields: ['path', 'kindKey', 'kindValue', 'weight'],
    tokenize,
    processTerm,
    searchOptions: { prefix, fuzzy, maxFuzzy: MAX_TYPOS },
  });
  const docs = documents(view);
  index.addAll(docs);
  const wholes = new Map(docs.map((doc) => [doc.id, new Set(doc.phrases)]));

  const hit = (result: SearchResult, rank: number, language: CatalogLanguage): CatalogHit | undefined => {
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
        score: rank,
      };
    }
    return { path, label: names.sub, detail: names.main, score: rank };
  };

  return {
    search(query, { language = 'de', limit = 20 } = {}) {
      const typed = [
        ...new Set(
          tokenize(query)
            .map(foldTerm)
            .filter((t) => t !== ''),
        ),
      ];
      if (typed.length === 0) return [];
      const whole = typed.join(' ');
      let results = index.search(query, { combineWith: 'AND' });
      if (results.length === 0) results = index.search(query, { combineWith: 'OR' });
      const ranked = results
        .map((result) => ({
          result,
          quality: quality(result, typed) + (wholes.get(result.id as string)?.has(whole) ? WHOLE : 0),
          kind: result.kindKey ? 1 : 0,
          weight: result.weight as number,
        }))
        .sort(
          (a, b) =>
            b.quality - a.quality ||
            a.kind - b.kind ||
            b.weight - a.weight ||
            b.result.score - a.result.score,
        );
      const hits: CatalogHit[] = [];
      for (const { result, quality: rank } of ranked) {
        const found = hit(result, rank + result.score / 1000, language);
        if (found) hits.push(found);
        if (hits.length >= limit) break;
      }
      return hits;
    },
  };
}
