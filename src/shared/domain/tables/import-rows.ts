// A table row (or an ad file's fields) turned into the draft it will become, with its problems.
import type { ImportDraftFields, ImportMapping, ImportProblem } from './import';
import {
  categoryOf,
  readRowCategory,
  rowAttributes,
  type RowAttributeCell,
  type RowCategory,
  type RowCategoryOptions,
} from './import-categories';
import { parsePrice } from './import-price';
import { offerValueOf } from '../drafts';

export type TableCell = string | number | boolean | null;

export interface RowDraft {
  fields: Omit<ImportDraftFields, 'photos'>;
  /** Photo file names as written in the row, in order. */
  photoNames: string[];
  problems: ImportProblem[];
  /** The category cell as written (the shop categories of an import are remembered). */
  categoryCell?: string;
  /** The shop category as named when no mapping serves it (the preview lists each once). */
  unmappedCategory?: string;
}

/** A cell as text: trimmed, line breaks as "\n". */
export function cellText(cell: TableCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).replace(/\r\n?/g, '\n').trim();
}

export { categoryOf };

/** A price type as the service names it, from German or English words. */
export function priceTypeOf(raw: string): string {
  // The app's own words first ("Fixed price", "Festpreis"), as an export writes them.
  const known = offerValueOf('priceType', raw);
  if (known !== raw) return known;
  const key = raw.toLowerCase().replace(/[^a-z]/g, '');
  if (['fixed', 'festpreis', 'fest', 'fix'].includes(key)) return 'FIXED';
  if (['negotiable', 'vb', 'vhb', 'verhandlungsbasis', 'verhandelbar'].includes(key)) return 'NEGOTIABLE';
  if (['giveaway', 'zuverschenken', 'verschenken', 'free', 'gratis', 'kostenlos'].includes(key))
    return 'GIVE_AWAY';
  return raw.trim().toUpperCase();
}

function adTypeOf(raw: string): string {
  const key = raw.toLowerCase();
  if (['angebot', 'biete', 'offer'].includes(key)) return 'OFFER';
  if (['gesuch', 'suche', 'wanted'].includes(key)) return 'WANTED';
  return raw.toUpperCase();
}

/** Yes or no from the words sheets use; undefined when it is neither. */
export function yesNo(raw: string): boolean | null | undefined {
  const key = raw.toLowerCase();
  if (key === '') return null;
  if (['ja', 'j', 'yes', 'y', 'true', 'wahr', '1', 'x'].includes(key)) return true;
  if (['nein', 'n', 'no', 'false', 'falsch', '0', '-'].includes(key)) return false;
  return undefined;
}

/** Photo names in one cell: separated by line breaks, ',', ';' or '|'. */
export function photoNamesOf(raw: string): string[] {
  return raw
    .split(/[\n,;|]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * The draft a table row becomes under `mapping`. Without `categories`, the category is taken as
 * typed and attribute columns are named by their headers; with them, both go through the shop's
 * category mappings and the category's attributes (issue 34).
 */
export function tableRowToDraft(
  header: readonly string[],
  mapping: ImportMapping,
  cells: readonly TableCell[],
  categories?: RowCategoryOptions,
): RowDraft {
  const fields: RowDraft['fields'] = {};
  const publication: NonNullable<RowDraft['fields']['publication']> = {};
  const attributeCells: RowAttributeCell[] = [];
  let category: RowCategory | undefined;
  let categoryCell: string | undefined;
  const problems: ImportProblem[] = [];
  const photoNames: string[] = [];
  let negotiable = false;
  mapping.forEach((target, column) => {
    if (target === null) return;
    const cell = cells[column];
    const text = cellText(cell);
    switch (target) {
      case 'title':
        fields.title = text.replace(/\s*\n\s*/g, ' ');
        break;
      case 'description':
        fields.description = text;
        break;
      case 'price': {
        const reading = parsePrice(typeof cell === 'number' ? cell : text);
        if (!reading.ok) problems.push({ code: 'bad-price', severity: 'error', field: 'price', value: text });
        else {
          fields.price = { ...fields.price, amount: reading.amount };
          negotiable = reading.negotiable;
        }
        break;
      }
      case 'priceType':
        if (text !== '') fields.price = { ...fields.price, type: priceTypeOf(text) };
        break;
      case 'category': {
        if (text === '') break;
        categoryCell = text;
        category = readRowCategory(text, categories);
        if (category.category !== undefined) fields.category = category.category;
        problems.push(...category.problems);
        break;
      }
      case 'photos':
        photoNames.push(...photoNamesOf(text));
        break;
      case 'reference':
        if (text !== '') fields.customReference = text;
        break;
      case 'email':
        if (text !== '') fields.email = text;
        break;
      case 'phoneNumber':
        if (text !== '') fields.phoneNumber = text;
        break;
      case 'contactPerson':
        if (text !== '') fields.contactPerson = text;
        break;
      case 'street':
        if (text !== '') publication.street = text;
        break;
      case 'postalCode':
        if (text !== '') publication.postalCode = text;
        break;
      case 'city':
        if (text !== '') publication.city = text;
        break;
      case 'district':
        if (text !== '') publication.district = text;
        break;
      case 'radius':
        if (text !== '') publication.availabilityRadiusInKm = text;
        break;
      case 'adType':
        if (text !== '') fields.adType = adTypeOf(text);
        break;
      case 'buyNow': {
        const value = yesNo(text);
        if (value === undefined)
          problems.push({ code: 'bad-yes-no', severity: 'warning', field: 'buyNow', value: text });
        else if (value !== null) fields.buyNow = value;
        break;
      }
      case 'attribute':
        attributeCells.push({ header: header[column] ?? '', text });
        break;
    }
  });
  // Cells past the header's end belong to no column: a separator inside an unquoted cell splits it
  // ("a.jpg, b.jpg"), so the row is refused rather than imported with a cell quietly gone.
  const extra = cells
    .slice(header.length)
    .map(cellText)
    .filter((text) => text !== '');
  if (extra.length > 0) problems.push({ code: 'extra-cells', severity: 'error', names: extra });
  if (negotiable && fields.price?.type === undefined) fields.price = { ...fields.price, type: 'NEGOTIABLE' };
  if (Object.keys(publication).length > 0) fields.publication = publication;
  const read = rowAttributes(attributeCells, category, categories);
  problems.push(...read.problems);
  if (Object.keys(read.attributes).length > 0) fields.attributes = read.attributes;
  if ((fields.title ?? '') === '')
    problems.unshift({ code: 'missing-title', severity: 'error', field: 'title' });
  return {
    fields,
    photoNames,
    problems,
    ...(categoryCell !== undefined && { categoryCell }),
    ...(category?.unmapped !== undefined && { unmappedCategory: category.unmapped }),
  };
}

/** True when no cell of the row holds anything. */
export function isEmptyRow(cells: readonly TableCell[]): boolean {
  return cells.every((cell) => cellText(cell) === '');
}
