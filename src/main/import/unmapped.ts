// The shop categories of an import that no mapping serves (issue 34.3): each once, with how many
// rows carry it and the catalog's best guesses, for the preview to map there.
import type { CatalogHit } from '../../shared/domain/catalog';
import { shopCategoryKey } from '../../shared/domain/catalog';
import type { ImportUnmappedCategory } from '../../shared/domain/tables';
import type { ReadRow } from './row-plan';

/** Each shop category no mapping serves, once (spellings aside), with its rows and guesses. */
export function unmappedOf(
  read: readonly ReadRow[],
  guess: (shopCategory: string) => CatalogHit[],
): ImportUnmappedCategory[] {
  const found = new Map<string, { shopCategory: string; rows: number }>();
  for (const row of read) {
    if (row.unmappedCategory === undefined) continue;
    const key = shopCategoryKey(row.unmappedCategory);
    const entry = found.get(key) ?? { shopCategory: row.unmappedCategory, rows: 0 };
    entry.rows += 1;
    found.set(key, entry);
  }
  return [...found.values()]
    .sort((a, b) => a.shopCategory.localeCompare(b.shopCategory, 'de'))
    .map((entry) => ({ ...entry, guesses: guess(entry.shopCategory) }));
}
