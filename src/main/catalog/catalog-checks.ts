// The catalog's warnings of drafts (issue 33.6) over the catalog in use and what the service has
// shown it takes (the KnownGood port): one check for the list, the editor and `publish --ready`.
import {
  catalogChecker,
  kindKeysOf,
  type CatalogWarning,
  type CategoryFacts,
} from '../../shared/domain/catalog';
import type { CatalogService } from './catalog-service';
import type { KnownGood } from './known-good';

/** Nothing known good: every category is judged by the catalog alone. */
export const nothingKnownGood: KnownGood = { category: () => false, value: () => false };

export interface CatalogChecks {
  /** The warnings of a draft's facts (a list row's summary has them). A lookup or two: fine per row. */
  warnings(facts: CategoryFacts): CatalogWarning[];
  /** The warnings of a draft as the editor holds it. */
  warningsOfDraft(draft: {
    accountId: string | null;
    category: string;
    attributes: Readonly<Record<string, string>>;
  }): CatalogWarning[];
}

/** The check over `catalog` (made again when another catalog is in use) and `knownGood`. */
export function catalogChecks(
  catalog: CatalogService,
  knownGood: KnownGood = nothingKnownGood,
): CatalogChecks {
  let check: ((facts: CategoryFacts) => CatalogWarning[]) | undefined;
  catalog.onChange(() => (check = undefined));
  const warnings = (facts: CategoryFacts) =>
    (check ??= catalogChecker(catalog.view(), (accountId, path) => knownGood.category(accountId, path)))(
      facts,
    );
  return {
    warnings,
    warningsOfDraft: ({ accountId, category, attributes }) =>
      warnings({ accountId, category, kindKeys: kindKeysOf(attributes) }),
  };
}
