// `categories map|unmap|mappings|unmapped` (issue 34.4): a shop's categories mapped once to the
// marketplace's, on the command line. These write the data folder (and, in a shop, the shared
// mappings), so they run on the back end like the other commands, through the same contract calls
// Settings → Kategorien makes; what they check first (the path, the attributes' values) is the
// catalog's, read from the app's own.
import {
  attributeForHeader,
  findMapping,
  guessPaths,
  optionForText,
  unmappedCategories,
  type CatalogHit,
  type CatalogView,
  type CategoryContext,
  type CategoryMapping,
  type CategoryMappings,
} from '../../../shared/domain/catalog';
import type { AccountsState } from '../../../shared/ipc/types';
import { wordsIn } from '../../i18n';
import { CallFailed, type Session } from '../session';
import { EXIT, localTime, table } from '../words';
import { feedUnmapped } from './feed-categories';

/** How many guesses a refused path gets: from its own words, then from the shop category's. */
const FROM_PATH = 3;
const NEAREST = 6;

/** A path (or a kind of one) as the seller would type it to map: `PATH --attr art=value`. */
function hitText(hit: CatalogHit): string {
  return hit.kind ? `${hit.path} --attr ${hit.kind.key}=${hit.kind.value}` : hit.path;
}

function hitJson(view: CatalogView, hit: CatalogHit) {
  const category = view.category(hit.path);
  return {
    path: hit.path,
    name: category ? { de: view.names(category, 'de').full, en: view.names(category, 'en').full } : null,
    kind: hit.kind ? { key: hit.kind.key, value: hit.kind.value } : null,
  };
}

/** The catalog's best guesses for a path typed wrong: its own words, then the shop category's. */
function nearestFor(session: Session, typed: string, shopCategory: string): CatalogHit[] {
  const search = session.app.catalog.search();
  const words = typed.replace(/[_/>›|,&-]+/g, ' ');
  const found = new Map<string, CatalogHit>();
  const hits = [
    ...search.search(words, { language: session.language, limit: FROM_PATH }),
    ...guessPaths(search, shopCategory, FROM_PATH),
  ];
  for (const hit of hits) {
    const key = `${hit.path}\u0000${hit.kind?.value ?? ''}`;
    if (!found.has(key)) found.set(key, hit);
  }
  return [...found.values()].slice(0, NEAREST);
}

async function accountIds(session: Session): Promise<string[]> {
  return (await session.call<AccountsState>('accounts:list')).accounts.map((account) => account.id);
}

/** The mappings read against the catalog and what the service took for any account of this desk. */
async function contextOf(session: Session, mappings: CategoryMappings): Promise<CategoryContext> {
  const ids = await accountIds(session);
  return {
    view: session.app.catalog.view(),
    mappings: mappings.mappings,
    knownGood: (path) => ids.some((id) => session.app.knownGood.category(id, path)),
  };
}

/** A category's name in the run's language, or null for a path the catalog lacks. */
function nameOf(session: Session, path: string): string | null {
  const view = session.app.catalog.view();
  const category = view.category(path);
  return category ? view.names(category, session.language).full : null;
}

/**
 * The default attributes as the category takes them: each key (or the attribute's label) to the
 * category's attribute, each value to its option (by value or label, case and umlauts aside).
 * Returns the refusal's text instead when a key or value is not the category's.
 */
function checkedAttributes(
  session: Session,
  path: string,
  given: Readonly<Record<string, string>>,
  conditionWords: Readonly<Record<string, string>>,
): { attributes: Record<string, string> } | { refusal: string } {
  const t = wordsIn(session.language, 'cli');
  const view = session.app.catalog.view();
  // A path only the service knows: the catalog has nothing to check the values against.
  if (!view.known(path)) return { attributes: { ...given } };
  const offered = view.attributes(path);
  const attributes: Record<string, string> = {};
  for (const [typed, text] of Object.entries(given)) {
    const key = offered.some((a) => a.key === typed) ? typed : attributeForHeader(view, path, typed);
    const attribute = offered.find((a) => a.key === key);
    if (key === null || attribute === undefined)
      return {
        refusal: t('categories.map.noAttribute', {
          key: typed,
          path,
          keys: offered.map((a) => a.key).join(', '),
        }),
      };
    const options = attribute.options ?? [];
    if (options.length === 0) {
      attributes[key] = text;
      continue;
    }
    const value = optionForText(view, path, key, text, conditionWords);
    if (value === null)
      return {
        refusal: t('categories.map.noValue', {
          key,
          value: text,
          path,
          values: options
            .map((o) => {
              const label = view.valueLabel(path, key, o.value, session.language);
              return label === o.value ? o.value : `${o.value} (${label})`;
            })
            .join(', '),
        }),
      };
    attributes[key] = value;
  }
  return { attributes };
}

const attributesText = (attributes: Readonly<Record<string, string>>) =>
  Object.entries(attributes)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');

/** `categories map "SHOP CATEGORY" PATH [--attr KEY=VALUE ...]`. */
export async function categoriesMapCommand(
  session: Session,
  shopCategory: string,
  path: string,
  given: Readonly<Record<string, string>>,
): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const view = session.app.catalog.view();
  const ids = await accountIds(session);
  if (!view.known(path) && !ids.some((id) => session.app.knownGood.category(id, path))) {
    const nearest = nearestFor(session, path, shopCategory);
    session.err(
      nearest.length > 0
        ? t('categories.map.unknownPath', {
            path,
            nearest: nearest.map((hit) => `  ${hitText(hit)}`).join('\n'),
          })
        : t('categories.map.unknownPathNone', { path }),
    );
    return EXIT.usage;
  }
  const before = session.app.categoryMappings.current();
  const checked = checkedAttributes(session, path, given, before.conditionWords);
  if ('refusal' in checked) {
    session.err(checked.refusal);
    return EXIT.usage;
  }
  const own = findMapping(before.mappings, shopCategory);
  let mapping: CategoryMapping;
  try {
    mapping = await session.call<CategoryMapping>('categories:map', {
      shopCategory,
      path,
      attributes: checked.attributes,
    });
  } catch (error) {
    // What the contract refuses (a name or value too long): said as it says it, nothing mapped.
    if (!(error instanceof CallFailed) || error.error.code !== 'invalid-input') throw error;
    session.err(error.error.message);
    return EXIT.usage;
  }
  const name = nameOf(session, mapping.path);
  const lines = [
    t(own !== null && !own.inherited ? 'categories.map.remapped' : 'categories.map.mapped', {
      shopCategory: mapping.shopCategory,
      path: name === null ? mapping.path : `${mapping.path} (${name})`,
    }),
  ];
  if (Object.keys(mapping.attributes).length > 0)
    lines.push(t('categories.map.attributes', { attributes: attributesText(mapping.attributes) }));
  if (name === null) lines.push(t('categories.map.knownGoodOnly'));
  lines.push(t('categories.map.inherited'));
  session.out(lines.join('\n'));
  return EXIT.ok;
}

/** `categories unmap "SHOP CATEGORY"`: its own mapping goes; deeper ones keep theirs. */
export async function categoriesUnmapCommand(session: Session, shopCategory: string): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const found = findMapping(session.app.categoryMappings.current().mappings, shopCategory);
  if (found === null || found.inherited) {
    session.err(
      found === null
        ? t('categories.unmap.none', { shopCategory })
        : t('categories.unmap.inherited', { shopCategory, from: found.mapping.shopCategory }),
    );
    return EXIT.someFailed;
  }
  await session.call<{ done: boolean }>('categories:unmap', { shopCategory });
  const after = findMapping(session.app.categoryMappings.current().mappings, shopCategory);
  session.out(
    after === null
      ? t('categories.unmap.done', { shopCategory: found.mapping.shopCategory })
      : t('categories.unmap.doneInherits', {
          shopCategory: found.mapping.shopCategory,
          from: after.mapping.shopCategory,
          path: after.mapping.path,
        }),
  );
  return EXIT.ok;
}

/** `categories mappings [--json]`: every mapping, and the condition words. */
export async function categoriesMappingsCommand(session: Session, json: boolean): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const current = await session.call<CategoryMappings>('categories:mappings');
  const view = session.app.catalog.view();
  if (json) {
    const mappings = current.mappings.map((m) => {
      const category = view.category(m.path);
      return {
        shopCategory: m.shopCategory,
        path: m.path,
        known: category !== undefined,
        name: category ? { de: view.names(category, 'de').full, en: view.names(category, 'en').full } : null,
        attributes: m.attributes,
        updatedAt: m.updatedAt ?? null,
      };
    });
    session.out(
      JSON.stringify(
        {
          mappings,
          conditionWords: current.conditionWords,
          conditionConfirmed: current.conditionConfirmed,
        },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }
  const lines: string[] = [];
  if (current.mappings.length === 0) lines.push(t('categories.mappings.none'));
  else
    lines.push(
      table(
        ['shopCategory', 'path', 'attributes'].map((key) => t(`categories.header.${key}`)),
        current.mappings.map((m) => [m.shopCategory, m.path, attributesText(m.attributes)]),
      ),
    );
  lines.push(
    '',
    t(current.conditionConfirmed ? 'categories.mappings.words' : 'categories.mappings.wordsDefault'),
    ...Object.entries(current.conditionWords).map(([word, value]) => `  ${word} → ${value}`),
  );
  session.out(lines.join('\n'));
  return EXIT.ok;
}

/** One unmapped shop category as `unmapped` lists it. */
interface Unmapped {
  shopCategory: string;
  /** How many of the feed's rows carry it (a feed's only). */
  rows?: number;
  guesses: CatalogHit[];
}

/** The last import's shop categories that no mapping serves, with the catalog's guesses. */
async function lastImportUnmapped(session: Session, categories: readonly string[]): Promise<Unmapped[]> {
  const context = await contextOf(session, session.app.categoryMappings.current());
  const search = session.app.catalog.search();
  return unmappedCategories(categories, context).map((shopCategory) => ({
    shopCategory,
    guesses: guessPaths(search, shopCategory),
  }));
}

/**
 * `categories unmapped [--feed NAME] [--json]`: the shop categories the last import (or the feed's
 * source as it is now) holds that no mapping serves, each once with the catalog's best guesses.
 */
export async function categoriesUnmappedCommand(
  session: Session,
  feedName: string | undefined,
  json: boolean,
): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  let from: { kind: 'import'; source: string; at: string } | { kind: 'feed'; name: string; source: string };
  let unmapped: Unmapped[];
  if (feedName !== undefined) {
    const feed = await feedUnmapped(session, feedName);
    from = { kind: 'feed', name: feed.name, source: feed.source };
    unmapped = feed.unmapped;
  } else {
    const last = session.app.categoryMappings.lastImport();
    if (last === null) {
      if (json) session.out(JSON.stringify({ from: null, unmapped: [] }, null, 2));
      else session.out(t('categories.unmapped.noImport'));
      return EXIT.ok;
    }
    from = { kind: 'import', source: last.source, at: last.at };
    unmapped = await lastImportUnmapped(session, last.categories);
  }
  if (json) {
    const view = session.app.catalog.view();
    session.out(
      JSON.stringify(
        {
          from,
          unmapped: unmapped.map((u) => ({
            shopCategory: u.shopCategory,
            ...(u.rows !== undefined && { rows: u.rows }),
            guesses: u.guesses.map((hit) => hitJson(view, hit)),
          })),
        },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }
  const of =
    from.kind === 'feed'
      ? t('categories.unmapped.ofFeed', { name: from.name, source: from.source })
      : t('categories.unmapped.ofImport', {
          source: from.source,
          when: localTime(from.at, session.language),
        });
  if (unmapped.length === 0) {
    session.out(t('categories.unmapped.none', { of }));
    return EXIT.ok;
  }
  session.out(
    [
      t('categories.unmapped.some', { of, count: unmapped.length }),
      table(
        ['shopCategory', 'guesses'].map((key) => t(`categories.header.${key}`)),
        unmapped.map((u) => [u.shopCategory, u.guesses.map(hitText).join('; ') || '–']),
      ),
      t('categories.unmapped.hint'),
    ].join('\n'),
  );
  return EXIT.ok;
}
