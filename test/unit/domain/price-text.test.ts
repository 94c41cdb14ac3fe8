// The one price reader (issue 23.4): prices as German and English sellers type them, the same
// amount whichever language's separators they use, and hostile texts refused with the reason.
import { describe, expect, it } from 'vitest';
import { parsePrice as parsePriceOfImport } from '../../../src/shared/domain/tables/import-price';
import { formatPrice, PRICE_MAX, readPriceText } from '../../../src/shared/domain/drafts/price-text';

const amount = (value: number | null) => ({ ok: true, amount: value });
const refused = (problem: string) => ({ ok: false, problem });

describe('readPriceText: German ways of writing a price', () => {
  it.each([
    ['1.249,00', 1249],
    ['1.249', 1249],
    ['1.249,-', 1249],
    ['1.249,– €', 1249],
    ['1,5', 1.5],
    ['12,50', 12.5],
    ['0,99', 0.99],
    ['1.234.567,89', 1234567.89],
    ['1 249,00 €', 1249],
    ['1\u00a0249,50\u00a0€', 1249.5],
    ['1\u202f249', 1249],
    ['€ 12,50', 12.5],
    ['12 EUR', 12],
    ['12 Euro', 12],
  ])('reads %j as %d', (text, value) => {
    expect(readPriceText(text)).toEqual(amount(value));
  });
});

describe('readPriceText: English ways of writing a price', () => {
  it.each([
    ['1,249.00', 1249],
    ['1,249', 1249],
    ['1.5', 1.5],
    ['12.50', 12.5],
    ['€1,249.00', 1249],
    ['EUR 99', 99],
    ['1,234,567.89', 1234567.89],
    ["1'249.50", 1249.5],
    ['99 euros', 99],
  ])('reads %j as %d', (text, value) => {
    expect(readPriceText(text)).toEqual(amount(value));
  });
});

describe('readPriceText: hostile and doubtful texts', () => {
  it.each([
    ['-5', 'price-negative'],
    ['−5', 'price-negative'],
    ['- 1.249,00 €', 'price-negative'],
    ['€ -5', 'price-negative'],
    ['abc', 'price-not-a-number'],
    ['12abc', 'price-not-a-number'],
    ['zwölf', 'price-not-a-number'],
    ['1e5', 'price-not-a-number'],
    ['0x10', 'price-not-a-number'],
    ['Infinity', 'price-not-a-number'],
    ['NaN', 'price-not-a-number'],
    ['+5', 'price-not-a-number'],
    ['-', 'price-not-a-number'],
    ['.5', 'price-not-a-number'],
    ['12,', 'price-not-a-number'],
    ['12€50', 'price-not-a-number'],
    ['$12', 'price-not-a-number'],
    ['1 2', 'price-not-a-number'],
    ['1.23.4', 'price-not-a-number'],
    ['12,345,6', 'price-not-a-number'],
    ['1,2,3.4.5', 'price-not-a-number'],
    ['1.249,00,00', 'price-not-a-number'],
    ['1.249,00.5', 'price-not-a-number'],
    ['12.5.2024', 'price-not-a-number'],
    ['01.249', 'price-not-a-number'],
    ['1.249 000', 'price-not-a-number'],
    ['١٢٣', 'price-not-a-number'],
    ['1,2345', 'price-decimals'],
    ['12.999,999', 'price-decimals'],
    ['0,249', 'price-decimals'],
    ['0.249', 'price-decimals'],
    ['100.000.000,01', 'price-too-high'],
    ['1'.repeat(30), 'price-too-high'],
  ])('refuses %j: %s', (text, problem) => {
    expect(readPriceText(text)).toEqual(refused(problem));
  });

  it('reads nothing typed as no amount, and "-0" as 0', () => {
    expect(readPriceText('')).toEqual(amount(null));
    expect(readPriceText('   ')).toEqual(amount(null));
    expect(readPriceText(' € ')).toEqual(amount(null));
    expect(readPriceText(null)).toEqual(amount(null));
    expect(readPriceText('-0')).toEqual(amount(0));
  });

  it('refuses 400 nines as too high, not as no number', () => {
    expect(readPriceText('9'.repeat(400))).toEqual(refused('price-too-high'));
  });

  it('takes the largest price and no more', () => {
    expect(readPriceText('100.000.000')).toEqual(amount(PRICE_MAX));
    expect(readPriceText(PRICE_MAX + 0.01)).toEqual(refused('price-too-high'));
  });

  it('checks numbers as it checks text', () => {
    expect(readPriceText(12.5)).toEqual(amount(12.5));
    expect(readPriceText(-1)).toEqual(refused('price-negative'));
    expect(readPriceText(Number.NaN)).toEqual(refused('price-not-a-number'));
    expect(readPriceText(Number.POSITIVE_INFINITY)).toEqual(refused('price-not-a-number'));
    expect(readPriceText({ amount: 5 })).toEqual(refused('price-not-a-number'));
  });
});

describe('formatPrice: the amount understood, in the seller language', () => {
  it('writes euros with cents as German and English sellers read them', () => {
    expect(formatPrice(1249, 'de')).toBe('1.249,00\u00a0€');
    expect(formatPrice(1249, 'en')).toBe('€1,249.00');
    expect(formatPrice(1.5, 'de')).toBe('1,50\u00a0€');
    expect(formatPrice(0.99, 'en')).toBe('€0.99');
  });

  it('reads back what it writes, in either language', () => {
    for (const value of [0, 0.5, 12.5, 1249, 1234567.89])
      for (const language of ['de', 'en'] as const)
        expect(readPriceText(formatPrice(value, language))).toEqual(amount(value));
  });
});

describe('the import reads prices with the same reader', () => {
  it('reads the editor texts to the same amounts, and VB as negotiable', () => {
    for (const text of ['1.249,00 €', '1.249', '1,249.00', '1,5'])
      expect(parsePriceOfImport(text)).toEqual({
        ok: true,
        amount: (readPriceText(text) as { amount: number }).amount,
        negotiable: false,
      });
    expect(parsePriceOfImport('1.249 € VB')).toEqual({ ok: true, amount: 1249, negotiable: true });
    expect(parsePriceOfImport('0,249')).toEqual({ ok: false });
  });
});
