// Looking things up in the catalog: a category by its path, its names in either language, its
// attributes (with `versand` in every category), the attribute that holds its kind, and the labels
// of keys and values. One table for every view that shows a value ("Sehr Gut" for `like_new`).
import type { Catalog, CatalogAttribute, CatalogCategory, CatalogLanguage, CatalogOption } from './catalog';

/** The kind of a category is the value of its first select among these keys (issue 33.3). */
export const KIND_KEYS = ['art', 'type', 'typ'] as const;

/** Shipping, in the service's own samples (`versand` = `ja`), offered in every category. */
export const SHIPPING_ATTRIBUTE: CatalogAttribute = {
  key: 'versand',
  type: 'yes-no',
  options: [
    { value: 'ja', label: 'Ja', labelEn: 'Yes' },
    { value: 'nein', label: 'Nein', labelEn: 'No' },
  ],
};

/**
 * The values a yes-no attribute sends. The service shows only `versand` = `ja`; the marketplace's
 * pages filter the others by `true`/`false` (a guess, as the catalog's keys are: see its README).
 */
export function yesNoValues(attribute: Pick<CatalogAttribute, 'key' | 'options'>): {
  yes: string;
  no: string;
} {
  const values = attribute.options?.map((option) => option.value) ?? [];
  if (values.includes('ja') || attribute.key === SHIPPING_ATTRIBUTE.key) return { yes: 'ja', no: 'nein' };
  return { yes: 'true', no: 'false' };
}

const YES_NO_LABELS: Record<string, { de: string; en: string }> = {
  ja: { de: 'Ja', en: 'Yes' },
  nein: { de: 'Nein', en: 'No' },
  true: { de: 'Ja', en: 'Yes' },
  false: { de: 'Nein', en: 'No' },
};

export interface CategoryNames {
  /** The main category: `Familie, Kind & Baby`. */
  main: string;
  /**
   * The subcategory: `Spielzeug`; for a path the marketplace names by its main category alone, our
   * name (`Weiteres Mode & Beauty`), else `Weiteres …` / `Other …` and the main category.
   */
  sub: string;
  /** Both, as the picker shows them: `Familie, Kind & Baby › Spielzeug`. */
  full: string;
}

export interface CatalogView {
  readonly catalog: Catalog;
  readonly categories: readonly CatalogCategory[];
  /** The category of exactly this path (spaces at either end aside). */
  category(path: string): CatalogCategory | undefined;
  known(path: string): boolean;
  /** The catalog's paths whose last segment is this one (a category read back as a single segment). */
  pathsEndingIn(segment: string): string[];
  names(category: CatalogCategory, language: CatalogLanguage): CategoryNames;
  /** The main categories in the catalog's order, with their subcategories. */
  tree(): { segment: string; categories: CatalogCategory[] }[];
  /** The main category's name by its path segment. */
  mainName(segment: string, language: CatalogLanguage): string;
  /** The category's attributes as the editor offers them, `versand` last where the category lacks it. */
  attributes(path: string): CatalogAttribute[];
  /** The select that holds the category's kind (`art`, else `type`/`typ`), if it has one. */
  kindAttribute(path: string): CatalogAttribute | undefined;
  attributeLabel(key: string, language: CatalogLanguage): string;
  /**
   * A value's label: from the category's own attribute where the path is known, else from the first
   * category that lists the value under that key; the value itself when no one does.
   */
  valueLabel(path: string, key: string, value: string, language: CatalogLanguage): string;
  /** The option of this value in the category's attribute, if the catalog lists it. */
  option(path: string, key: string, value: string): CatalogOption | undefined;
  /** `yesNoValues` on the view, for code that has the view alone (the window loads the rest lazily). */
  yesNoValues: typeof yesNoValues;
}

function optionLabel(option: CatalogOption, language: CatalogLanguage): string {
  return language === 'en' ? (option.labelEn ?? option.label) : option.label;
}

/** `Haustiere/Reptilien` → `Haustiere > Reptilien`, where the catalog has no name for a category. */
function pathName(path: string): string {
  return path
    .split('/')
    .map((segment) => segment.replace(/_/g, ' '))
    .join(' > ');
}

/**
 * The German name: the marketplace's where it names the subcategory, else ours (`nameDeOurs`), else
 * the marketplace's main name alone, else the path's segments.
 */
function germanName(category: CatalogCategory): string {
  const { nameDe, nameDeOurs } = category;
  if (nameDe && nameDe.includes(' > ')) return nameDe;
  return nameDeOurs ?? nameDe ?? pathName(category.path);
}

function ownName(category: CatalogCategory, language: CatalogLanguage): string {
  return (language === 'en' ? category.nameEn : undefined) ?? germanName(category);
}

/** A subcategory the catalog names only by its main category: "Weiteres …" / "Other …". */
function otherName(main: string, language: CatalogLanguage): string {
  return language === 'en' ? `Other ${main}` : `Weiteres ${main}`;
}

function splitName(name: string): [string, string | undefined] {
  const at = name.indexOf(' > ');
  return at < 0 ? [name, undefined] : [name.slice(0, at), name.slice(at + 3)];
}

export function makeCatalogView(catalog: Catalog): CatalogView {
  const byPath = new Map<string, CatalogCategory>();
  const bySegment = new Map<string, string[]>();
  const mains = new Map<string, CatalogCategory[]>();
  // key -> value -> option, the first category listing it wins: labels for a path the catalog lacks.
  const anyOption = new Map<string, Map<string, CatalogOption>>();
  for (const category of catalog.categories) {
    byPath.set(category.path, category);
    const segments = category.path.split('/');
    const main = segments[0] ?? category.path;
    const last = segments.at(-1) ?? main;
    bySegment.set(last, [...(bySegment.get(last) ?? []), category.path]);
    mains.set(main, [...(mains.get(main) ?? []), category]);
    for (const attribute of category.attributes ?? []) {
      const values = anyOption.get(attribute.key) ?? new Map<string, CatalogOption>();
      for (const option of attribute.options ?? [])
        if (!values.has(option.value)) values.set(option.value, option);
      anyOption.set(attribute.key, values);
    }
  }
  for (const option of SHIPPING_ATTRIBUTE.options ?? []) {
    const values = anyOption.get(SHIPPING_ATTRIBUTE.key) ?? new Map<string, CatalogOption>();
    if (!values.has(option.value)) values.set(option.value, option);
    anyOption.set(SHIPPING_ATTRIBUTE.key, values);
  }

  const category = (path: string) => byPath.get(path.trim());
  const mainName = (segment: string, language: CatalogLanguage): string => {
    const ours = catalog.mains?.[segment];
    if (ours) return ours[language];
    const first = mains.get(segment)?.[0];
    if (!first) return segment;
    return splitName(ownName(first, language))[0];
  };
  const attributes = (path: string): CatalogAttribute[] => {
    const own = category(path)?.attributes ?? [];
    return own.some((a) => a.key === SHIPPING_ATTRIBUTE.key) ? own : [...own, SHIPPING_ATTRIBUTE];
  };
  const option = (path: string, key: string, value: string) =>
    attributes(path)
      .find((a) => a.key === key)
      ?.options?.find((o) => o.value === value);

  return {
    catalog,
    categories: catalog.categories,
    category,
    known: (path) => byPath.has(path.trim()),
    pathsEndingIn: (segment) => bySegment.get(segment.trim()) ?? [],
    names(of, language) {
      const segment = of.path.split('/')[0] ?? of.path;
      const main = mainName(segment, language);
      const own = ownName(of, language);
      const named = splitName(own)[1] ?? own;
      const sub = named === main ? otherName(main, language) : named;
      return { main, sub, full: `${main} › ${sub}` };
    },
    tree: () => [...mains].map(([segment, categories]) => ({ segment, categories })),
    mainName,
    attributes,
    kindAttribute(path) {
      const own = category(path)?.attributes ?? [];
      for (const key of KIND_KEYS) {
        const found = own.find((a) => a.key === key && a.type === 'select' && (a.options?.length ?? 0) > 0);
        if (found) return found;
      }
      return undefined;
    },
    attributeLabel(key, language) {
      return (
        catalog.attributeLabels?.[key]?.[language] ??
        (key === 'versand' ? (language === 'en' ? 'Shipping' : 'Versand') : key)
      );
    },
    valueLabel(path, key, value, language) {
      const found = option(path, key, value) ?? anyOption.get(key)?.get(value);
      if (found) return optionLabel(found, language);
      const attribute = attributes(path).find((a) => a.key === key);
      if (attribute?.type === 'yes-no' && YES_NO_LABELS[value]) return YES_NO_LABELS[value][language];
      return value;
    },
    option,
    yesNoValues,
  };
}
