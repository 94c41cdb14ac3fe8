// A product item's values read (issue 35.2): prices as Google, idealo and billiger.de write them,
// another currency refused and named, a sale price inside its dates, the next moment a sale begins
// or ends, and stock from a quantity, Google's availability words and German delivery texts.
import { describe, expect, it } from 'vitest';
import {
  activePrice,
  availabilityStock,
  deliveryStock,
  nextPriceChange,
  priceCurrency,
  productStock,
  readProductPrice,
  readSalePeriod,
  readStock,
} from '../../../../src/shared/domain/feeds';

describe('readProductPrice', () => {
  it.each([
    ['1249.00 EUR', 1249],
    ['1.249,00 €', 1249],
    ['1.249,00\u00a0€', 1249],
    ['1249,00 EUR', 1249],
    ['19.99', 19.99],
    ['19.9', 19.9],
    ['20', 20],
    ['€19.99', 19.99],
    ['EUR 99', 99],
    ['19.99EUR', 19.99],
    ['0.00 EUR', 0],
  ])('%j is %d euros', (text, amount) => {
    expect(readProductPrice(text)).toEqual({ kind: 'amount', amount });
  });

  it.each([
    ['999.00 USD', 'USD'],
    ['79.95 AUD', 'AUD'],
    ['1099 JPY', 'JPY'],
    ['$19.99', 'USD'],
    ['£4.95', 'GBP'],
    ['CHF 12.50', 'CHF'],
  ])('%j is refused, naming %s', (text, currency) => {
    expect(readProductPrice(text)).toEqual({
      kind: 'refused',
      problem: { code: 'currency-refused', severity: 'error', field: 'price', value: currency },
    });
  });

  it('takes the currency column: EUR (in any spelling) reads, another is refused', () => {
    expect(readProductPrice('19,99', 'EUR')).toEqual({ kind: 'amount', amount: 19.99 });
    expect(readProductPrice('19,99', '€')).toEqual({ kind: 'amount', amount: 19.99 });
    expect(readProductPrice('19,99', 'Euro')).toEqual({ kind: 'amount', amount: 19.99 });
    expect(readProductPrice('19.99', 'usd')).toMatchObject({ kind: 'refused', problem: { value: 'USD' } });
    // A price naming the euro in a file whose column says dollars is not taken as euros.
    expect(readProductPrice('19.99 EUR', 'USD')).toMatchObject({
      kind: 'refused',
      problem: { value: 'USD' },
    });
  });

  it('refuses text that is no price as the import does, and reads a blank as none', () => {
    expect(readProductPrice('auf Anfrage')).toEqual({
      kind: 'refused',
      problem: { code: 'bad-price', severity: 'error', field: 'price', value: 'auf Anfrage' },
    });
    expect(readProductPrice('  ')).toEqual({ kind: 'none' });
    expect(readProductPrice(undefined)).toEqual({ kind: 'none' });
  });

  it('names no currency where a price names none, nor in a negotiable price', () => {
    expect(priceCurrency('1.249,00')).toBeUndefined();
    expect(priceCurrency('100 VHB')).toBeUndefined();
    expect(priceCurrency('1249.00 eur')).toBe('EUR');
  });
});

describe('sale prices', () => {
  const item = {
    price: '1249.00 EUR',
    salePrice: '999.00 EUR',
    salePriceEffectiveDate: '2026-11-27T00:00+0100/2026-11-30T23:59+0100',
  };

  it('the sale price counts inside its dates only (time zones honoured)', () => {
    expect(activePrice(item, new Date('2026-11-26T22:59:00Z'))).toMatchObject({ amount: 1249, sale: false });
    expect(activePrice(item, new Date('2026-11-26T23:00:00Z'))).toMatchObject({ amount: 999, sale: true });
    expect(activePrice(item, new Date('2026-11-30T22:58:00Z'))).toMatchObject({ amount: 999, sale: true });
    expect(activePrice(item, new Date('2026-11-30T22:59:00Z'))).toMatchObject({ amount: 1249, sale: false });
  });

  it('a sale price without dates always counts; one with dates that cannot be read never', () => {
    const now = new Date('2026-12-07T10:00:00Z');
    expect(activePrice({ price: '50 EUR', salePrice: '40 EUR' }, now)).toMatchObject({
      amount: 40,
      sale: true,
    });
    expect(
      activePrice({ price: '50 EUR', salePrice: '40 EUR', salePriceEffectiveDate: 'ab Montag' }, now),
    ).toMatchObject({ amount: 50, sale: false });
  });

  it('dates without a time run from the first day’s start to the last day’s end (UTC)', () => {
    const period = readSalePeriod('2026-12-01/2026-12-24');
    expect(period).toEqual({
      start: Date.parse('2026-12-01T00:00:00Z'),
      end: Date.parse('2026-12-25T00:00:00Z'),
    });
    expect(readSalePeriod('2026-12-24/2026-12-01')).toBeNull();
    expect(readSalePeriod('2026-02-30/2026-03-01')).toBeNull();
    expect(readSalePeriod('2026-12-01T08:00:00Z/')).toEqual({ start: Date.parse('2026-12-01T08:00:00Z') });
  });

  it('a sale price in dollars refuses the row even outside its dates', () => {
    const reading = activePrice({ ...item, salePrice: '899.00 USD' }, new Date('2026-10-01T00:00:00Z'));
    expect(reading.amount).toBeUndefined();
    expect(reading.problems).toEqual([
      { code: 'currency-refused', severity: 'error', field: 'price', value: 'USD' },
    ]);
  });

  it('a sale price without a price is asked within its dates, and nothing outside them', () => {
    const sale = { salePrice: '10 EUR', salePriceEffectiveDate: '2026-12-01/2026-12-02' };
    expect(activePrice(sale, new Date('2026-12-01T12:00:00Z')).amount).toBe(10);
    expect(activePrice(sale, new Date('2026-12-05T12:00:00Z')).amount).toBeUndefined();
  });

  it('nextPriceChange: the next start or end of a sale period after now', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const items = [
      item,
      { salePrice: '5 EUR', salePriceEffectiveDate: '2026-12-01T09:00Z/2026-12-03T09:00Z' },
      // Over, unreadable, or without a sale price: none of these changes a price.
      { salePrice: '5 EUR', salePriceEffectiveDate: '2026-01-01/2026-01-02' },
      { salePrice: '5 EUR', salePriceEffectiveDate: 'bald' },
      { salePriceEffectiveDate: '2026-11-29T13:00Z/2026-11-29T14:00Z' },
    ];
    expect(nextPriceChange(items, now)).toBe(Date.parse('2026-11-30T22:59:00Z'));
    expect(nextPriceChange(items, new Date('2026-11-30T23:00:00Z'))).toBe(Date.parse('2026-12-01T09:00:00Z'));
    expect(nextPriceChange(items, new Date('2026-12-04T00:00:00Z'))).toBeUndefined();
    expect(nextPriceChange([], now)).toBeUndefined();
  });
});

describe('stock', () => {
  it.each([
    ['in_stock', 'in'],
    ['in stock', 'in'],
    ['In Stock', 'in'],
    ['out_of_stock', 'out'],
    ['out of stock', 'out'],
    ['preorder', 'out'],
    ['backorder', 'out'],
    ['available for order', 'in'],
    ['vorrätig', 'in'],
    ['gibt es', 'unknown'],
  ])('availability %j is %s', (text, reading) => expect(availabilityStock(text)).toBe(reading));

  it.each([
    ['Sofort verfügbar, Lieferzeit: 1-3 Tage', 'in'],
    ['sofort lieferbar', 'in'],
    ['1-3 Werktage', 'in'],
    ['Lieferzeit 2-5 Tage', 'in'],
    ['Available, delivery time: 1-3 days', 'in'],
    ['auf Lager', 'in'],
    ['nicht lieferbar', 'out'],
    ['Nicht mehr verfügbar', 'out'],
    ['No longer available', 'out'],
    ['Ausverkauft', 'out'],
    ['Versandfertig in 3 Tagen, Lieferzeit 1-3 Tage', 'out'],
    ['Available in 3 days, delivery time 1-3 days', 'out'],
    ['Vorbestellung, erscheint am 12.02.', 'out'],
    ['auf Anfrage', 'unknown'],
    ['', 'unknown'],
  ])('delivery %j is %s', (text, reading) => expect(deliveryStock(text)).toBe(reading));

  it('an umlaut written as a letter and a combining mark reads the same', () => {
    expect(deliveryStock('nicht verfu\u0308gbar')).toBe('out');
    expect(readStock('vorra\u0308tig')).toBe('in');
  });

  it('a quantity wins over availability; preorder keeps its word', () => {
    expect(productStock({ quantity: '0', availability: 'in_stock' })).toEqual({
      stock: 'out',
      stockText: '0',
      from: 'quantity',
    });
    expect(productStock({ quantity: '3', availability: 'out_of_stock' })).toMatchObject({ stock: 'in' });
    expect(productStock({ availability: 'preorder' })).toEqual({
      stock: 'out',
      stockText: 'preorder',
      from: 'availability',
    });
    expect(productStock({ delivery: 'nicht lieferbar' })).toEqual({
      stock: 'out',
      stockText: 'nicht lieferbar',
      from: 'delivery',
    });
  });

  it('a quantity that cannot be read gives way to availability; nothing said is in stock', () => {
    expect(productStock({ quantity: 'viele', availability: 'out_of_stock' })).toMatchObject({
      stock: 'out',
      from: 'availability',
    });
    expect(productStock({ quantity: 'viele' })).toEqual({
      stock: 'unknown',
      stockText: 'viele',
      from: 'quantity',
    });
    expect(productStock({})).toEqual({ stock: 'in' });
  });
});

describe('readStock with real umlauts (issue 35.5)', () => {
  it.each([
    ['vorrätig', 'in'],
    ['Vorrätig', 'in'],
    ['verfügbar', 'in'],
    ['nicht verfügbar', 'out'],
    ['Nicht vorrätig', 'out'],
    ['nicht lieferbar', 'out'],
    ['nicht verfuegbar', 'out'],
    ['Auf Lager', 'in'],
    ['3', 'in'],
    ['0', 'out'],
    ['', 'unknown'],
  ])('%j is %s', (text, reading) => expect(readStock(text)).toBe(reading));
});
