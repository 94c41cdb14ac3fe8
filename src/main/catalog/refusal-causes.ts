// Why the service may have refused a create or an update (issue 33.4), in the seller's words and by
// the catalog's labels, in English and German: the parts the request sends that are not known good
// for the account. Those the catalog does not know are the likely cause ("Size 'xl' is not known for
// Women's shoes: 35 to 49"); where every part is in the catalog, those the service never took from
// the account are named instead. All parts known good: nothing to say.
import type { CatalogAttribute, CatalogLanguage, CatalogView } from '../../shared/domain/catalog';
import { yesNoValues } from '../../shared/domain/catalog';
import type { LikelyCause } from '../../shared/service-messages';
import { wordsIn } from '../i18n';
import type { KnownGood } from './known-good';

/** What a refused request sent, as far as the catalog judges it. */
export interface RefusedParts {
  accountId: string;
  /** The listing's path: the one sent, else the listing's own (an update may send none). */
  path: string | undefined;
  /** Whether the request sent the category (an update that keeps it does not blame it). */
  sendsCategory: boolean;
  /** The attributes sent (an update that keeps them sends none). */
  attributes?: Readonly<Record<string, string>>;
}

/** One part the message names. */
type Cause =
  | { kind: 'unknownCategory'; path: string }
  | { kind: 'unknownKey'; key: string }
  | { kind: 'unknownValue'; key: string; value: string; attribute: CatalogAttribute }
  | { kind: 'notNumber'; key: string; value: string }
  | { kind: 'untriedCategory' }
  | { kind: 'untriedValue'; key: string; value: string };

const LANGUAGES: readonly CatalogLanguage[] = ['en', 'de'];
const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const LISTED = 5;

/** The parts to blame: those the catalog does not know, else those the service never took. */
function causesOf(view: CatalogView, known: KnownGood, parts: RefusedParts): Cause[] {
  const { accountId, path } = parts;
  if (path === undefined || path.trim() === '') return [];
  const strong: Cause[] = [];
  const weak: Cause[] = [];
  const inCatalog = view.known(path);
  if (parts.sendsCategory && !known.category(accountId, path)) {
    if (inCatalog) weak.push({ kind: 'untriedCategory' });
    else strong.push({ kind: 'unknownCategory', path: path.trim() });
  }
  for (const [key, value] of Object.entries(parts.attributes ?? {})) {
    if (known.value(accountId, path, key, value)) continue;
    const attribute = view.attributes(path).find((a) => a.key === key);
    if (!inCatalog) {
      // The category itself is the catalog's stranger: its values cannot be judged by it.
      weak.push({ kind: 'untriedValue', key, value });
    } else if (!attribute) {
      strong.push({ kind: 'unknownKey', key });
    } else if (attribute.type === 'number' || attribute.type === 'range') {
      if (NUMBER.test(value.trim())) weak.push({ kind: 'untriedValue', key, value });
      else strong.push({ kind: 'notNumber', key, value });
    } else if (allowedValues(attribute)?.includes(value) === false) {
      strong.push({ kind: 'unknownValue', key, value, attribute });
    } else {
      weak.push({ kind: 'untriedValue', key, value });
    }
  }
  return strong.length > 0 ? strong : weak;
}

/** The values a select or yes-no attribute takes, where the catalog lists them. */
function allowedValues(attribute: CatalogAttribute): string[] | undefined {
  if (attribute.type === 'yes-no') {
    const { yes, no } = yesNoValues(attribute);
    return [yes, no];
  }
  if (attribute.type !== 'select' || !attribute.options?.length) return undefined;
  return attribute.options.map((option) => option.value);
}

/** The allowed values in a few words: a run of numbers as "35 to 49", else the first labels. */
function allowedText(
  view: CatalogView,
  path: string,
  attribute: CatalogAttribute,
  language: CatalogLanguage,
) {
  const t = wordsIn(language, 'knownGood');
  const labels = (allowedValues(attribute) ?? []).map((value) =>
    view.valueLabel(path, attribute.key, value, language),
  );
  const numbers = labels
    .filter((label) => NUMBER.test(label))
    .map((label) => Number(label.replace(',', '.')));
  if (numbers.length >= 3 && numbers.length * 2 >= labels.length) {
    const from = Math.min(...numbers);
    const to = Math.max(...numbers);
    return t('range', { from: String(from), to: String(to) });
  }
  if (labels.length <= LISTED + 1) return labels.join(', ');
  return t('more', { list: labels.slice(0, LISTED).join(', '), count: labels.length - LISTED });
}

function sentences(view: CatalogView, path: string, causes: Cause[], language: CatalogLanguage): string {
  const t = wordsIn(language, 'knownGood');
  const found = view.category(path);
  const category = found ? view.names(found, language).sub : path.trim();
  const attribute = (key: string) => view.attributeLabel(key, language);
  const out: string[] = [];
  const untried: string[] = [];
  for (const cause of causes) {
    switch (cause.kind) {
      case 'unknownCategory':
        out.push(t('unknownCategory', { path: cause.path }));
        break;
      case 'unknownKey':
        out.push(t('unknownKey', { key: cause.key, category }));
        break;
      case 'unknownValue':
        out.push(
          t('unknownValue', {
            attribute: attribute(cause.key),
            value: cause.value,
            category,
            allowed: allowedText(view, path, cause.attribute, language),
          }),
        );
        break;
      case 'notNumber':
        out.push(t('notNumber', { attribute: attribute(cause.key), value: cause.value }));
        break;
      case 'untriedCategory':
        untried.push(t('untriedCategory', { category }));
        break;
      case 'untriedValue':
        untried.push(
          t('untriedValue', {
            attribute: attribute(cause.key),
            value: view.valueLabel(path, cause.key, cause.value, language),
          }),
        );
        break;
    }
  }
  if (untried.length > 0) out.push(t('untriedValues', { values: untried.join(', ') }));
  return out.join(' ');
}

/** The likely cause of a refusal in both languages, or undefined when every part sent is known good. */
export function likelyCauseOf(
  view: CatalogView,
  known: KnownGood,
  parts: RefusedParts,
): LikelyCause | undefined {
  const causes = causesOf(view, known, parts);
  if (causes.length === 0 || parts.path === undefined) return undefined;
  const path = parts.path;
  const [en, de] = LANGUAGES.map((language) => sentences(view, path, causes, language)) as [string, string];
  return { en, de };
}
