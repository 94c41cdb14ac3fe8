// The marketplace's catalog (issue 33): its category tree of two levels and, per subcategory, the
// attributes its pages offered, as ../shared/marketplace/ gathered them, plus our own words (English
// names, search words, labels of the attribute keys). Guidance, never a wall: a path or value the
// catalog does not know is kept and marked, never refused. The shipped file is
// `src/shared/marketplace-catalog.json`; a newer file in the data folder replaces it (catalog-file.ts).
import { z } from 'zod';

export type CatalogLanguage = 'de' | 'en';

const text = z.string().trim().min(1).max(500);
const words = z.array(z.string().trim().min(1).max(100)).max(200);

export const catalogOptionSchema = z
  .object({
    /** As sent to the service (`like_new`). */
    value: text,
    /** As the marketplace shows it, in German (`Sehr Gut`). */
    label: text,
    /** Ours: the English label. */
    labelEn: text.optional(),
    /** Ours: what a seller types for this value, a kind above all (Esstisch, Couchtisch …). */
    words: words.optional(),
  })
  .passthrough();

export const catalogAttributeSchema = z
  .object({
    webKey: z.string().optional(),
    key: text,
    /** `select`, `yes-no`, `number`, `range`; another type is offered as free text. */
    type: text,
    options: z.array(catalogOptionSchema).max(2_000).optional(),
  })
  .passthrough();

export const catalogCategorySchema = z
  .object({
    /** As the service takes it: `Familie_Kind_Baby/Spielzeug`. */
    path: text.refine((path) => path.includes('/'), 'a path of two names'),
    id: z.number().optional(),
    /** `Familie, Kind & Baby > Spielzeug`; missing for a few (then the path's names stand in). */
    nameDe: text.nullable().optional(),
    /**
     * Ours: the German name where the marketplace shows none, or only its main category's
     * (`Auto, Rad & Boot > Weiteres Auto, Rad & Boot` for `Auto_Rad_Boot/Sonstiges`).
     */
    nameDeOurs: text.optional(),
    /** Ours: `Family, Kids & Baby > Toys`. */
    nameEn: text.optional(),
    /** Third-level kinds as the guide lists them: search words only. */
    kindsDe: words.optional(),
    /** Ours: search words of the subcategory itself. */
    words: words.optional(),
    /**
     * Ours: how often sellers list here compared with other subcategories (1 when missing); the search
     * shows equally good matches of a busier one first (sneakers: women's, men's, then children's shoes).
     */
    searchWeight: z.number().min(0.1).max(10).optional(),
    attributes: z.array(catalogAttributeSchema).max(200).optional(),
  })
  .passthrough();

const labelPair = z.object({ de: text, en: text }).strict();

export const catalogSchema = z
  .object({
    source: text,
    /** The day the facts were gathered, `YYYY-MM-DD`: the later file wins. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'a date as YYYY-MM-DD'),
    about: z.string().optional(),
    /** Ours: the names of the main categories by their path segment (`Auto_Rad_Boot`). */
    mains: z.record(z.string(), labelPair).optional(),
    /** Ours: the labels of attribute keys (`condition`: Zustand / Condition). */
    attributeLabels: z.record(z.string(), labelPair).optional(),
    /**
     * Ours: the words shops use for an item's condition (`gebraucht`, `refurbished`), each to a value
     * of the `condition` attribute: the suggestions a seller confirms once (issue 34.2).
     */
    conditionWords: z.record(z.string().min(1), z.string().min(1)).optional(),
    categories: z.array(catalogCategorySchema).min(1).max(10_000),
  })
  .passthrough();

export type Catalog = z.infer<typeof catalogSchema>;
export type CatalogCategory = z.infer<typeof catalogCategorySchema>;
export type CatalogAttribute = z.infer<typeof catalogAttributeSchema>;
export type CatalogOption = z.infer<typeof catalogOptionSchema>;

/** Where the catalog in use came from: shipped with the app, or a file the seller (or an update) loaded. */
export interface CatalogOrigin {
  source: string;
  date: string;
  from: 'shipped' | 'file';
}

export type CatalogReading = { ok: true; catalog: Catalog } | { ok: false; problem: string };

/** Reads a catalog file's text; `problem` says in a line what is wrong (for the log and the seller). */
export function readCatalog(json: string): CatalogReading {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    return { ok: false, problem: `not JSON (${(error as Error).message})` };
  }
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      problem: `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'unreadable'}`,
    };
  }
  return { ok: true, catalog: parsed.data };
}

/** The newer of two catalogs by their date; the first on a tie (the shipped one is passed first). */
export function newerCatalog(a: Catalog, b: Catalog): Catalog {
  return b.date.slice(0, 10) > a.date.slice(0, 10) ? b : a;
}

/**
 * A newer file keeps our words where it has none of its own: English names, search words and the
 * labels of keys, matched by path, key and value. (A newer marketplace file carries the facts only.)
 */
export function withOurWords(newer: Catalog, ours: Catalog): Catalog {
  if (newer === ours) return newer;
  const byPath = new Map(ours.categories.map((category) => [category.path, category]));
  return {
    ...newer,
    mains: { ...ours.mains, ...newer.mains },
    attributeLabels: { ...ours.attributeLabels, ...newer.attributeLabels },
    conditionWords: newer.conditionWords ?? ours.conditionWords,
    categories: newer.categories.map((category) => {
      const mine = byPath.get(category.path);
      if (!mine) return category;
      return {
        ...category,
        nameDeOurs: category.nameDeOurs ?? mine.nameDeOurs,
        nameEn: category.nameEn ?? mine.nameEn,
        words: category.words ?? mine.words,
        searchWeight: category.searchWeight ?? mine.searchWeight,
        attributes: category.attributes?.map((attribute) => {
          const same = mine.attributes?.find((a) => a.key === attribute.key);
          if (!same) return attribute;
          return {
            ...attribute,
            options: attribute.options?.map((option) => {
              const known = same.options?.find((o) => o.value === option.value);
              return {
                ...option,
                labelEn: option.labelEn ?? known?.labelEn,
                words: option.words ?? known?.words,
              };
            }),
          };
        }),
      };
    }),
  };
}
