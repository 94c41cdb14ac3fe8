// The marketplace's catalog as the sandbox checks listings against it (issue 33.5): the quirks
// `categoryPaths` and `attributeValues` refuse what the catalog does not list, with the 400 "Failed
// to read request" the real service answers. The sandbox reads the catalog itself: the file shipped
// with the app (src/shared/marketplace-catalog.json), or the one named by `catalogFile`. It is parsed
// when a check first needs it, so a sandbox with the checks off never reads it.
import { readFile } from 'node:fs/promises';
import shippedJson from '../shared/marketplace-catalog.json' with { type: 'json' };
import { catalogSchema, makeCatalogView, readCatalog, type CatalogView } from '../shared/domain/catalog';
import type { Quirks } from './quirks';

/** The catalog the sandbox checks against, read once. */
export interface CatalogSource {
  view(): CatalogView;
}

/** The shipped catalog, or the file at `file` (read now: a bad file fails the start, loudly). */
export async function openCatalogSource(file?: string): Promise<CatalogSource> {
  if (file === undefined) {
    let view: CatalogView | undefined;
    return { view: () => (view ??= makeCatalogView(catalogSchema.parse(shippedJson))) };
  }
  const reading = readCatalog(await readFile(file, 'utf8'));
  if (!reading.ok) throw new Error(`sandbox: ${file} is not a catalog: ${reading.problem}`);
  const view = makeCatalogView(reading.catalog);
  return { view: () => view };
}

/** What a create or update would leave the listing with, as far as the checks care. */
export interface CheckedListing {
  category: string;
  /** Only the attributes the request sends (an update without them changes none). */
  attributes?: Readonly<Record<string, string>>;
  /** Whether the request sends the category (an update may keep the listing's). */
  sendsCategory: boolean;
}

/** Whether the quirks let this listing through; false means 400 Failed to read request. */
export function passesCatalog(quirks: Quirks, source: CatalogSource, listing: CheckedListing): boolean {
  if (quirks.categoryPaths === 'any' && quirks.attributeValues === 'any') return true;
  const view = source.view();
  if (quirks.categoryPaths === 'catalog' && listing.sendsCategory && !view.known(listing.category))
    return false;
  const checked = quirks.attributeValues;
  if (checked === 'any' || !listing.attributes) return true;
  for (const [key, value] of Object.entries(listing.attributes)) {
    if (checked !== 'catalog' && !checked.includes(key)) continue;
    const attribute = view.attributes(listing.category).find((a) => a.key === key);
    // The catalog lists this key's values for this category: one of them, or refused.
    if (attribute?.type !== 'select' || !attribute.options?.length) continue;
    if (!attribute.options.some((option) => option.value === value)) return false;
  }
  return true;
}
