// The catalog's place in the app (issues 33, 34): the catalog in use, what the service took per
// account, the catalog's warnings of drafts, and the shop's category mappings, built from the app's
// config and ports so that app.ts gives it one line. It spells out what it needs of the app rather
// than take app-contract's types: the composition root calls this room, never the other way round.
import path from 'node:path';
import { guessPaths, type CatalogHit, type CatalogOrigin } from '../../shared/domain/catalog';
import type { Log } from '../log/log';
import { CATALOG_FILE, openCatalog, type CatalogService } from './catalog-service';
import { catalogChecks, type CatalogChecks } from './catalog-checks';
import { openKnownGood, type KnownGoodStore } from './known-good-store';
import {
  categoryContexts,
  openCategoryMappings,
  type CategoryContexts,
  type CategoryMappingsService,
} from './category-mappings';

export interface AppCatalog {
  catalog: CatalogService;
  knownGood: KnownGoodStore;
  checks: CatalogChecks;
  mappings: CategoryMappingsService;
  /** What an account's imported or fed rows are read against (issue 34.3). */
  contexts: CategoryContexts;
  /** The catalog's best guesses for a shop category (an import's preview, a feed's plan). */
  guess(shopCategory: string): CatalogHit[];
  /** The catalog file the embedded Sandbox checks paths against, when a newer one is in use. */
  sandboxFile(): string | undefined;
}

export interface AppCatalogDeps {
  dataDir: string;
  language(): 'de' | 'en';
  log: Log;
  /** The app's events (`catalog:changed`, `catalog:known-good-changed`, `categories:changed`). */
  emit: {
    catalogChanged(origin: CatalogOrigin): void;
    knownGoodChanged(accountId: string): void;
    mappingsChanged(): void;
  };
  /** The ids of the accounts (a mapping may name a path the service took for any of them). */
  accountIds(): string[];
  /** The shop's outbox marks each changed mapping before it is written (issue 34.1). */
  willWriteMappings(ids: string[]): () => void;
}

/** Opens the catalog, the known-good store and the mappings of the data folder. */
export async function openAppCatalog(deps: AppCatalogDeps): Promise<AppCatalog> {
  const catalog = await openCatalog({ dataDir: deps.dataDir, language: deps.language, log: deps.log });
  catalog.onChange((origin) => deps.emit.catalogChanged(origin));
  const knownGood = await openKnownGood({ dataDir: deps.dataDir, view: catalog.view, log: deps.log });
  knownGood.onChange((accountId) => deps.emit.knownGoodChanged(accountId));
  const checks = catalogChecks(catalog, knownGood);
  const mappings = await openCategoryMappings({
    dataDir: deps.dataDir,
    catalog: () => catalog.current().catalog,
    acceptable: (wanted) =>
      catalog.view().known(wanted) || deps.accountIds().some((id) => knownGood.category(id, wanted)),
    log: deps.log,
    willWrite: (ids) => deps.willWriteMappings(ids),
  });
  mappings.onChange(() => deps.emit.mappingsChanged());
  return {
    catalog,
    knownGood,
    checks,
    mappings,
    contexts: categoryContexts(catalog, knownGood, mappings),
    guess: (shopCategory) => guessPaths(catalog.search(), shopCategory),
    sandboxFile: () =>
      catalog.current().origin.from === 'file' ? path.join(deps.dataDir, CATALOG_FILE) : undefined,
  };
}
