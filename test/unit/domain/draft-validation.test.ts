import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import {
  draftLimits,
  isPlausibleEmail,
  isPublishable,
  parsePriceAmount,
  parseRadius,
  validateDraft,
  type DraftIssue,
} from '../../../src/shared/domain/drafts/draft-validation';
import { draftId, sampleDraft } from '../../fixtures/drafts';

const id = draftId(7);

function issuesOf(overrides: Partial<Draft>): DraftIssue[] {
  return validateDraft(sampleDraft(id, overrides));
}

function publication(overrides: Partial<Draft['publication']>): Partial<Draft> {
  return { publication: { ...sampleDraft(id).publication, ...overrides } };
}

describe('validateDraft', () => {
  it('finds nothing wrong with a complete draft, which is publishable', () => {
    expect(validateDraft(sampleDraft(id))).toEqual([]);
    expect(isPublishable(sampleDraft(id))).toBe(true);
  });

  it('reports every required field of the create requests on an empty draft, in form order', () => {
    const empty = sampleDraft(id, {
      title: '',
      category: ' ',
      description: '',
      adType: '',
      price: { type: '', amount: null },
      email: '',
      phoneNumber: null,
      customReference: null,
      contactPerson: null,
      attributes: {},
      publication: {
        street: '',
        city: '',
        district: null,
        postalCode: '',
        availabilityRadiusInKm: null,
        imprintUuid: null,
      },
      photos: [],
    });
    expect(validateDraft(empty)).toEqual([
      { field: 'title', code: 'required' },
      { field: 'category', code: 'required' },
      { field: 'description', code: 'required' },
      { field: 'adType', code: 'required' },
      { field: 'price.type', code: 'required' },
      { field: 'price.amount', code: 'required' },
      { field: 'email', code: 'required' },
      { field: 'publication.street', code: 'required' },
      { field: 'publication.postalCode', code: 'required' },
      { field: 'publication.city', code: 'required' },
      { field: 'publication.district', code: 'required' },
      { field: 'publication.availabilityRadiusInKm', code: 'required' },
      { field: 'photos', code: 'no-photos' },
    ]);
    expect(isPublishable(empty)).toBe(false);
  });

  it('does not require phone, reference, contact person or buy-now', () => {
    const draft = sampleDraft(id, {
      phoneNumber: null,
      customReference: '',
      contactPerson: null,
      buyNow: null,
    });
    expect(validateDraft(draft)).toEqual([]);
  });

  it.each([
    ['-1', 'price-negative'],
    [-1, 'price-negative'],
    ['-0,01', 'price-negative'],
    ['abc', 'price-not-a-number'],
    ['12abc', 'price-not-a-number'],
    ['1e3', 'price-not-a-number'],
    ['1.23.4', 'price-not-a-number'],
    ['12€50', 'price-not-a-number'],
    [Number.NaN, 'price-not-a-number'],
    [Number.POSITIVE_INFINITY, 'price-not-a-number'],
    ['12,3456', 'price-decimals'],
    ['0,125', 'price-decimals'],
    ['123456789', 'price-too-high'],
    [1e9, 'price-too-high'],
    ['', 'required'],
  ] as const)('refuses the price %j with %s', (amount, code) => {
    const issues = issuesOf({ price: { type: 'FIXED', amount } });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ field: 'price.amount', code });
  });

  it('names the allowed decimals when there are too many', () => {
    expect(issuesOf({ price: { type: 'FIXED', amount: '1,999.999' } })).toEqual([
      { field: 'price.amount', code: 'price-decimals', params: { max: 2 } },
    ]);
  });

  it.each(['12', '12.5', '12,50', ' 7 ', '99 €', '€ 5', 19.99, '1.249,00', '1.249', '1,249.00', '0,01'])(
    'accepts the price %j',
    (amount) => {
      expect(issuesOf({ price: { type: 'FIXED', amount } })).toEqual([]);
    },
  );

  it.each([
    ['FIXED', 0],
    ['FIXED', '0'],
    ['FIXED', '-0'],
    ['FIXED', '0,00'],
    ['FIXED', '0 €'],
    ['FIXED', 'EUR 0.00'],
    [' fixed ', 0],
  ] as const)('does not call a price type %j of %j ready, and says why', (type, amount) => {
    const draft = sampleDraft(id, { price: { type, amount } });
    expect(validateDraft(draft)).toEqual([{ field: 'price.amount', code: 'price-fixed-zero' }]);
    expect(isPublishable(draft)).toBe(false);
  });

  it.each(['GIVE_AWAY', 'NEGOTIABLE'])('takes 0 € with the price type %s', (type) => {
    expect(issuesOf({ price: { type, amount: 0 } })).toEqual([]);
  });

  it('reads prices as a German or English seller types them', () => {
    expect(parsePriceAmount('12,50')).toEqual({ ok: true, value: 12.5 });
    expect(parsePriceAmount('12.50')).toEqual({ ok: true, value: 12.5 });
    expect(parsePriceAmount('99 €')).toEqual({ ok: true, value: 99 });
    expect(parsePriceAmount(0)).toEqual({ ok: true, value: 0 });
    expect(parsePriceAmount('1.249,00')).toEqual({ ok: true, value: 1249 });
    expect(parsePriceAmount('1.249')).toEqual({ ok: true, value: 1249 });
    expect(parsePriceAmount('1,249')).toEqual({ ok: true, value: 1249 });
    expect(parsePriceAmount('1,5')).toEqual({ ok: true, value: 1.5 });
  });

  it('reports a 100,000-character description as too long, naming both lengths', () => {
    const issues = issuesOf({ description: 'x'.repeat(100_000) });
    expect(issues).toEqual([
      { field: 'description', code: 'too-long', params: { max: draftLimits.description, length: 100_000 } },
    ]);
    expect(issuesOf({ description: 'x'.repeat(draftLimits.description) })).toEqual([]);
  });

  it.each([
    ['title', draftLimits.title],
    ['customReference', draftLimits.customReference],
    ['contactPerson', draftLimits.contactPerson],
    ['phoneNumber', draftLimits.phoneNumber],
  ] as const)('limits %s to %i characters', (field, max) => {
    expect(issuesOf({ [field]: 'a'.repeat(max) })).toEqual([]);
    expect(issuesOf({ [field]: 'a'.repeat(max + 1) })).toEqual([
      { field, code: 'too-long', params: { max, length: max + 1 } },
    ]);
  });

  it.each(['seller', 'seller@', '@example.de', 'seller@example', 'sel ler@example.de', 'a@b.c', 'a@@b.de'])(
    'refuses the e-mail %j',
    (email) => {
      expect(issuesOf({ email })).toEqual([{ field: 'email', code: 'email-invalid' }]);
    },
  );

  it.each(['seller@example.de', 'first.last+ads@mail.example.co.uk', ' x@y.de '])(
    'accepts the e-mail %j',
    (email) => {
      expect(isPlausibleEmail(email)).toBe(true);
      expect(issuesOf({ email })).toEqual([]);
    },
  );

  it('refuses a category path with an empty name', () => {
    for (const category of ['Haushalt/', '/Haushalt', 'Haushalt//Kühlschränke', 'a/ /b']) {
      expect(issuesOf({ category })).toEqual([{ field: 'category', code: 'category-invalid' }]);
    }
    expect(issuesOf({ category: 'Haushalt / Kühlschränke' })).toEqual([]);
  });

  it('checks attributes: names not empty, values given, sizes bounded', () => {
    expect(issuesOf({ attributes: {} })).toEqual([]);
    expect(issuesOf({ attributes: { ' ': 'x' } })).toEqual([
      { field: 'attributes', code: 'attribute-key-empty' },
    ]);
    expect(issuesOf({ attributes: { condition: '' } })).toEqual([
      { field: 'attributes.condition', code: 'attribute-value-required', params: { key: 'condition' } },
    ]);
    const long = 'v'.repeat(draftLimits.attributeValue + 1);
    expect(issuesOf({ attributes: { art: long } })).toEqual([
      {
        field: 'attributes.art',
        code: 'too-long',
        params: { max: draftLimits.attributeValue, length: long.length },
      },
    ]);
    const many = Object.fromEntries(
      Array.from({ length: draftLimits.attributes + 1 }, (_, n) => [`k${n}`, 'v']),
    );
    expect(issuesOf({ attributes: many })).toEqual([
      {
        field: 'attributes',
        code: 'too-many',
        params: { max: draftLimits.attributes, found: draftLimits.attributes + 1 },
      },
    ]);
  });

  it('requires a German postal code of five digits', () => {
    for (const postalCode of ['1011', '101155', 'ABCDE', '10 115']) {
      expect(issuesOf(publication({ postalCode }))).toEqual([
        { field: 'publication.postalCode', code: 'postal-code-invalid' },
      ]);
    }
    expect(issuesOf(publication({ postalCode: ' 01067 ' }))).toEqual([]);
  });

  it.each([0, -5, 2.5, '2.5', 'ten', 2_147_483_648, '99999999999'])('refuses the radius %j', (radius) => {
    expect(issuesOf(publication({ availabilityRadiusInKm: radius }))).toEqual([
      { field: 'publication.availabilityRadiusInKm', code: 'radius-invalid', params: { min: 1 } },
    ]);
  });

  it('accepts a radius from 1 to the int32 maximum, typed or stored', () => {
    expect(parseRadius('25')).toEqual({ ok: true, value: 25 });
    expect(parseRadius(1)).toEqual({ ok: true, value: 1 });
    expect(parseRadius(2_147_483_647)).toEqual({ ok: true, value: 2_147_483_647 });
    expect(parseRadius(' ')).toEqual({ ok: false, code: 'required' });
  });

  it('requires street, city and district (the spec marks it required), but not the imprint (the account default is used)', () => {
    expect(issuesOf(publication({ street: ' ', city: '', district: '  ', imprintUuid: '' }))).toEqual([
      { field: 'publication.street', code: 'required' },
      { field: 'publication.city', code: 'required' },
      { field: 'publication.district', code: 'required' },
    ]);
    // A draft stored before the district was required (null) loads and names the missing field.
    expect(issuesOf(publication({ district: null }))).toEqual([
      { field: 'publication.district', code: 'required' },
    ]);
    expect(issuesOf(publication({ imprintUuid: 'x'.repeat(draftLimits.imprintUuid + 1) }))[0]).toMatchObject({
      field: 'publication.imprintUuid',
      code: 'too-long',
    });
    expect(issuesOf(publication({ district: 'x'.repeat(draftLimits.district + 1) }))[0]).toMatchObject({
      field: 'publication.district',
      code: 'too-long',
    });
  });

  it('requires at least one photo', () => {
    expect(issuesOf({ photos: [] })).toEqual([{ field: 'photos', code: 'no-photos' }]);
  });
});
