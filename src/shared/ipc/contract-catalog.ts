// The contract's channels of the marketplace's catalog (issue 33): the window loads it on demand
// (the picker, the attributes), and Settings → About shows where it came from and loads a newer file.
import { z } from 'zod';
import type {
  Catalog,
  CatalogHit,
  CatalogOrigin,
  CatalogWarning,
  CategoryMapping,
  CategoryMappings,
} from '../domain/catalog';
import { absolutePathSchema, segmentIdSchema } from './input-schemas';
import { channel, noInput } from './channel';

/** The answer to loading a catalog file: in use now, or why not in the seller's words. */
export type CatalogLoadAnswer =
  | { ok: true; origin: CatalogOrigin; message: string }
  | { ok: false; reason: 'unreadable' | 'not-newer'; message: string; origin: CatalogOrigin };

export const catalogChannels = {
  /** The catalog in use (the shipped one, or a newer file from the data folder) and where it came from. */
  'catalog:get': channel<{ catalog: Catalog; origin: CatalogOrigin }>()(noInput),
  /**
   * The catalog search, answered by main (its index is built once, at the first catalog:get): the
   * picker's first words are found here while the window's own index is not built yet (issue 33.9).
   */
  'catalog:search': channel<CatalogHit[]>()(
    z
      .object({
        query: z.string().max(200),
        language: z.enum(['de', 'en']),
        limit: z.number().int().min(1).max(50).optional(),
      })
      .strict(),
  ),
  /** Where the catalog in use came from, without the catalog itself (Settings → About). */
  'catalog:origin': channel<CatalogOrigin>()(noInput),
  /**
   * What the catalog warns of in a draft as the editor holds it (issue 33.6): a category it does not
   * know (nor the service took), a kind not chosen. The draft stays publishable.
   */
  'catalog:check': channel<CatalogWarning[]>()(
    z
      .object({
        accountId: segmentIdSchema.nullable(),
        category: z.string().max(1_000),
        attributes: z.record(z.string().max(1_000), z.string().max(10_000)),
      })
      .strict(),
  ),
  /** Loads a catalog file the seller picked; it replaces the one in use when it parses and is newer. */
  'catalog:load-file': channel<CatalogLoadAnswer>()(z.object({ path: absolutePathSchema }).strict()),
  /**
   * What the service has shown it takes from an account (issue 33.4): each category path its listings
   * carry or it accepted, with the values taken per key. The window marks these as known good.
   */
  'catalog:known-good': channel<{ categories: KnownGoodCategories }>()(
    z.object({ accountId: segmentIdSchema }).strict(),
  ),
  /** A shop's categories mapped to the catalog's, and its condition words (issue 34): Settings → Kategorien. */
  'categories:mappings': channel<CategoryMappings>()(noInput),
  /** Maps a shop category to a catalog path (or one the service took) and default attributes. */
  'categories:map': channel<CategoryMapping>()(
    z
      .object({
        shopCategory: z.string().trim().min(1).max(500),
        path: z.string().trim().min(1).max(300),
        attributes: z.record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(200)).optional(),
      })
      .strict(),
  ),
  /** Removes a shop category's own mapping (deeper ones keep theirs). */
  'categories:unmap': channel<{ done: boolean }>()(
    z.object({ shopCategory: z.string().trim().min(1).max(500) }).strict(),
  ),
  /** The seller's condition words (word → condition value), confirmed. */
  'categories:condition-words': channel<CategoryMappings>()(
    z
      .object({ words: z.record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(100)) })
      .strict(),
  ),
  /** The catalog's best guesses for a shop category (its deepest level first). */
  'categories:guess': channel<CatalogHit[]>()(
    z
      .object({
        shopCategory: z.string().trim().min(1).max(500),
        limit: z.number().int().min(1).max(10).optional(),
      })
      .strict(),
  ),
};

/** Per path, the values taken per key: `{"Mode_Beauty/Schuhe_Damen": {"groesse": ["38"]}}`. */
export type KnownGoodCategories = Record<string, Record<string, string[]>>;
