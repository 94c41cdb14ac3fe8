// The product-export fixture files (issue 35.7) are what their writers make, and say what the
// specifications say: a check on the fixtures themselves, so a reader's test stands on firm ground.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_KEY,
  BILLIGER_COLUMNS,
  FIXTURE_DIR,
  fixtureFiles,
  germanPrice,
  IDEALO_COLUMNS,
  shopVersion,
  TSV_COLUMNS,
} from '../../fixtures/feeds/products';
import { recognizeTable } from '../../../src/shared/domain/feeds/products/recognize';

const file = (name: string) => readFileSync(path.join(FIXTURE_DIR, name), 'utf8');

describe('the product-export fixtures', () => {
  it('are on disk as the writers make them', () => {
    for (const { name, text } of fixtureFiles()) expect(file(name), name).toBe(text);
  });

  it('keep each version small, and change from one to the next as the tests expect', () => {
    const ids = (v: 1 | 2 | 3) => shopVersion(v).map((p) => p.id);
    for (const v of [1, 2, 3] as const) expect(shopVersion(v).length).toBeLessThanOrEqual(10);
    expect(ids(1)).toContain('T-500');
    expect(ids(2)).not.toContain('T-500');
    expect(ids(2)).toContain('B-600');
    const price = (v: 1 | 2, id: string) => shopVersion(v).find((p) => p.id === id)!.price;
    expect([price(1, 'K-100'), price(2, 'K-100')]).toEqual([1249, 1199]);
    expect(shopVersion(2).find((p) => p.id === 'R-200')!.availability).toBe('out_of_stock');
    expect(
      shopVersion(3)
        .filter((p) => p.group === 'J-300')
        .map((p) => p.availability),
    ).toEqual(['out_of_stock', 'out_of_stock', 'out_of_stock']);
  });

  it('write the Google RSS export as Shopware 6 does: the key in the self link, HTML as entities', () => {
    const xml = file('v1/google.xml');
    expect(xml).toContain(`/store-api/product-export/${ACCESS_KEY}/google.xml`);
    expect(xml).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    expect(xml).toContain('<description>&lt;p&gt;Leise &amp;amp; sparsam');
    expect(xml).toContain('<g:price>1249.00 EUR</g:price>');
    expect(xml).toContain('<g:sale_price_effective_date>2026-11-27T00:00+0100/2026-11-30T23:59+0100<');
    expect(xml).toContain('<g:condition>refurbished</g:condition>');
    expect(xml.match(/<g:item_group_id>J-300</g)).toHaveLength(3);
    expect(xml).toContain('<![CDATA[<p>Bogenleuchte');
  });

  it('write the TSV with one field of photos, a comma in an address as %2C', () => {
    const [header, ...lines] = file('v1/google.tsv').trimEnd().split('\n');
    expect(header!.split('\t')).toEqual([...TSV_COLUMNS]);
    const lamp = lines.map((l) => l.split('\t')).find((cells) => cells[0] === 'L-400')!;
    expect(lamp).toHaveLength(TSV_COLUMNS.length);
    expect(lamp[TSV_COLUMNS.indexOf('additional_image_link')]).toBe(
      'https://laden-am-markt.example/media/bogenleuchte%2Cdetail.jpg',
    );
    expect(lamp[TSV_COLUMNS.indexOf('availability')]).toBe('in stock');
  });

  it('write idealo’s CSV quoted, with German prices and delivery texts, and billiger.de’s as Shopware does', () => {
    const idealo = file('v2/idealo.csv');
    expect(idealo.split('\n')[0]).toBe(IDEALO_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(germanPrice(1249)).toBe('1.249,00\u00a0€');
    expect(idealo).toContain('"1.199,00\u00a0€"');
    expect(idealo).toContain('"Sofort verfügbar, Lieferzeit: 1-3 Tage"');
    expect(idealo).toContain('"Nicht mehr verfügbar"');
    const billiger = file('v1/billiger.csv');
    expect(billiger.split('\n')[0]).toBe(BILLIGER_COLUMNS.join(','));
    expect(billiger).toContain(
      '"K-100","Kältewerk","KS310-X","4006381333924","Kühlschrank KS 310 Edelstahl"',
    );
    expect(billiger).toContain('"34.9"');
    // A description over several lines, inside its quotes.
    expect(billiger).toContain('dB und Energieklasse&nbsp;D.</p>\n<ul>');
  });

  it('have headers the app recognizes as their formats', () => {
    const headerOf = (name: string, split: (line: string) => string[]) => split(file(name).split('\n')[0]!);
    expect(recognizeTable(headerOf('v1/google.tsv', (l) => l.split('\t')))).toBe('google-tsv');
    expect(recognizeTable(headerOf('v1/idealo.csv', (l) => l.split(',')))).toBe('idealo-csv');
    expect(recognizeTable(headerOf('v1/billiger.csv', (l) => l.split(',')))).toBe('billiger-csv');
  });
});
