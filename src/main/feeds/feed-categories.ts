// A feed's rows read through the shop's category mappings (issue 34.3; the rules at the top of
// src/shared/domain/feeds/feed-categories.ts): each row as the ad it is matched to takes it, and the
// shop categories of a source that no mapping serves.
import type { CatalogHit, CategoryContext } from '../../shared/domain/catalog';
import { mapAttributeCells, readCategoryCell, shopCategoryKey } from '../../shared/domain/catalog';
import type {
  FeedCategoryContext,
  FeedRow,
  FeedRowReading,
  FeedUnmappedCategory,
  MatchedAd,
} from '../../shared/domain/feeds';

/**
 * The row as the ad it is matched to takes it (see the file's top): its category (or none, when the
 * ad keeps its own) and its attribute columns read in the category the ad will have.
 */
export function readFeedRowCategory(
  row: FeedRow,
  context: FeedCategoryContext,
  ad: MatchedAd | null,
): FeedRowReading {
  const cell = row.categoryCell?.trim() ?? '';
  if (cell === '') return { row };
  const reading = readCategoryCell(cell, context);
  if (ad === null && reading.kind === 'unmapped') return { row, waits: reading.shopCategory };
  // The category the row sets (undefined: the ad keeps its own) and the one its attributes are read in.
  let category: string | undefined;
  let defaults: Record<string, string> = {};
  if (reading.kind === 'catalog') category = reading.path;
  else if (reading.kind === 'mapped' && (ad === null || !ad.live)) {
    category = reading.path;
    defaults = reading.attributes;
  }
  const target = category ?? ad?.category ?? null;
  const { category: _typed, attributes: typedAttributes, ...rest } = row.fields;
  const cells = row.attributeCells ?? [];
  const headerNamed = new Set(cells.map((c) => c.header.trim()));
  // Attributes named by an attribute prefix (`attribute:art`, as an export writes them) name the key itself.
  const prefixed = Object.fromEntries(
    Object.entries(typedAttributes ?? {}).filter(([key]) => !headerNamed.has(key)),
  );
  let attributes: Record<string, string>;
  let named: Pick<FeedRowReading, 'unknownValues' | 'unknownColumns'> = {};
  if (target !== null && context.view.known(target)) {
    const mapped = mapAttributeCells(context.view, target, cells, defaults, context.conditionWords);
    attributes = { ...mapped.attributes, ...prefixed };
    named = {
      ...(mapped.unknownValues.length > 0 && { unknownValues: mapped.unknownValues }),
      ...(mapped.unknownColumns.length > 0 && { unknownColumns: mapped.unknownColumns }),
    };
  } else {
    // A path the catalog does not describe (one the service took, or an ad's own from before the
    // mappings): its columns stay as typed, named after their headers, as they always were.
    attributes = { ...defaults, ...typedAttributes };
  }
  const fields = {
    ...rest,
    ...(category !== undefined && { category }),
    ...(Object.keys(attributes).length > 0 && { attributes }),
  };
  return { row: { ...row, fields }, ...named };
}

/**
 * The shop categories of the rows that no mapping serves (catalog paths and paths the service took
 * aside), each once with how many rows carry it, by name; `guesses` gives each the catalog's guesses.
 */
export function feedUnmapped(
  rows: readonly Pick<FeedRow, 'categoryCell'>[],
  context: CategoryContext,
  guesses: (shopCategory: string) => CatalogHit[],
): FeedUnmappedCategory[] {
  const found = new Map<string, { shopCategory: string; rows: number }>();
  for (const row of rows) {
    const cell = row.categoryCell?.trim() ?? '';
    if (cell === '') continue;
    const reading = readCategoryCell(cell, context);
    if (reading.kind !== 'unmapped') continue;
    const key = shopCategoryKey(cell);
    const seen = found.get(key);
    if (seen) seen.rows += 1;
    else found.set(key, { shopCategory: reading.shopCategory, rows: 1 });
  }
  return [...found.values()]
    .sort((a, b) => a.shopCategory.localeCompare(b.shopCategory, 'de'))
    .map((item) => ({ ...item, guesses: guesses(item.shopCategory) }));
}
