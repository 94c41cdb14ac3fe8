// The pure parts of import (issue 17): prices as sheets write them, the header guess, rows to
// drafts, CSV delimiter and encoding detection, and image globs.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePrice } from '../../../src/shared/domain/tables/import-price';
import { guessMapping } from '../../../src/shared/domain/tables/import-mapping';
import { categoryOf, tableRowToDraft } from '../../../src/shared/domain/tables/import-rows';
import { decodeCsv, detectDelimiter, parseCsvText } from '../../../src/main/import/csv';
import { expandBraces, globFiles } from '../../../src/main/import/glob';
import { put } from '../../fixtures/import/import-files';
import { windows1252 } from '../../fixtures/import/import-files';
import { tempDir } from '../helpers/temp-app';

describe('parsePrice', () => {
  it.each([
    ['1.234,50 €', 1234.5],
    ['12,5', 12.5],
    ['1,234.50', 1234.5],
    ['12.50', 12.5],
    ['1.234', 1234],
    ['1,234', 1234],
    ['1.234.567,89', 1234567.89],
    ['EUR 99', 99],
    ['€ 1 234,50', 1234.5],
    ['12,-', 12],
    ['0,99', 0.99],
    [' 7 ', 7],
  ])('reads %j as %d', (text, amount) => {
    expect(parsePrice(text)).toEqual({ ok: true, amount, negotiable: false });
  });

  it.each(['abc', '-5', '1.23.4', '12,345,6', '1,2,3.4.5', '12.5.2024', '1e5'])('refuses %j', (text) => {
    expect(parsePrice(text).ok).toBe(false);
  });

  it('reads VB as negotiable, twice in a row (no regex state kept)', () => {
    expect(parsePrice('50 € VB')).toEqual({ ok: true, amount: 50, negotiable: true });
    expect(parsePrice('60 VB')).toEqual({ ok: true, amount: 60, negotiable: true });
    expect(parsePrice('VB')).toEqual({ ok: true, amount: null, negotiable: true });
  });

  it('takes numbers as they are and an empty cell as no price', () => {
    expect(parsePrice(249.999)).toEqual({ ok: true, amount: 250, negotiable: false });
    expect(parsePrice('')).toEqual({ ok: true, amount: null, negotiable: false });
    expect(parsePrice(-1).ok).toBe(false);
  });
});

describe('guessMapping', () => {
  it('guesses German and English headers, numbered photo columns and attributes', () => {
    expect(
      guessMapping([
        'Titel',
        'Beschreibung',
        'Preis (EUR)',
        'Preisart',
        'Kategorie',
        'Bild 1',
        'Bild2',
        'Artikelnummer',
        'Zustand',
        'Straße',
        'PLZ',
        'Ort',
        'Sonstiges',
      ]),
    ).toEqual([
      'title',
      'description',
      'price',
      'priceType',
      'category',
      'photos',
      'photos',
      'reference',
      'attribute',
      'street',
      'postalCode',
      'city',
      null,
    ]);
    expect(guessMapping(['Title', 'Description', 'Price', 'Photos', 'SKU', 'E-Mail', 'Phone'])).toEqual([
      'title',
      'description',
      'price',
      'photos',
      'reference',
      'email',
      'phoneNumber',
    ]);
  });

  it('takes prefixed columns as attributes named after the prefix (an export round trip)', () => {
    const header = ['Title', 'attribute:condition', 'Attribut: Farbe'];
    expect(guessMapping(header)).toEqual(['title', 'attribute', 'attribute']);
    const row = tableRowToDraft(header, guessMapping(header), ['Tisch', 'like_new', 'rot']);
    expect(row.fields.attributes).toEqual({ condition: 'like_new', Farbe: 'rot' });
  });

  it('gives a single-column target to the first column only', () => {
    expect(guessMapping(['Titel', 'Title', 'Preis', 'Price'])).toEqual(['title', null, 'price', null]);
  });
});

describe('tableRowToDraft', () => {
  it('maps a row and names its problems', () => {
    const header = ['Titel', 'Preis', 'Sofort kaufen', 'Farbe'];
    const row = tableRowToDraft(
      header,
      ['title', 'price', 'buyNow', 'attribute'],
      ['Tisch', '1,234', 'vielleicht', 'rot'],
    );
    expect(row.fields).toEqual({ title: 'Tisch', price: { amount: 1234 }, attributes: { Farbe: 'rot' } });
    expect(row.problems).toEqual([
      { code: 'bad-yes-no', severity: 'warning', field: 'buyNow', value: 'vielleicht' },
    ]);
    const empty = tableRowToDraft(header, ['title', null, null, null], ['  ', '', '', '']);
    expect(empty.problems[0]).toMatchObject({ code: 'missing-title', severity: 'error' });
  });

  it('keeps a numeric category and says so', () => {
    expect(categoryOf('161/278')).toEqual({ category: '161/278', numeric: true });
    expect(categoryOf('Elektronik > Notebooks')).toEqual({
      category: 'Elektronik/Notebooks',
      numeric: false,
    });
  });
});

describe('CSV detection', () => {
  it('finds the delimiter outside quotes', () => {
    expect(detectDelimiter('Titel;Preis\n1,5;2')).toBe(';');
    expect(detectDelimiter('"a;b",c,d\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n')).toBe('\t');
  });

  it('decodes UTF-8 with BOM, and Windows-1252 when not UTF-8', () => {
    expect(decodeCsv(Buffer.from('\uFEFFTitel;Preis', 'utf8'))).toEqual({
      text: 'Titel;Preis',
      encoding: 'utf-8',
    });
    expect(decodeCsv(windows1252('Größe „€“ – ok'))).toEqual({
      text: 'Größe „€“ – ok',
      encoding: 'windows-1252',
    });
  });

  it('keeps quoted line breaks and quotes inside a field', () => {
    expect(parseCsvText('A;B\n"x\ny";"12"" Zoll"\n')).toEqual({
      header: ['A', 'B'],
      rows: [['x\ny', '12" Zoll']],
    });
  });
});

describe('image globs', () => {
  const dir = tempDir('listing-desk-glob-');
  afterAll(() => dir.remove());
  put(dir.dir, 'ad/images/a_2.jpg', 'x');
  put(dir.dir, 'ad/images/a_10.png', 'x');
  put(dir.dir, 'ad/images/b.jpg', 'x');
  put(dir.dir, 'ad/images/.hidden.jpg', 'x');
  put(dir.dir, 'ad/deep/er/c.jpg', 'x');

  it('expands braces', () => {
    expect(expandBraces('a.{jpg,png}')).toEqual(['a.jpg', 'a.png']);
    expect(expandBraces('{x,y{1,2}}')).toEqual(['x', 'y1', 'y2']);
  });

  it('matches *, ?, [..], {..} and ** relative to the ad file', async () => {
    const base = path.join(dir.dir, 'ad');
    const at = (...p: string[]) => path.join(base, ...p);
    expect(await globFiles('images/a_*.{jpg,png}', base)).toEqual([
      at('images/a_2.jpg'),
      at('images/a_10.png'),
    ]);
    expect(await globFiles('images/?.jpg', base)).toEqual([at('images/b.jpg')]);
    expect(await globFiles('images/[ab]*.jpg', base)).toEqual([at('images/a_2.jpg'), at('images/b.jpg')]);
    expect(await globFiles('**/*.jpg', base)).toEqual([
      at('deep/er/c.jpg'),
      at('images/a_2.jpg'),
      at('images/b.jpg'),
    ]);
    expect(await globFiles('images/b.jpg', base)).toEqual([at('images/b.jpg')]);
    expect(await globFiles(at('images/b.jpg'), '/elsewhere')).toEqual([at('images/b.jpg')]);
    expect(await globFiles('nope/*.jpg', base)).toEqual([]);
  });
});
