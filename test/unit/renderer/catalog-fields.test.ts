// The editor's attribute fields by category (issue 33.3): the catalog's attributes over the draft's
// attribute rows, on the shipped catalog.
import { describe, expect, it } from 'vitest';
import shipped from '../../../src/shared/marketplace-catalog.json' with { type: 'json' };
import { makeCatalogView, readCatalog } from '../../../src/shared/domain/catalog';
import { attributesOf, rowsOf, type AttributeRow } from '../../../src/renderer/store/attribute-rows';
import {
  catalogFields,
  hintText,
  isNumberText,
  withCatalogValue,
} from '../../../src/renderer/store/catalog-fields';

const reading = readCatalog(JSON.stringify(shipped));
if (!reading.ok) throw new Error(reading.problem);
const view = makeCatalogView(reading.catalog);
const TOYS = 'Familie_Kind_Baby/Spielzeug';
const CARS = 'Auto_Rad_Boot/Autos';

const field = (fields: ReturnType<typeof catalogFields>['fields'], key: string) => {
  const found = fields.find((f) => f.key === key);
  if (!found) throw new Error(`no field ${key}`);
  return found;
};

describe("the category's attributes as the editor's fields", () => {
  it('offers nothing for a path the catalog does not know: every row stays a free row', () => {
    const rows = rowsOf({ condition: 'like_new', Farbe: 'rot' });
    expect(catalogFields(view, 'Haushalt/Kühlschränke', rows, 'de')).toEqual({ fields: [], freeRows: rows });
    expect(catalogFields(view, '', rows, 'de').fields).toEqual([]);
  });

  it('shows the kind first, then condition and shipping, then the rest in the catalog’s order', () => {
    const { fields } = catalogFields(view, TOYS, [], 'de');
    expect(fields.map((f) => f.key)).toEqual(['art', 'condition', 'versand']);
    expect(fields.map((f) => f.kind)).toEqual([true, false, false]);
    expect(fields.map((f) => f.control)).toEqual(['select', 'select', 'yes-no']);
    // Labels of the values in the editor's language (German where the catalog has no English).
    const condition = field(fields, 'condition');
    expect(condition.options).toContainEqual({ value: 'like_new', label: 'Sehr Gut' });
    expect(field(fields, 'art').options).toContainEqual({ value: 'lego_duplo', label: 'LEGO & Duplo' });
    expect(field(fields, 'versand').options).toEqual([
      { value: 'ja', label: 'Ja' },
      { value: 'nein', label: 'Nein' },
    ]);
    expect(
      catalogFields(view, TOYS, [], 'en')
        .fields.at(-1)
        ?.options.map((o) => o.label),
    ).toEqual(['Yes', 'No']);
    expect(fields.every((f) => f.value === '' && f.row === undefined && !f.unknown && !f.more)).toBe(true);
  });

  it("binds each field to its key's first row, keeps other keys and hand-added rows free", () => {
    const rows: AttributeRow[] = [
      { id: 'a', key: 'condition', value: 'like_new' },
      { id: 'b', key: 'Farbe', value: 'rot' },
      { id: 'c', key: ' art ', value: 'puppen' },
      { id: 'd', key: 'versand', value: 'ja', free: true },
    ];
    const { fields, freeRows } = catalogFields(view, TOYS, rows, 'de');
    expect(field(fields, 'condition')).toMatchObject({ value: 'like_new', row: rows[0], unknown: false });
    expect(field(fields, 'art')).toMatchObject({ value: 'puppen', row: rows[2] });
    expect(field(fields, 'versand')).toMatchObject({ value: 'ja', row: rows[3] });
    expect(freeRows.map((r) => r.id)).toEqual(['b', 'd']);
  });

  it('keeps a value the catalog does not list, and marks it', () => {
    const rows = rowsOf({ condition: 'defect', versand: 'vielleicht', art: 'lego_duplo' });
    const { fields, freeRows } = catalogFields(view, TOYS, rows, 'de');
    // Spielzeug lists no `defect` (fashion has no `defect` either: values differ by category).
    expect(field(fields, 'condition')).toMatchObject({ value: 'defect', unknown: true });
    expect(field(fields, 'versand')).toMatchObject({ value: 'vielleicht', unknown: true });
    expect(field(fields, 'art')).toMatchObject({ value: 'lego_duplo', unknown: false });
    expect(freeRows).toEqual([]);
    expect(attributesOf(rows)).toEqual({ condition: 'defect', versand: 'vielleicht', art: 'lego_duplo' });
  });

  it('offers one number for number and range attributes, the catalog’s values as hints only', () => {
    const rows = rowsOf({ km: '125000', ez: 'neu' });
    const { fields } = catalogFields(view, CARS, rows, 'de');
    const km = field(fields, 'km');
    expect(km).toMatchObject({ control: 'number', options: [], value: '125000', unknown: false });
    expect(km.hints.map((hint) => hintText(hint, 'de'))).toEqual(['5.000', '150.000']);
    expect(km.hints.map((hint) => hintText(hint, 'en'))).toEqual(['5,000', '150,000']);
    // Smallest first (the catalog lists years newest first); a year as it is written.
    const ez = field(fields, 'ez');
    expect(ez).toMatchObject({ value: 'neu', unknown: true });
    expect(ez.hints.map((hint) => hintText(hint, 'en'))).toEqual(['1910', '2026']);
    const months = field(catalogFields(view, 'Immobilien/Haus_mieten', [], 'de').fields, 'verfuegbarm');
    expect(months.hints.map((hint) => hintText(hint, 'de'))).toEqual(['1 = Januar', '12 = Dezember']);
    const wage = field(catalogFields(view, 'Jobs/Praktika', [], 'de').fields, 'wage');
    expect(wage).toMatchObject({ control: 'number', hints: [] });
    expect(['12', '12,5', '-3', ' 7.25 '].every(isNumberText)).toBe(true);
    expect(['', '1e3', '12,', 'zwölf'].some(isNumberText)).toBe(false);
  });

  it('puts many yes/no questions behind "more", never the kind, condition, shipping or a select', () => {
    const { fields } = catalogFields(view, CARS, [], 'de');
    expect(fields.length).toBe(30);
    expect(fields[0]).toMatchObject({ key: 'typ', kind: true, more: false });
    const more = fields.filter((f) => f.more);
    expect(more.length).toBe(15);
    expect(more.every((f) => f.control === 'yes-no' && f.key !== 'versand')).toBe(true);
    expect(fields.filter((f) => !f.more).map((f) => f.key)).toEqual(
      expect.arrayContaining(['typ', 'versand', 'marke', 'km', 'ez', 'power']),
    );
    // A few yes/no questions stay in view.
    expect(catalogFields(view, TOYS, [], 'de').fields.some((f) => f.more)).toBe(false);
  });
});

describe('setting a field', () => {
  const rows: AttributeRow[] = [
    { id: 'a', key: 'Farbe', value: 'rot' },
    { id: 'b', key: 'condition', value: 'ok' },
    { id: 'c', key: 'condition', value: 'alt' },
  ];

  it("changes the key's first row, as the record keeps it", () => {
    const next = withCatalogValue(rows, 'condition', 'like_new');
    expect(next.map((r) => r.value)).toEqual(['rot', 'like_new', 'alt']);
    expect(next[1]!.id).toBe('b');
    expect(attributesOf(next)).toEqual({ Farbe: 'rot', condition: 'like_new' });
  });

  it('adds a row last for a key not set, and takes it away when emptied: an attribute not set is not sent', () => {
    const added = withCatalogValue(rows, 'versand', 'ja');
    expect(added.at(-1)).toMatchObject({ key: 'versand', value: 'ja' });
    expect(attributesOf(added)).toEqual({ Farbe: 'rot', condition: 'ok', versand: 'ja' });
    const emptied = withCatalogValue(added, 'versand', '');
    expect(attributesOf(emptied)).toEqual({ Farbe: 'rot', condition: 'ok' });
    expect(withCatalogValue([], 'versand', '')).toEqual([]);
  });

  it('keeps a typed value the catalog does not list exactly as typed', () => {
    const next = withCatalogValue(rows, 'condition', 'wie neu, kaum benutzt');
    expect(attributesOf(next).condition).toBe('wie neu, kaum benutzt');
  });
});
