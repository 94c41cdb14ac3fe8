// The shop's category mappings and condition words as shared items (issue 34.1): every desk of a
// shop maps a shop category once for all. Each mapping is its own item (`mapping:<key>`), so two
// desks mapping two categories never meet; the condition words are one item more.
import type { CategoryMappingsService } from '../../catalog';
import type { ItemKind, Outbox, ShopMergePort } from '../sync';

export const CATEGORY_MAPPING_KIND = 'category-mapping';

/** The category mappings kind of the sync engine. */
export function categoryMappingItems(deps: {
  mappings: () => CategoryMappingsService;
  merge: ShopMergePort;
}): ItemKind {
  return {
    kind: CATEGORY_MAPPING_KIND,
    read: async (id) => deps.mappings().item(id),
    apply: (id, make) => deps.mappings().receive(id, make),
    merge(base, mine, theirs, who) {
      if (mine === undefined || theirs === undefined) return mine ?? theirs;
      return deps.merge.record(base, mine, theirs, who);
    },
    ids: async () => deps.mappings().itemIds(),
  };
}

/** Marks each changed mapping item in the outbox (the mappings' `willWrite`); returns "landed". */
export function markCategoryMappings(outbox: Outbox) {
  return (ids: string[]) => {
    const landed = ids.map((id) => outbox.mark(CATEGORY_MAPPING_KIND, id));
    return () => {
      for (const land of landed) land();
    };
  };
}
