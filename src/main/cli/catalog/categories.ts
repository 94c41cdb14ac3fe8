// `categories search WORDS [--json]` and `categories show PATH [--json]` (issue 33.7): the
// marketplace's catalog on the command line, the same one the app uses (a newer file in the data
// folder wins). Read alone, without the back end or the data folder's lock: it only reads.
import type { CatalogService } from '../../catalog';
import type {
  CatalogAttribute,
  CatalogCategory,
  CatalogLanguage,
  CatalogView,
} from '../../../shared/domain/catalog';
import type { UiLanguage } from '../../../shared/i18n-language';
import { wordsIn } from '../../i18n';
import type { Output } from '../session';
import { EXIT, table } from '../words';

const LANGUAGES: readonly CatalogLanguage[] = ['de', 'en'];
const SEARCH_LIMIT = 12;
const NEAREST = 5;

const both = (name: (language: CatalogLanguage) => string) => ({ de: name('de'), en: name('en') });

function namesOf(view: CatalogView, category: CatalogCategory | undefined, path: string) {
  return category ? both((language) => view.names(category, language).full) : { de: path, en: path };
}

/** `categories search WORDS`: subcategories and kinds, each with what it sets. */
export function categoriesSearchCommand(
  output: Output,
  language: UiLanguage,
  catalog: CatalogService,
  query: string,
  json: boolean,
): number {
  const t = wordsIn(language, 'cli');
  const view = catalog.view();
  const hits = catalog.search().search(query, { language, limit: SEARCH_LIMIT });
  const results = hits.map((hit) => ({
    path: hit.path,
    names: namesOf(view, view.category(hit.path), hit.path),
    kind: hit.kind
      ? {
          key: hit.kind.key,
          value: hit.kind.value,
          label: both((l) => view.valueLabel(hit.path, hit.kind!.key, hit.kind!.value, l)),
        }
      : null,
  }));
  if (json) {
    output.out(JSON.stringify({ query, catalog: catalog.current().origin, results }, null, 2));
    return EXIT.ok;
  }
  if (results.length === 0) {
    output.out(t('categories.noneFound', { query }));
    return EXIT.ok;
  }
  const rows = results.map((result) => [
    result.kind ? `${result.names[language]} › ${result.kind.label[language]}` : result.names[language],
    result.path,
    result.kind ? `${result.kind.key}=${result.kind.value}` : '',
  ]);
  output.out(
    table(
      ['category', 'path', 'sets'].map((key) => t(`categories.header.${key}`)),
      rows,
    ),
  );
  return EXIT.ok;
}

function attributeJson(view: CatalogView, path: string, attribute: CatalogAttribute) {
  return {
    key: attribute.key,
    label: both((l) => view.attributeLabel(attribute.key, l)),
    type: attribute.type,
    values: (attribute.options ?? []).map((option) => ({
      value: option.value,
      label: both((l) => view.valueLabel(path, attribute.key, option.value, l)),
    })),
  };
}

/** `categories show PATH`: its names, kinds and attributes; a path the catalog lacks, with the nearest. */
export function categoriesShowCommand(
  output: Output,
  language: UiLanguage,
  catalog: CatalogService,
  path: string,
  json: boolean,
): number {
  const t = wordsIn(language, 'cli');
  const view = catalog.view();
  const category = view.category(path);
  if (!category) {
    // The path's own words searched: a typo in one segment still finds its neighbours.
    const words = path.replace(/[_/>›,&-]+/g, ' ');
    const nearest = [
      ...new Set(
        catalog
          .search()
          .search(words, { language, limit: SEARCH_LIMIT })
          .map((hit) => hit.path),
      ),
    ].slice(0, NEAREST);
    if (json) output.out(JSON.stringify({ path, known: false, nearest }, null, 2));
    else
      output.err(
        nearest.length > 0
          ? t('categories.unknownPath', { path, nearest: nearest.map((p) => `  ${p}`).join('\n') })
          : t('categories.unknownPathNone', { path }),
      );
    return EXIT.someFailed;
  }
  const kind = view.kindAttribute(category.path);
  const attributes = view.attributes(category.path).map((a) => attributeJson(view, category.path, a));
  if (json) {
    output.out(
      JSON.stringify(
        {
          path: category.path,
          known: true,
          names: namesOf(view, category, category.path),
          kinds: kind ? attributeJson(view, category.path, kind) : null,
          attributes,
        },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }
  // A header under a line of its own, its first column indented like its rows.
  const indented = (keys: string[]) =>
    keys.map((key, i) => `${i === 0 ? '  ' : ''}${t(`categories.header.${key}`)}`);
  const lines = [category.path];
  for (const l of LANGUAGES) lines.push(`  ${t(`categories.name.${l}`)}: ${view.names(category, l).full}`);
  lines.push('');
  if (kind) {
    lines.push(t('categories.kinds', { key: kind.key, label: view.attributeLabel(kind.key, language) }));
    lines.push(
      table(
        indented(['value', 'label']),
        (kind.options ?? []).map((o) => [
          `  ${o.value}`,
          view.valueLabel(category.path, kind.key, o.value, language),
        ]),
      ),
    );
    lines.push('');
  } else lines.push(t('categories.noKinds'), '');
  lines.push(t('categories.attributes'));
  const valuesText = (a: ReturnType<typeof attributeJson>) =>
    a.values.length === 0
      ? t('categories.anyValue')
      : a.values
          .map((v) => (v.label[language] === v.value ? v.value : `${v.value} (${v.label[language]})`))
          .join(', ');
  lines.push(
    table(
      indented(['key', 'label', 'type', 'values']),
      attributes.map((a) => [
        `  ${a.key}`,
        a.label[language],
        t(`categories.type.${a.type}`, { defaultValue: a.type }),
        valuesText(a),
      ]),
    ),
  );
  output.out(lines.join('\n'));
  return EXIT.ok;
}
