// A recognized feed's items as the rows a run plans (issue 35.2, 35.3, 35.6): references, plain
// descriptions, the price in force now, stock, photos in order, category cells, details as
// attributes (read through the shipped catalog) or description lines, variant groups, the sample.
import { describe, expect, it } from 'vitest';
import catalogJson from '../../../../src/shared/marketplace-catalog.json';
import {
  catalogSchema,
  emptyCategoryMappings,
  makeCatalogView,
  withMapping,
} from '../../../../src/shared/domain/catalog';
import {
  DESCRIPTION_LIMIT,
  productRows,
  tableItems,
  type FeedCategoryContext,
  type ProductItem,
} from '../../../../src/shared/domain/feeds';
import { readFeedRowCategory } from '../../../../src/main/feeds/feed-categories';

const NOW = new Date('2026-12-07T10:00:00Z');

/** A Shopware-6-style Google item, as the XML reader hands it over. */
function shoe(overrides: Partial<ProductItem> = {}): ProductItem {
  return {
    index: 1,
    id: 'SW10001',
    title: 'Laufschuh Trail',
    description:
      '&lt;p&gt;Leichter Trailschuh f&uuml;r nasse Wege.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Gewicht: 280&amp;nbsp;g&lt;/li&gt;&lt;li&gt;Sprengung: 6 mm&lt;/li&gt;&lt;/ul&gt;&lt;script&gt;track()&lt;/script&gt;',
    link: 'https://shop.example/laufschuh-trail',
    price: '89.95 EUR',
    availability: 'in_stock',
    condition: 'refurbished',
    productType: 'Sport > Schuhe > Laufschuhe',
    googleProductCategory: '187',
    imageLink: 'https://cdn.example/schuh.jpg',
    additionalImageLinks: ['https://cdn.example/schuh-seite.jpg', 'https://cdn.example/schuh%2Csohle.jpg'],
    brand: 'ASICS',
    color: 'Blau',
    size: '42',
    material: 'Mesh',
    gtin: '4006381333931',
    mpn: 'BL-TR-42B',
    ...overrides,
  };
}

const rowsOf = (items: ProductItem[], options: Partial<Parameters<typeof productRows>[1]> = {}) =>
  productRows(items, { format: 'google-rss', now: NOW, ...options });

describe('productRows: one item', () => {
  it('reads reference, title, plain description, price, stock, photos, category, details as attributes', () => {
    const { rows } = rowsOf([shoe()]);
    expect(rows).toEqual([
      {
        index: 1,
        reference: 'SW10001',
        stock: 'in',
        stockText: 'in_stock',
        fields: {
          title: 'Laufschuh Trail',
          description: [
            'Leichter Trailschuh für nasse Wege.',
            '',
            '• Gewicht: 280 g',
            '• Sprengung: 6 mm',
            '',
            'GTIN/EAN: 4006381333931',
            'Herstellernummer: BL-TR-42B',
          ].join('\n'),
          price: { amount: 89.95 },
          customReference: 'SW10001',
          attributes: {
            condition: 'refurbished',
            brand: 'ASICS',
            color: 'Blau',
            size: '42',
            material: 'Mesh',
          },
        },
        photoNames: [
          'https://cdn.example/schuh.jpg',
          'https://cdn.example/schuh-seite.jpg',
          'https://cdn.example/schuh%2Csohle.jpg',
        ],
        problems: [],
        categoryCell: 'Sport > Schuhe > Laufschuhe',
        attributeCells: [
          { header: 'condition', text: 'refurbished' },
          { header: 'brand', text: 'ASICS' },
          { header: 'color', text: 'Blau' },
          { header: 'size', text: '42' },
          { header: 'material', text: 'Mesh' },
        ],
      },
    ]);
  });

  it('with details in the description: condition stays an attribute, the others become lines', () => {
    const [row] = rowsOf([shoe()], { productDetails: 'description' }).rows;
    expect(row!.attributeCells).toEqual([{ header: 'condition', text: 'refurbished' }]);
    expect(row!.fields.description!.split('\n').slice(-6)).toEqual([
      'Marke: ASICS',
      'Farbe: Blau',
      'Größe: 42',
      'Material: Mesh',
      'GTIN/EAN: 4006381333931',
      'Herstellernummer: BL-TR-42B',
    ]);
    const [english] = rowsOf([shoe()], { productDetails: 'description', language: 'en' }).rows;
    expect(english!.fields.description).toContain('Colour: Blau\nSize: 42');
  });

  it('the details as attribute cells find the category’s attributes through the shop’s mapping', () => {
    const catalog = catalogSchema.parse(catalogJson);
    const context: FeedCategoryContext = {
      view: makeCatalogView(catalog),
      mappings: withMapping([], {
        shopCategory: 'Sport > Schuhe',
        path: 'Mode_Beauty/Schuhe_Herren',
        attributes: { art: 'sneaker_sportschuhe' },
      }),
      conditionWords: emptyCategoryMappings(catalog).conditionWords,
    };
    const [row] = rowsOf([shoe()]).rows;
    const reading = readFeedRowCategory(row!, context, null);
    expect(reading.row.fields.category).toBe('Mode_Beauty/Schuhe_Herren');
    // "refurbished" through the condition words; size to `groesse` by its English label.
    expect(reading.row.fields.attributes).toEqual({
      art: 'sneaker_sportschuhe',
      condition: 'like_new',
      brand: 'asics',
      color: 'blau',
      groesse: '42',
    });
    // A shoe has no material in this category: named, not sent.
    expect(reading.unknownColumns).toEqual([{ header: 'material', value: 'Mesh' }]);
    // A table's material and colour, by the option's German label, in a category that has both.
    const table = readFeedRowCategory(
      rowsOf([
        shoe({ productType: 'Wohnen', material: 'Eiche', color: 'Braun', brand: undefined, size: undefined }),
      ]).rows[0]!,
      {
        ...context,
        mappings: withMapping([], { shopCategory: 'Wohnen', path: 'Haus_Garten/Wohnzimmer', attributes: {} }),
      },
      null,
    );
    expect(table.row.fields.attributes).toEqual({ condition: 'like_new', color: 'braun', material: 'oak' });
  });

  it('Google’s category is the cell when the shop gives no path of its own: an id as the number it is', () => {
    const [row] = rowsOf([shoe({ productType: undefined })]).rows;
    expect(row!.categoryCell).toBe('187');
  });

  it('a sale price counts inside its dates around now, not after them', () => {
    const sale = {
      salePrice: '69.95 EUR',
      salePriceEffectiveDate: '2026-12-01T00:00+0100/2026-12-24T23:59+0100',
    };
    expect(rowsOf([shoe(sale)]).rows[0]!.fields.price).toEqual({ amount: 69.95 });
    const later = productRows([shoe(sale)], { format: 'google-rss', now: new Date('2026-12-25T00:00:00Z') });
    expect(later.rows[0]!.fields.price).toEqual({ amount: 89.95 });
  });

  it('a price in dollars refuses the row and names the currency', () => {
    const [row] = rowsOf([shoe({ price: '99.00 USD' })]).rows;
    expect(row!.fields.price).toBeUndefined();
    expect(row!.problems).toEqual([
      { code: 'currency-refused', severity: 'error', field: 'price', value: 'USD' },
    ]);
  });

  it('preorder is not in stock now but keeps its word; no id, no reference; no title, refused', () => {
    const [row] = rowsOf([shoe({ availability: 'preorder', id: ' ', title: '' })]).rows;
    expect(row).toMatchObject({ stock: 'out', stockText: 'preorder', reference: null });
    expect(row!.fields.customReference).toBeUndefined();
    expect(row!.problems[0]).toEqual({ code: 'missing-title', severity: 'error', field: 'title' });
  });

  it('a description longer than a draft’s is cut with a warning, its details kept whole', () => {
    const long = `<p>${'Sehr bequem. '.repeat(2000)}</p>`;
    const [row] = rowsOf([shoe({ description: long })]).rows;
    const description = row!.fields.description!;
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_LIMIT);
    expect(description).toContain('…\n\nGTIN/EAN: 4006381333931\nHerstellernummer: BL-TR-42B');
    expect(row!.problems).toEqual([
      {
        code: 'description-cut',
        severity: 'warning',
        field: 'description',
        value: String(DESCRIPTION_LIMIT),
      },
    ]);
  });
});

describe('productRows: variants', () => {
  const shirt = (index: number, id: string, size: string, color: string, stock: string, price: string) =>
    shoe({
      index,
      id,
      itemGroupId: 'TS-100',
      title: `T-Shirt Bio – ${color}, ${size}`,
      description: `<p>Bio-Baumwolle, ${color}</p>`,
      size,
      color,
      material: 'Baumwolle',
      brand: 'Nordfaser',
      gtin: `40000000000${index}`,
      mpn: `TS-${index}`,
      availability: stock,
      price,
      productType: 'Mode > Shirts',
      imageLink: `https://cdn.example/ts-${color.toLowerCase()}.jpg`,
      additionalImageLinks: [`https://cdn.example/ts-${color.toLowerCase()}-2.jpg`],
    });
  const items = [
    shirt(1, 'TS-100-S-ROT', 'S', 'Rot', 'out_of_stock', '19.90 EUR'),
    shoe({ index: 2, id: 'SW10001' }),
    shirt(3, 'TS-100-M-ROT', 'M', 'Rot', 'in_stock', '21.90 EUR'),
    shirt(4, 'TS-100-L-BLAU', 'L', 'Blau', 'in_stock', '20.90 EUR'),
    shirt(5, 'TS-100-XL-BLAU', 'XL', 'Blau', 'backorder', '9.90 EUR'),
  ];

  it('one ad per group: group id, first in-stock variant’s title and photos, lowest price in stock', () => {
    const { rows } = rowsOf(items);
    expect(rows.map((r) => r.reference)).toEqual(['TS-100', 'SW10001']);
    const group = rows[0]!;
    expect(group).toMatchObject({ index: 1, reference: 'TS-100', stock: 'in', stockText: 'in_stock' });
    expect(group.fields).toMatchObject({
      title: 'T-Shirt Bio',
      price: { amount: 20.9 },
      customReference: 'TS-100',
    });
    expect(group.photoNames).toEqual(['https://cdn.example/ts-rot.jpg', 'https://cdn.example/ts-rot-2.jpg']);
    expect(group.fields.description).toBe(
      'Bio-Baumwolle, Rot\n\nGrößen auf Lager: M, L\nFarben auf Lager: Rot, Blau',
    );
    // Shared by the variants in stock: brand and material; colour and size differ; gtin and mpn too.
    expect(group.attributeCells).toEqual([
      { header: 'condition', text: 'refurbished' },
      { header: 'brand', text: 'Nordfaser' },
      { header: 'material', text: 'Baumwolle' },
    ]);
    expect(group.categoryCell).toBe('Mode > Shirts');
  });

  it('a group with none in stock is out, keeping its first variant’s title and lowest price', () => {
    const none = items.map((i) => (i.itemGroupId ? { ...i, availability: 'out_of_stock' } : i));
    const [group] = rowsOf(none).rows;
    expect(group).toMatchObject({ reference: 'TS-100', stock: 'out', stockText: 'out_of_stock' });
    expect(group!.fields.title).toBe('T-Shirt Bio');
    expect(group!.fields.price).toEqual({ amount: 9.9 });
    expect(group!.fields.description).toBe('Bio-Baumwolle, Rot');
    expect(group!.photoNames[0]).toBe('https://cdn.example/ts-rot.jpg');
  });

  it('one ad per variant: every item its own row with its own title', () => {
    const { rows } = rowsOf(items, { variants: 'each' });
    expect(rows.map((r) => [r.reference, r.stock])).toEqual([
      ['TS-100-S-ROT', 'out'],
      ['SW10001', 'in'],
      ['TS-100-M-ROT', 'in'],
      ['TS-100-L-BLAU', 'in'],
      ['TS-100-XL-BLAU', 'out'],
    ]);
    expect(rows[2]!.fields.title).toBe('T-Shirt Bio – Rot, M');
  });

  it('a variant in dollars refuses the group and names the currency', () => {
    const dollars = items.map((i) => (i.id === 'TS-100-XL-BLAU' ? { ...i, price: '9.90 USD' } : i));
    const [group] = rowsOf(dollars).rows;
    expect(group!.problems).toEqual([
      { code: 'currency-refused', severity: 'error', field: 'price', value: 'USD' },
    ]);
  });

  it('consuming the items: the same rows and sample, the array given emptied', () => {
    const given = [...items];
    const consumed = productRows(given, { format: 'google-rss', now: NOW, consume: true });
    expect(given).toEqual([]);
    expect(consumed).toEqual(productRows(items, { format: 'google-rss', now: NOW }));
  });

  it('in the description, a group lists what its variants in stock share', () => {
    const [group] = rowsOf(items, { productDetails: 'description' }).rows;
    expect(group!.fields.description).toBe(
      'Bio-Baumwolle, Rot\n\nGrößen auf Lager: M, L\nFarben auf Lager: Rot, Blau\nMarke: Nordfaser\nMaterial: Baumwolle',
    );
    expect(group!.attributeCells).toEqual([{ header: 'condition', text: 'refurbished' }]);
  });
});

describe('productRows: from a table', () => {
  it('an idealo file: German prices, delivery texts as stock, the path as category, photos in order', () => {
    const header = [
      'categoryPath',
      'brand',
      'title',
      'price',
      'url',
      'delivery',
      'sku',
      'imageUrls',
      'description',
    ];
    const items = tableItems('idealo-csv', header, [
      [
        'Wohnen > Möbel > Tische',
        'Holzwerk Süd',
        'Esstisch Eiche',
        '1.249,00\u00a0€',
        'https://shop.example/esstisch',
        'Sofort verfügbar, Lieferzeit: 1-3 Tage',
        'SW20001',
        'https://cdn.example/tisch.jpg;https://cdn.example/tisch-2.jpg',
        'Massiver Tisch. Geölt.',
      ],
      ['Wohnen > Leuchten', '', 'Stehlampe', '89,90 €', '', 'Nicht mehr verfügbar', 'SW20002', '', ''],
      ['Wohnen > Leuchten', '', 'Tischlampe', '39.90 USD', '', 'nicht lieferbar', 'SW20003', '', ''],
    ]);
    const { rows } = productRows(items, { format: 'idealo-csv', now: NOW, productDetails: 'description' });
    expect(rows.map((r) => [r.reference, r.stock, r.fields.price?.amount, r.categoryCell])).toEqual([
      ['SW20001', 'in', 1249, 'Wohnen > Möbel > Tische'],
      ['SW20002', 'out', 89.9, 'Wohnen > Leuchten'],
      ['SW20003', 'out', undefined, 'Wohnen > Leuchten'],
    ]);
    expect(rows[0]!.fields.description).toBe('Massiver Tisch. Geölt.\n\nMarke: Holzwerk Süd');
    expect(rows[0]!.photoNames).toEqual(['https://cdn.example/tisch.jpg', 'https://cdn.example/tisch-2.jpg']);
    expect(rows[1]!.stockText).toBe('Nicht mehr verfügbar');
    expect(rows[2]!.problems).toEqual([
      { code: 'currency-refused', severity: 'error', field: 'price', value: 'USD' },
    ]);
  });
});
