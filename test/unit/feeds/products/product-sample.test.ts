// The sample a plan shows (issue 35.6): what each field of the file's first item (or group) became,
// named as the format names it.
import { describe, expect, it } from 'vitest';
import { productRows, type ProductItem } from '../../../../src/shared/domain/feeds';

const NOW = new Date('2026-12-07T10:00:00Z');

/** A Shopware-6-style Google item, as the XML reader hands it over. */
function shoe(overrides: Partial<ProductItem> = {}): ProductItem {
  return {
    index: 1,
    id: 'SW10001',
    title: 'Laufschuh Trail',
    description:
      '&lt;p&gt;Leichter Trailschuh f&uuml;r nasse Wege.&lt;/p&gt;&lt;script&gt;track()&lt;/script&gt;',
    link: 'https://shop.example/laufschuh-trail',
    price: '89.95 EUR',
    availability: 'in_stock',
    condition: 'refurbished',
    productType: 'Sport > Schuhe > Laufschuhe',
    googleProductCategory: '187',
    imageLink: 'https://cdn.example/schuh.jpg',
    additionalImageLinks: ['https://cdn.example/schuh-seite.jpg'],
    brand: 'ASICS',
    color: 'Blau',
    size: '42',
    material: 'Mesh',
    gtin: '4006381333931',
    mpn: 'BL-TR-42B',
    ...overrides,
  };
}

const rowsOf = (items: ProductItem[]) => productRows(items, { format: 'google-rss', now: NOW });

describe('productRows: the sample', () => {
  it('describes the first item field by field, as the format names it', () => {
    const sale = { salePrice: '69.95 EUR', salePriceEffectiveDate: '2026-12-01/2026-12-24' };
    const { sample } = rowsOf([shoe(sale), shoe({ index: 2, id: 'X' })]);
    const byField = Object.fromEntries(sample.map((f) => [f.field, f]));
    expect(sample.map((f) => f.field)).toEqual([
      'g:id',
      'title',
      'description',
      'link',
      'g:price',
      'g:sale_price',
      'g:sale_price_effective_date',
      'g:availability',
      'g:condition',
      'g:product_type',
      'g:google_product_category',
      'g:image_link',
      'g:additional_image_link',
      'g:brand',
      'g:color',
      'g:size',
      'g:material',
      'g:gtin',
      'g:mpn',
    ]);
    expect(byField['g:id']).toEqual({
      field: 'g:id',
      written: 'SW10001',
      became: 'reference',
      value: 'SW10001',
    });
    expect(byField['g:price']).toMatchObject({ written: '89.95 EUR', became: 'left-out' });
    expect(byField['g:sale_price']).toMatchObject({ became: 'price', value: '69.95' });
    expect(byField['g:availability']).toMatchObject({ became: 'stock', value: 'in' });
    expect(byField['g:condition']).toMatchObject({ became: 'attribute:condition', value: 'refurbished' });
    expect(byField['g:product_type']).toMatchObject({
      became: 'category',
      value: 'Sport > Schuhe > Laufschuhe',
    });
    expect(byField['g:google_product_category']).toMatchObject({ became: 'left-out' });
    expect(byField['g:gtin']).toMatchObject({ became: 'description', value: '4006381333931' });
    expect(byField['link']).toMatchObject({ became: 'left-out', value: '' });
    expect(byField['description']!.written.length).toBeLessThanOrEqual(120);
    expect(byField['description']!.value.startsWith('Leichter Trailschuh für nasse Wege.')).toBe(true);
  });

  it('for a group: the group id is the reference, sizes in stock listed, a colour all share an attribute', () => {
    const item = (index: number, id: string, size: string, availability: string) =>
      shoe({ index, id, itemGroupId: 'G-1', size, availability });
    const variants = [
      item(1, 'G-1-41', '41', 'out_of_stock'),
      item(2, 'G-1-42', '42', 'in_stock'),
      item(3, 'G-1-43', '43', 'in_stock'),
    ];
    const { sample } = productRows(variants, { format: 'google-tsv', now: NOW });
    const byField = Object.fromEntries(sample.map((f) => [f.field, f]));
    expect(byField['id']).toMatchObject({ written: 'G-1-42', became: 'left-out' });
    expect(byField['item_group_id']).toMatchObject({ became: 'reference', value: 'G-1' });
    expect(byField['size']).toMatchObject({ written: '42', became: 'description', value: '42, 43' });
    expect(byField['color']).toMatchObject({ became: 'attribute:color', value: 'Blau' });
  });

  it('names idealo’s columns, its photos in one', () => {
    const { sample } = productRows(
      [
        {
          index: 1,
          id: 'SW20001',
          title: 'Esstisch',
          price: '1.249,00 €',
          delivery: 'Sofort verfügbar, Lieferzeit: 1-3 Tage',
          productType: 'Wohnen > Tische',
          imageLink: 'https://cdn.example/tisch.jpg',
          additionalImageLinks: ['https://cdn.example/tisch-2.jpg'],
        },
      ],
      { format: 'idealo-csv', now: NOW },
    );
    expect(sample).toEqual([
      { field: 'sku', written: 'SW20001', became: 'reference', value: 'SW20001' },
      { field: 'title', written: 'Esstisch', became: 'title', value: 'Esstisch' },
      { field: 'price', written: '1.249,00 €', became: 'price', value: '1249.00' },
      {
        field: 'delivery',
        written: 'Sofort verfügbar, Lieferzeit: 1-3 Tage',
        became: 'stock',
        value: 'in',
      },
      { field: 'categoryPath', written: 'Wohnen > Tische', became: 'category', value: 'Wohnen > Tische' },
      {
        field: 'imageUrls',
        written: 'https://cdn.example/tisch.jpg, https://cdn.example/tisch-2.jpg',
        became: 'photos',
        value: 'https://cdn.example/tisch.jpg, https://cdn.example/tisch-2.jpg',
      },
    ]);
    expect(productRows([], { format: 'idealo-csv', now: NOW })).toEqual({ rows: [], sample: [] });
  });
});
