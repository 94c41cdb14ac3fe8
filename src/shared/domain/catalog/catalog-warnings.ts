// Readiness says more, blocks no more (issue 33.6): a draft whose category the catalog does not know
// (and the service has not shown it takes), or whose category has kinds while its kind is empty, is
// warned about with the fix, in the editor, the list and `publish --ready`; it stays publishable.
// Checked for 10,000 drafts at once (the list), so each check is a lookup or two.
import { KIND_KEYS, type CatalogView } from './catalog-view';

export type CatalogWarningCode = 'category-unknown' | 'kind-missing';

export interface CatalogWarning {
  code: CatalogWarningCode;
  /** The draft's category path as it is. */
  path: string;
  /** kind-missing: the attribute that holds the kind (`art`, `type`, `typ`). */
  key?: string;
}

/** What the check reads of a draft: its account, category and which kind keys have a value. */
export interface CategoryFacts {
  accountId: string | null;
  category: string;
  /** The keys among KIND_KEYS the draft gives a value (kindKeysOf). */
  kindKeys: readonly string[];
}

/** True when the account's listings carry the path, or the service took it (the KnownGood port). */
export type KnownGoodCategory = (accountId: string, path: string) => boolean;

/** The kind keys a draft's attributes give a value, in KIND_KEYS' order. */
export function kindKeysOf(attributes: Readonly<Record<string, string>>): string[] {
  return KIND_KEYS.filter((key) => (attributes[key] ?? '').trim() !== '');
}

/** A check of drafts against `view`; the kind attribute of each path is looked up once. */
export function catalogChecker(
  view: CatalogView,
  knownGood: KnownGoodCategory = () => false,
): (facts: CategoryFacts) => CatalogWarning[] {
  const kindKeyOf = new Map<string, string | null>();
  return ({ accountId, category, kindKeys }) => {
    const path = category.trim();
    // No category is a problem of its own (the draft's validation names it): nothing to add here.
    if (path === '') return [];
    if (!view.known(path)) {
      return accountId !== null && knownGood(accountId, path) ? [] : [{ code: 'category-unknown', path }];
    }
    let key = kindKeyOf.get(path);
    if (key === undefined) {
      key = view.kindAttribute(path)?.key ?? null;
      kindKeyOf.set(path, key);
    }
    return key !== null && !kindKeys.includes(key) ? [{ code: 'kind-missing', path, key }] : [];
  };
}
