// A recognized product table read into items (issue 35.1): Google's tab-separated product data,
// idealo's and billiger.de's CSV as Shopware 6 writes them, columns found by their names.
import { describe, expect, it } from 'vitest';
import { recognizeTable, tableItems } from '../../../../src/shared/domain/feeds';

describe('Google TSV', () => {
  const header = [
    'g:id',
    'g:title',
    'g:description',
    'g:link',
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
    'g:gtin',
    'g:mpn',
    'g:item_group_id',
    'g:color',
    'g:size',
    'g:shipping',
  ];

  it('is recognized and read field by field; a comma inside a URL written %2C stays in it', () => {
    expect(recognizeTable(header)).toBe('google-tsv');
    const row = [
      'SW10001',
      'Laufschuh Trail – Blau, 42',
      '<p>Leicht &amp; griffig</p>',
      'https://shop.example/laufschuh-trail',
      '89.95 EUR',
      '69.95 EUR',
      '2026-12-01T00:00+0100/2026-12-24T23:59+0100',
      'in_stock',
      'new',
      'Sport > Schuhe > Laufschuhe',
      '187',
      'https://cdn.example/media/a1/schuh-blau.jpg',
      'https://cdn.example/media/a1/schuh%2Cblau-seite.jpg, https://cdn.example/media/a1/sohle.jpg,https://cdn.example/media/a1/schuh-blau.jpg',
      'Bergläufer',
      '4006381333931',
      'BL-TR-42B',
      'SW100',
      'Blau',
      '42',
      'DE:::4.95 EUR',
    ];
    const [item] = tableItems('google-tsv', header, [row]);
    expect(item).toEqual({
      index: 1,
      id: 'SW10001',
      title: 'Laufschuh Trail – Blau, 42',
      description: '<p>Leicht &amp; griffig</p>',
      link: 'https://shop.example/laufschuh-trail',
      price: '89.95 EUR',
      salePrice: '69.95 EUR',
      salePriceEffectiveDate: '2026-12-01T00:00+0100/2026-12-24T23:59+0100',
      availability: 'in_stock',
      condition: 'new',
      productType: 'Sport > Schuhe > Laufschuhe',
      googleProductCategory: '187',
      imageLink: 'https://cdn.example/media/a1/schuh-blau.jpg',
      // The main photo named again among the others is taken once.
      additionalImageLinks: [
        'https://cdn.example/media/a1/schuh%2Cblau-seite.jpg',
        'https://cdn.example/media/a1/sohle.jpg',
      ],
      brand: 'Bergläufer',
      gtin: '4006381333931',
      mpn: 'BL-TR-42B',
      itemGroupId: 'SW100',
      color: 'Blau',
      size: '42',
    });
  });

  it('reads the names without a prefix and in any order, skips blank rows, keeps at most ten more photos', () => {
    const plain = ['title', 'ID', 'price', 'availability', 'additional_image_link', 'image_link'];
    const more = Array.from({ length: 12 }, (_, i) => `https://cdn.example/p${i + 1}.jpg`).join(',');
    const items = tableItems('google-tsv', plain, [
      ['', '', '', '', '', ''],
      ['Vase', 'V-1', '12.00 EUR', 'out of stock', more, 'https://cdn.example/main.jpg'],
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ index: 2, id: 'V-1', title: 'Vase', availability: 'out of stock' });
    expect(items[0]!.additionalImageLinks).toHaveLength(10);
    expect(items[0]!.additionalImageLinks[9]).toBe('https://cdn.example/p10.jpg');
  });
});

describe('idealo CSV (Shopware 6)', () => {
  const header = [
    'categoryPath',
    'brand',
    'title',
    'price',
    'basePrice',
    'hans',
    'eans',
    'deliveryCosts',
    'url',
    'delivery',
    'sku',
    'imageUrls',
    'description',
    'paymentCosts_CashInAdvance',
    'paymentCosts_CashOnDelivery',
    'paymentCosts_Invoice',
  ];

  it('is recognized and read: German price, delivery text, several photos', () => {
    expect(recognizeTable(header)).toBe('idealo-csv');
    const [item] = tableItems('idealo-csv', header, [
      [
        'Wohnen > Möbel > Tische',
        'Holzwerk Süd',
        'Esstisch „Eiche massiv“',
        '1.249,00\u00a0€',
        '',
        'HW-ET-180',
        '4012345678901',
        '4,95 €',
        'https://shop.example/esstisch-eiche',
        'Sofort verfügbar, Lieferzeit: 1-3 Tage',
        'SW20001',
        'https://cdn.example/tisch.jpg; https://cdn.example/tisch-2.jpg|https://cdn.example/tisch-3.jpg',
        'Massiver Esstisch aus Eiche...',
        '0.00',
        '0.00',
        '0.00',
      ],
    ]);
    expect(item).toEqual({
      index: 1,
      id: 'SW20001',
      title: 'Esstisch „Eiche massiv“',
      description: 'Massiver Esstisch aus Eiche...',
      link: 'https://shop.example/esstisch-eiche',
      price: '1.249,00\u00a0€',
      productType: 'Wohnen > Möbel > Tische',
      brand: 'Holzwerk Süd',
      gtin: '4012345678901',
      mpn: 'HW-ET-180',
      delivery: 'Sofort verfügbar, Lieferzeit: 1-3 Tage',
      imageLink: 'https://cdn.example/tisch.jpg',
      additionalImageLinks: ['https://cdn.example/tisch-2.jpg', 'https://cdn.example/tisch-3.jpg'],
    });
  });

  it('takes columns a shop added: a quantity, a condition, a currency', () => {
    const added = ['sku', 'title', 'price', 'url', 'delivery', 'Bestand', 'Zustand', 'Währung'];
    expect(recognizeTable(added)).toBe('idealo-csv');
    const [item] = tableItems('idealo-csv', added, [
      ['SW3', 'Lampe', '49,90', 'https://shop.example/lampe', 'nicht lieferbar', '0', 'gebraucht', 'EUR'],
    ]);
    expect(item).toMatchObject({
      quantity: '0',
      condition: 'gebraucht',
      currency: 'EUR',
      delivery: 'nicht lieferbar',
    });
  });
});

describe('billiger.de CSV (Shopware 6)', () => {
  const header = [
    'aid',
    'brand',
    'mpnr',
    'ean',
    'name',
    'desc',
    'shop_cat',
    'price',
    'ppu',
    'link',
    'image',
    'dlv_time',
    'dlv_cost',
    'pzn',
    'unit_pricing_measure',
    'unit_pricing_base_measure',
    'target_url',
    'images',
  ];

  it('is recognized and read: bare price, HTML description, images after the main one', () => {
    expect(recognizeTable(header)).toBe('billiger-csv');
    const [item] = tableItems('billiger-csv', header, [
      [
        'SW30001',
        'Kaffeewerk',
        'KW-900',
        '4009876543210',
        'Kaffeevollautomat KW 900',
        '<p>Mit Milchaufschäumer</p>\n<ul><li>15 bar</li></ul>',
        'Küche > Kaffee',
        '499.9',
        '',
        'https://shop.example/kw-900',
        'https://cdn.example/kw.jpg',
        'Nicht mehr verfügbar',
        '4.95',
        null,
        '',
        '',
        'https://shop.example/kw-900?ref=billiger',
        'https://cdn.example/kw.jpg,https://cdn.example/kw-seite.jpg,https://cdn.example/kw-oben.jpg',
      ],
    ]);
    expect(item).toEqual({
      index: 1,
      id: 'SW30001',
      title: 'Kaffeevollautomat KW 900',
      description: '<p>Mit Milchaufschäumer</p>\n<ul><li>15 bar</li></ul>',
      // Of two columns for the link, the first that holds one.
      link: 'https://shop.example/kw-900',
      price: '499.9',
      productType: 'Küche > Kaffee',
      brand: 'Kaffeewerk',
      gtin: '4009876543210',
      mpn: 'KW-900',
      delivery: 'Nicht mehr verfügbar',
      imageLink: 'https://cdn.example/kw.jpg',
      additionalImageLinks: ['https://cdn.example/kw-seite.jpg', 'https://cdn.example/kw-oben.jpg'],
    });
  });

  it('an item without an id has an empty one; a numeric cell reads as text', () => {
    const [item] = tableItems(
      'billiger-csv',
      ['aid', 'name', 'price', 'image', 'dlv_time'],
      [['', 'Ohne Nummer', 12.5, '', '']],
    );
    expect(item).toEqual({ index: 1, id: '', title: 'Ohne Nummer', price: '12.5', additionalImageLinks: [] });
  });
});
