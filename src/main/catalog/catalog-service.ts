// The catalog in use (issue 33.1): the one shipped with the app, or a newer file in the data folder
// (`catalog.json`), which wins when it parses and its date is later. Our own words (English names,
// search words, labels of keys) are kept from the shipped file where a newer one has none.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import shippedJson from '../../shared/marketplace-catalog.json' with { type: 'json' };
import {
  catalogSchema,
  createCatalogSearch,
  makeCatalogView,
  newerCatalog,
  readCatalog,
  withOurWords,
  type Catalog,
  type CatalogOrigin,
  type CatalogSearch,
  type CatalogView,
} from '../../shared/domain/catalog';
import type { CatalogLoadAnswer } from '../../shared/ipc/contract-catalog';
import type { UiLanguage } from '../../shared/i18n-language';
import { formatDate } from '../../shared/dates';
import { wordsIn } from '../i18n';
import { writeFileAtomic } from '../storage/atomic-file';
import type { Log } from '../log/log';

/** The catalog shipped with the app (checked when first asked for: a broken build says so loudly). */
let shipped: Catalog | undefined;
export function shippedCatalog(): Catalog {
  shipped ??= catalogSchema.parse(shippedJson);
  return shipped;
}

export const CATALOG_FILE = 'catalog.json';

export interface CatalogService {
  /** The catalog in use and where it came from. */
  current(): { catalog: Catalog; origin: CatalogOrigin };
  view(): CatalogView;
  /** The search over the catalog in use, built on first use. */
  search(): CatalogSearch;
  /**
   * Builds the search a moment after the shell started (a timer that does not hold the process),
   * so that the picker's first words (catalog:search) do not wait for it.
   */
  warmSearch(afterMs: number): void;
  /** Loads a file the seller picked: copied to the data folder and in use when it parses and is newer. */
  loadFile(file: string): Promise<CatalogLoadAnswer>;
  /** Called with the new origin whenever another catalog is in use. */
  onChange(listener: (origin: CatalogOrigin) => void): () => void;
}

export interface CatalogDeps {
  dataDir: string;
  language(): UiLanguage;
  log: Pick<Log, 'warn' | 'info'>;
}

function originOf(catalog: Catalog, from: CatalogOrigin['from']): CatalogOrigin {
  return { source: catalog.source, date: catalog.date.slice(0, 10), from };
}

/** Opens the catalog in use: the data folder's file when it parses and is newer than the shipped one. */
export async function openCatalog(deps: CatalogDeps): Promise<CatalogService> {
  const ours = shippedCatalog();
  const file = path.join(deps.dataDir, CATALOG_FILE);
  let inUse: { catalog: Catalog; origin: CatalogOrigin } = {
    catalog: ours,
    origin: originOf(ours, 'shipped'),
  };
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT')
      deps.log.warn('catalog: the file in the data folder cannot be read', { file, err: error.message });
    return undefined;
  });
  if (text !== undefined) {
    const reading = readCatalog(text);
    if (!reading.ok)
      deps.log.warn('catalog: the file in the data folder is not a catalog; the shipped one is in use', {
        file,
        problem: reading.problem,
      });
    else if (newerCatalog(ours, reading.catalog) === reading.catalog)
      inUse = { catalog: withOurWords(reading.catalog, ours), origin: originOf(reading.catalog, 'file') };
    else
      deps.log.info('catalog: the file in the data folder is not newer than the shipped one', {
        file,
        date: reading.catalog.date,
      });
  }
  let view: CatalogView | undefined;
  let search: CatalogSearch | undefined;
  const listeners = new Set<(origin: CatalogOrigin) => void>();
  const w = () => wordsIn(deps.language(), 'catalog');
  // A catalog's date is a day, not a moment: written in UTC so that no time zone moves it.
  const day = (date: string) =>
    formatDate(`${date.slice(0, 10)}T00:00:00Z`, { language: deps.language(), timeZone: 'UTC' });

  return {
    current: () => inUse,
    view: () => (view ??= makeCatalogView(inUse.catalog)),
    search() {
      view ??= makeCatalogView(inUse.catalog);
      return (search ??= createCatalogSearch(view));
    },
    warmSearch(afterMs) {
      setTimeout(() => {
        view ??= makeCatalogView(inUse.catalog);
        search ??= createCatalogSearch(view);
      }, afterMs).unref();
    },
    async loadFile(picked) {
      const current = inUse.origin;
      const content = await readFile(picked, 'utf8').catch((error: Error) => error);
      const reading =
        typeof content === 'string' ? readCatalog(content) : { ok: false as const, problem: content.message };
      if (!reading.ok) {
        deps.log.warn('catalog: a picked file is not a catalog', { file: picked, problem: reading.problem });
        return {
          ok: false,
          reason: 'unreadable',
          message: w()('unreadable', { problem: reading.problem, date: day(current.date) }),
          origin: current,
        };
      }
      if (newerCatalog(inUse.catalog, reading.catalog) !== reading.catalog) {
        return {
          ok: false,
          reason: 'not-newer',
          message: w()('notNewer', { date: day(reading.catalog.date), current: day(current.date) }),
          origin: current,
        };
      }
      await writeFileAtomic(file, content as string);
      inUse = { catalog: withOurWords(reading.catalog, ours), origin: originOf(reading.catalog, 'file') };
      view = undefined;
      search = undefined;
      deps.log.info('catalog: a newer file is in use', {
        file: picked,
        date: inUse.origin.date,
        source: inUse.origin.source,
      });
      for (const listener of listeners) listener(inUse.origin);
      const { date, source } = inUse.origin;
      return { ok: true, origin: inUse.origin, message: w()('loaded', { date: day(date), source }) };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
