// A shop's categories and words mapped once (issue 34): one file in the data folder
// (`category-mappings.json`), held in memory so that an import's preview and a feed's plan read it
// without waiting, written atomically one change at a time. In a shop every desk shares it like the
// templates: each mapping is its own shared item (two desks mapping two categories never collide),
// and the condition words are one more.
import path from 'node:path';
import { z } from 'zod';
import {
  categoryMappingSchema,
  categoryMappingsFileSchema,
  emptyCategoryMappings,
  shopCategoryKey,
  shopCategoryName,
  withMapping,
  withoutMapping,
  conditionWordKey,
  type Catalog,
  type CatalogView,
  type CategoryContext,
  type CategoryMapping,
  type CategoryMappings,
} from '../../shared/domain/catalog';
import { AppError } from '../errors/app-error';
import type { Log } from '../log/log';
import type { KnownGood } from './known-good';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import { createSerialQueue } from '../storage/serial-queue';

export const CATEGORY_MAPPINGS_FILE = 'category-mappings.json';
/** The last import's category cells: this desk's own. */
export const CATEGORIES_SEEN_FILE = 'categories-seen.json';

const seenSchema = z
  .object({
    version: z.literal(1),
    import: z
      .object({ source: z.string(), at: z.string(), categories: z.array(z.string()).max(100_000) })
      .nullable(),
  })
  .strict();
type Seen = z.infer<typeof seenSchema>;

/** A shared item's id: `mapping:<shop category key>`, or the condition words. */
export const CONDITION_WORDS_ITEM = 'condition-words';
const MAPPING_PREFIX = 'mapping:';

/** The condition words as shared between desks. */
export interface ConditionWordsItem {
  conditionWords: Record<string, string>;
  conditionConfirmed: boolean;
}

export interface CategoryMappingsDeps {
  dataDir: string;
  /** A path a mapping may name: one of the catalog, or one the service took for some account. */
  acceptable(path: string): boolean;
  /** The catalog in use: its suggested condition words start a desk's mappings. */
  catalog(): Pick<Catalog, 'conditionWords'>;
  log: Pick<Log, 'warn' | 'error' | 'info'>;
  now?: () => Date;
  /**
   * Told of each change of shared items (their ids) before it is written (the shop's outbox marks
   * them); what it returns is called once the write has landed or failed.
   */
  willWrite?(ids: string[]): () => void;
}

export interface CategoryMappingsService {
  /** The mappings as they are now (read at open, kept in step with every write). */
  current(): CategoryMappings;
  /** Maps a shop category (replacing its mapping); refuses a path neither the catalog nor the service knows. */
  map(input: {
    shopCategory: string;
    path: string;
    attributes?: Record<string, string>;
  }): Promise<CategoryMapping>;
  /** Removes a shop category's own mapping; false when it had none. */
  unmap(shopCategory: string): Promise<{ done: boolean }>;
  /** The seller's condition words (folded word → value); confirms them. */
  setConditionWords(words: Record<string, string>): Promise<CategoryMappings>;
  /** Called after every change (this desk's or another desk's). */
  onChange(listener: (mappings: CategoryMappings) => void): () => void;
  /** Shop sync: the shared items' ids (the condition words once confirmed), one item, and an item as another desk has it. */
  itemIds(): string[];
  item(id: string): CategoryMapping | ConditionWordsItem | undefined;
  receive(id: string, make: (current: unknown) => unknown): Promise<void>;
  /**
   * Remembers the category cells of the last import (this desk's own, never shared), so that
   * `categories unmapped` can name what it lacked (issue 34.4).
   */
  noteImport(source: string, cells: Iterable<string>): Promise<void>;
  /** The last import's shop categories (each once, as named), or null before the first. */
  lastImport(): { source: string; at: string; categories: string[] } | null;
  /** Waits until every change is on disk. */
  flush(): Promise<void>;
}

const mappingItemId = (shopCategory: string) => `${MAPPING_PREFIX}${shopCategoryKey(shopCategory)}`;

/** Opens the mappings of the data folder (none yet: the defaults of the condition words). */
export async function openCategoryMappings(deps: CategoryMappingsDeps): Promise<CategoryMappingsService> {
  const file = path.join(deps.dataDir, CATEGORY_MAPPINGS_FILE);
  const now = deps.now ?? (() => new Date());
  const queue = createSerialQueue();
  const listeners = new Set<(mappings: CategoryMappings) => void>();
  const read = await readJsonFile(file, (value) => categoryMappingsFileSchema.parse(value));
  if (read.state === 'unreadable')
    deps.log.warn(`The category mappings could not be read and were moved aside to ${read.movedAside}`);
  let state: CategoryMappings = read.state === 'ok' ? read.value : emptyCategoryMappings(deps.catalog());
  const seenFile = path.join(deps.dataDir, CATEGORIES_SEEN_FILE);
  const seenRead = await readJsonFile(seenFile, (value) => seenSchema.parse(value));
  let seen: Seen = seenRead.state === 'ok' ? seenRead.value : { version: 1, import: null };

  /**
   * Writes what `change` makes of the mappings as they are when its turn comes (one change at a time,
   * so none is lost), marking `ids` for the shop unless it came from there; tells the listeners.
   */
  const commit = (change: (now: CategoryMappings) => CategoryMappings, ids: string[], fromShop: boolean) =>
    queue.run(async () => {
      const next = change(state);
      if (next === state) return;
      const landed = fromShop ? () => undefined : (deps.willWrite?.(ids) ?? (() => undefined));
      try {
        await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
        state = next;
      } finally {
        landed();
      }
      for (const listener of listeners) {
        try {
          listener(state);
        } catch (error) {
          deps.log.error('A listener of the category mappings failed', error);
        }
      }
    });

  const conditionItem = (of: CategoryMappings): ConditionWordsItem => ({
    conditionWords: of.conditionWords,
    conditionConfirmed: of.conditionConfirmed,
  });

  return {
    current: () => state,

    async map(input) {
      const shopCategory = shopCategoryName(input.shopCategory);
      const wanted = input.path.trim();
      if (shopCategory === '') throw new AppError('invalid-input', 'A shop category needs a name.');
      if (!deps.acceptable(wanted))
        throw new AppError(
          'invalid-input',
          `"${wanted}" is no category of the marketplace's catalog, and the service has not taken it either.`,
        );
      const mapping = categoryMappingSchema.parse({
        shopCategory,
        path: wanted,
        attributes: input.attributes ?? {},
        updatedAt: now().toISOString(),
      });
      await commit(
        (now) => ({ ...now, mappings: withMapping(now.mappings, mapping) }),
        [mappingItemId(shopCategory)],
        false,
      );
      return mapping;
    },

    async unmap(raw) {
      const key = shopCategoryKey(raw);
      let done = false;
      await commit(
        (now) => {
          done = now.mappings.some((m) => shopCategoryKey(m.shopCategory) === key);
          return done ? { ...now, mappings: withoutMapping(now.mappings, raw) } : now;
        },
        [mappingItemId(raw)],
        false,
      );
      return { done };
    },

    async setConditionWords(words) {
      const conditionWords: Record<string, string> = {};
      for (const [word, value] of Object.entries(words)) {
        const key = conditionWordKey(word);
        if (key !== '' && value.trim() !== '') conditionWords[key] = value.trim();
      }
      await commit(
        (now) => categoryMappingsFileSchema.parse({ ...now, conditionWords, conditionConfirmed: true }),
        [CONDITION_WORDS_ITEM],
        false,
      );
      return state;
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    // The condition words only once the seller confirmed them: the defaults every desk has are not
    // news to the shop (a joining desk sends what it made, never what it was given).
    itemIds: () => [
      ...(state.conditionConfirmed ? [CONDITION_WORDS_ITEM] : []),
      ...state.mappings.map((m) => mappingItemId(m.shopCategory)),
    ],

    item(id) {
      if (id === CONDITION_WORDS_ITEM) return conditionItem(state);
      return state.mappings.find((m) => mappingItemId(m.shopCategory) === id);
    },

    async receive(id, make) {
      if (id === CONDITION_WORDS_ITEM) {
        await commit(
          (now) => {
            const made = make(conditionItem(now)) as ConditionWordsItem | undefined;
            return made === undefined ? now : categoryMappingsFileSchema.parse({ ...now, ...made });
          },
          [id],
          true,
        );
        return;
      }
      if (!id.startsWith(MAPPING_PREFIX)) return;
      await commit(
        (now) => {
          const made = make(now.mappings.find((m) => mappingItemId(m.shopCategory) === id));
          const others = now.mappings.filter((m) => mappingItemId(m.shopCategory) !== id);
          const mappings =
            made === undefined ? others : withMapping(others, categoryMappingSchema.parse(made));
          return { ...now, mappings };
        },
        [id],
        true,
      );
    },

    noteImport(source, cells) {
      const named = new Map<string, string>();
      for (const cell of cells) {
        const name = shopCategoryName(cell);
        if (name !== '' && !named.has(shopCategoryKey(name))) named.set(shopCategoryKey(name), name);
      }
      const next: Seen = {
        version: 1,
        import: { source, at: now().toISOString(), categories: [...named.values()] },
      };
      return queue.run(async () => {
        await writeFileAtomic(seenFile, `${JSON.stringify(next)}\n`);
        seen = next;
      });
    },

    lastImport: () => seen.import,

    flush: () => queue.idle(),
  };
}

/** What an import's or a feed's rows of one account are read against: the catalog, the mappings, what the service took. */
export interface RowCategoryContext extends CategoryContext {
  conditionWords: Readonly<Record<string, string>>;
  /** Every path `knownGood` says yes to (a feed's plan in a process of its own takes them along). */
  knownGoodPaths: () => readonly string[];
}
export type CategoryContexts = (accountId: string) => RowCategoryContext;

/** The context of an account's rows, as things are at the call (a new mapping counts at once). */
export function categoryContexts(
  catalog: { view(): CatalogView },
  knownGood: Pick<KnownGood, 'category'> & { of(accountId: string): Readonly<Record<string, unknown>> },
  mappings: Pick<CategoryMappingsService, 'current'>,
): CategoryContexts {
  return (accountId) => {
    const now = mappings.current();
    return {
      view: catalog.view(),
      mappings: now.mappings,
      conditionWords: now.conditionWords,
      knownGood: (path) => knownGood.category(accountId, path),
      knownGoodPaths: () => Object.keys(knownGood.of(accountId)),
    };
  };
}
