// The attributes the catalog offers for a draft's category, as the editor's fields (issue 33.3),
// over the very attribute rows the draft keeps: a field shows and changes the first row of its key
// (the one the record keeps), sets no row while empty (an attribute the seller did not set is not
// sent), and a value the catalog does not list is kept as it is and only marked. Rows of other keys
// stay free rows below, as do rows the seller added there by hand (`free`), whatever their key.
// Types only: the catalog's code comes with the catalog, in a chunk of its own (catalog-store.ts).
import type { CatalogAttribute, CatalogLanguage, CatalogView } from '../../shared/domain/catalog';
import { newRowId, type AttributeRow } from './attribute-rows';

/** How a field is edited: a select of the listed values, yes/no, one number, or free text. */
export type CatalogControl = 'select' | 'yes-no' | 'number' | 'text';

export interface CatalogFieldOption {
  value: string;
  label: string;
}

export interface CatalogField {
  key: string;
  label: string;
  control: CatalogControl;
  /** The select that holds the category's kind (`art`, else `type`/`typ`): shown first. */
  kind: boolean;
  /** The row that holds its value, if the seller set one. */
  row: AttributeRow | undefined;
  /** The value as stored ('' when not set). */
  value: string;
  /** The values offered (select, yes/no), labels in the editor's language. */
  options: CatalogFieldOption[];
  /** Set, and not a value the catalog lists (for a number: not a number). Kept and sent all the same. */
  unknown: boolean;
  /** For a number: the catalog's values, as hints only (the first and the last, as labelled). */
  hints: CatalogFieldOption[];
  /** Behind the "more" disclosure: one of many yes/no questions. */
  more: boolean;
}

/** Keys shown right after the kind, as a seller looks for them first. */
const FIRST_KEYS = ['condition', 'versand'];
/** Up to this many yes/no questions stay in view; more go behind the disclosure together. */
const YES_NO_IN_VIEW = 3;

function controlOf(attribute: CatalogAttribute): CatalogControl {
  if (attribute.type === 'select' && (attribute.options?.length ?? 0) > 0) return 'select';
  if (attribute.type === 'yes-no') return 'yes-no';
  if (attribute.type === 'number' || attribute.type === 'range') return 'number';
  return 'text';
}

/** A whole or decimal number as a seller types it (`125000`, `12,5`, `-3`). */
export function isNumberText(text: string): boolean {
  return /^-?\d+([.,]\d+)?$/.test(text.trim());
}

const keyOf = (row: AttributeRow) => row.key.trim();

/** Options by their number, smallest first, where each is one (the catalog lists years newest first). */
function byNumber(options: CatalogFieldOption[]): CatalogFieldOption[] {
  if (!options.every((option) => isNumberText(option.value))) return options;
  const number = (option: CatalogFieldOption) => Number(option.value.replace(',', '.'));
  return [...options].sort((a, b) => number(a) - number(b));
}

/** The first row of each key, as `attributesOf` keeps it. */
function firstRows(rows: readonly AttributeRow[]): Map<string, AttributeRow> {
  const first = new Map<string, AttributeRow>();
  for (const row of rows) if (!first.has(keyOf(row))) first.set(keyOf(row), row);
  return first;
}

function optionsOf(
  view: CatalogView,
  path: string,
  attribute: CatalogAttribute,
  control: CatalogControl,
  language: CatalogLanguage,
): CatalogFieldOption[] {
  const label = (value: string) => view.valueLabel(path, attribute.key, value, language);
  if (control === 'yes-no') {
    const { yes, no } = view.yesNoValues(attribute);
    return [yes, no].map((value) => ({ value, label: label(value) }));
  }
  return (attribute.options ?? []).map((option) => ({ value: option.value, label: label(option.value) }));
}

function isUnknown(field: Pick<CatalogField, 'control' | 'options'>, value: string): boolean {
  const text = value.trim();
  if (text === '') return false;
  if (field.control === 'number') return !isNumberText(text);
  if (field.control === 'text') return false;
  return !field.options.some((option) => option.value === text);
}

/**
 * The editor's fields for the category at `path` (none when the catalog does not know it), and
 * the rows shown as free rows below them.
 */
export function catalogFields(
  view: CatalogView,
  path: string,
  rows: readonly AttributeRow[],
  language: CatalogLanguage,
): { fields: CatalogField[]; freeRows: AttributeRow[] } {
  if (!view.known(path)) return { fields: [], freeRows: [...rows] };
  const kindKey = view.kindAttribute(path)?.key;
  const first = firstRows(rows);
  const attributes = view.attributes(path);
  const rank = (attribute: CatalogAttribute) => {
    if (attribute.key === kindKey) return 0;
    const at = FIRST_KEYS.indexOf(attribute.key);
    return at < 0 ? FIRST_KEYS.length + 1 : at + 1;
  };
  // A stable sort: the kind, the first keys, then the catalog's own order.
  const ordered = [...attributes].sort((a, b) => rank(a) - rank(b));
  const yesNo = ordered.filter((a) => controlOf(a) === 'yes-no' && !FIRST_KEYS.includes(a.key));
  const fold = yesNo.length > YES_NO_IN_VIEW;
  const fields = ordered.map((attribute): CatalogField => {
    const control = controlOf(attribute);
    const row = first.get(attribute.key);
    const options = control === 'number' ? [] : optionsOf(view, path, attribute, control, language);
    const all = control === 'number' ? byNumber(optionsOf(view, path, attribute, 'select', language)) : [];
    const value = row?.value ?? '';
    const field = {
      key: attribute.key,
      label: view.attributeLabel(attribute.key, language),
      control,
      kind: attribute.key === kindKey,
      row,
      value,
      options,
      hints: all.length > 2 ? [all[0]!, all.at(-1)!] : all,
      more: fold && yesNo.includes(attribute),
    };
    return { ...field, unknown: isUnknown(field, value) };
  });
  const bound = new Set(fields.flatMap((field) => (field.row ? [field.row.id] : [])));
  return { fields, freeRows: rows.filter((row) => row.free || !bound.has(row.id)) };
}

/**
 * A number's hint: the number as the language writes it where the label is the number written out
 * (`5.000`, `5,000`; a year as it is), else `1 = Januar`.
 */
export function hintText(option: CatalogFieldOption, language: CatalogLanguage): string {
  if (option.label === option.value) return option.label;
  if (option.label.replace(/\D/g, '') !== option.value) return `${option.value} = ${option.label}`;
  return Number(option.value).toLocaleString(language === 'de' ? 'de-DE' : 'en-GB');
}

/**
 * The rows with `key` set to `value`: the first row of the key changes, a new row comes last, and
 * an empty value takes the row away (an attribute not set is not sent).
 */
export function withCatalogValue(rows: readonly AttributeRow[], key: string, value: string): AttributeRow[] {
  const row = rows.find((r) => keyOf(r) === key);
  if (value === '') return row ? rows.filter((r) => r !== row) : [...rows];
  if (row) return rows.map((r) => (r === row ? { ...r, value } : r));
  return [...rows, { id: newRowId(), key, value }];
}
