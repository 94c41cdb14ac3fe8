import { describe, expect, it } from 'vitest';
import { makeCatalogView } from '../../../src/shared/domain/catalog';
import { adPreviewOf, formatEuros, type PreviewAccount } from '../../../src/shared/domain/drafts/ad-preview';
import type { ListingView } from '../../../src/shared/ipc/types';
import { sampleDraft } from '../../fixtures/drafts';

const ID = 'a0000000-0000-4000-8000-000000000001';
const IMPRINT = '11111111-2222-4333-8444-555555555555';
const account: PreviewAccount = {
  imprints: [
    { uuid: IMPRINT, content: 'Möbelhaus Schmidt GmbH\nHRB 1234', createdAt: '2024-05-01T10:00:00.000Z' },
    { uuid: 'default-imprint', content: 'Standard-Impressum', createdAt: '2024-05-01T10:00:00.000Z' },
  ],
  defaultImprintUuid: 'default-imprint',
};

// A catalog of one category, with labels in both languages for the key and one value.
const catalog = makeCatalogView({
  source: 'test',
  date: '2026-04-01',
  attributeLabels: { condition: { de: 'Zustand', en: 'Condition' } },
  categories: [
    {
      path: 'Haushalt/Kühlschränke',
      attributes: [
        {
          key: 'condition',
          type: 'select',
          options: [
            { value: 'like_new', label: 'Sehr Gut', labelEn: 'Very good' },
            { value: 'ok', label: 'Gut' },
          ],
        },
      ],
    },
  ],
});

function listing(overrides: Partial<ListingView> = {}): ListingView {
  return {
    uuid: 'l-1',
    title: 'Sofa, grau',
    description: 'Zeile eins\nZeile zwei',
    category: 'Sofas',
    attributes: { condition: 'like_new', farbe: 'grau' },
    adType: 'OFFER',
    adPrice: { type: 'NEGOTIABLE', amount: 75 },
    userId: 'u-1',
    email: 'shop@example.de',
    phoneNumber: null,
    contactPerson: 'Herr Schmidt',
    buyNow: null,
    urls: ['media/c', 'media/a', 'media/b'],
    ...overrides,
  };
}

describe('the ad as buyers see it, from a draft', () => {
  it('shows the photos in the draft order, the cover (first photo) first, large file and thumbnail', () => {
    const draft = sampleDraft(ID, {}, 3);
    const preview = adPreviewOf(draft, account, { language: 'en' });
    expect(preview.photos.map((photo) => photo.id)).toEqual(draft.photos.map((photo) => photo.id));
    expect(preview.photos[0]).toEqual({
      id: draft.photos[0]!.id,
      src: draft.photos[0]!.file,
      thumb: draft.photos[0]!.thumb,
    });
    const reordered = adPreviewOf({ ...draft, photos: [draft.photos[2]!, draft.photos[0]!] }, account, {
      language: 'en',
    });
    expect(reordered.photos.map((photo) => photo.id)).toEqual([draft.photos[2]!.id, draft.photos[0]!.id]);
  });

  it('formats the typed price for the language and names its type in words', () => {
    const draft = sampleDraft(ID);
    const en = adPreviewOf(draft, account, { language: 'en' });
    const de = adPreviewOf(draft, account, { language: 'de' });
    expect(en.price).toMatchObject({
      amount: 120.5,
      text: '€120.50',
      type: 'FIXED',
      typeLabel: 'Fixed price',
    });
    expect(de.price).toMatchObject({ amount: 120.5, typeLabel: 'Festpreis', free: false });
    expect(de.price.text).toMatch(/^120,50\s€$/);
    const negotiable = adPreviewOf({ ...draft, price: { type: 'NEGOTIABLE', amount: '80' } }, account, {
      language: 'de',
    });
    expect(negotiable.price.typeLabel).toBe('Verhandlungsbasis');
    expect(negotiable.price.text).toMatch(/^80\s€$/);
  });

  it('gives the words, not a zero amount, for an item given away; shows an unknown price type as typed', () => {
    const draft = sampleDraft(ID, { price: { type: 'GIVE_AWAY', amount: 0 } });
    expect(adPreviewOf(draft, account, { language: 'de' }).price).toMatchObject({
      text: null,
      typeLabel: 'Zu verschenken',
      free: true,
    });
    const odd = sampleDraft(ID, { price: { type: 'AUCTION', amount: 'abc' } });
    expect(adPreviewOf(odd, account, { language: 'en' }).price).toMatchObject({
      amount: null,
      text: null,
      typeLabel: 'AUCTION',
    });
  });

  it('shows the location without the street, and the radius when it is a valid one', () => {
    const draft = sampleDraft(ID);
    const preview = adPreviewOf(draft, account, { language: 'en' });
    expect(preview.location).toEqual({
      postalCode: '10115',
      city: 'Berlin',
      district: 'Mitte',
      radiusKm: 25,
    });
    expect(JSON.stringify(preview)).not.toContain('Hauptstraße');
    const noRadius = adPreviewOf(
      { ...draft, publication: { ...draft.publication, availabilityRadiusInKm: '-3', district: ' ' } },
      account,
      { language: 'en' },
    );
    expect(noRadius.location).toEqual({
      postalCode: '10115',
      city: 'Berlin',
      district: null,
      radiusKm: null,
    });
    const none = adPreviewOf(
      { ...draft, publication: { ...draft.publication, postalCode: '', city: '', district: null } },
      account,
      { language: 'en' },
    );
    expect(none.location).toBeNull();
  });

  it('keeps the e-mail from buyers but says it has one; shows the contact person and phone', () => {
    const preview = adPreviewOf(sampleDraft(ID), account, { language: 'en' });
    expect(preview.seller).toEqual({ contactPerson: 'Erika Mustermann', phoneNumber: '+49 30 1234567' });
    expect(preview.emailHidden).toBe(true);
    expect(JSON.stringify(preview)).not.toContain('seller@example.de');
    const blank = adPreviewOf(
      sampleDraft(ID, { phoneNumber: '  ', contactPerson: null, email: '' }),
      account,
      {
        language: 'en',
      },
    );
    expect(blank.seller).toEqual({ contactPerson: null, phoneNumber: null });
    expect(blank.emailHidden).toBe(false);
  });

  it("names attributes by the catalog's labels, takes shipping out beside the price, keeps the rest as typed", () => {
    const draft = sampleDraft(ID, { attributes: { condition: 'like_new', versand: 'ja', Farbe: 'weiß' } });
    const de = adPreviewOf(draft, account, { language: 'de', catalog });
    expect(de.attributes).toEqual([
      { key: 'condition', label: 'Zustand', value: 'like_new', valueLabel: 'Sehr Gut' },
      { key: 'Farbe', label: 'Farbe', value: 'weiß', valueLabel: 'weiß' },
    ]);
    expect(adPreviewOf(draft, account, { language: 'en', catalog }).attributes[0]).toMatchObject({
      label: 'Condition',
      valueLabel: 'Very good',
    });
    // The German label where the catalog has no English one; a value it does not list, as stored.
    const other = sampleDraft(ID, { attributes: { condition: 'ok' } });
    expect(adPreviewOf(other, account, { language: 'en', catalog }).attributes[0]?.valueLabel).toBe('Gut');
    const unlisted = sampleDraft(ID, { attributes: { condition: 'broken' } });
    expect(adPreviewOf(unlisted, account, { language: 'de', catalog }).attributes[0]?.valueLabel).toBe(
      'broken',
    );
    // The category by the catalog's names where it knows the path; its segments where not.
    expect(de.category).toEqual(['Haushalt', 'Kühlschränke']);
    const named = makeCatalogView({
      source: 'test',
      date: '2026-04-01',
      categories: [{ path: 'Familie_Kind_Baby/Spielzeug', nameDe: 'Familie, Kind & Baby > Spielzeug' }],
    });
    const toy = sampleDraft(ID, { category: 'Familie_Kind_Baby/Spielzeug' });
    expect(adPreviewOf(toy, account, { language: 'de', catalog: named }).category).toEqual([
      'Familie, Kind & Baby',
      'Spielzeug',
    ]);
    expect(adPreviewOf(toy, account, { language: 'de' }).category).toEqual([
      'Familie_Kind_Baby',
      'Spielzeug',
    ]);
    // Until the catalog is loaded, keys and values as stored.
    expect(adPreviewOf(draft, account, { language: 'de' }).attributes[0]).toMatchObject({
      label: 'condition',
      valueLabel: 'like_new',
    });
    expect(de.shipping).toBe('Versand möglich');
    expect(adPreviewOf(draft, account, { language: 'en' }).shipping).toBe('Shipping possible');
    expect(adPreviewOf(sampleDraft(ID, { attributes: {} }), account, { language: 'en' }).shipping).toBeNull();
  });

  it('keeps the description as entered, line breaks and markup-like text included', () => {
    const description = 'Erste Zeile\n\n<b>nicht fett</b>\nDritte';
    expect(adPreviewOf(sampleDraft(ID, { description }), account, { language: 'en' }).description).toBe(
      description,
    );
  });

  it("shows the draft's imprint, else the account's default, else none", () => {
    const draft = sampleDraft(ID);
    expect(adPreviewOf(draft, account, { language: 'en' }).imprint).toBe('Möbelhaus Schmidt GmbH\nHRB 1234');
    const byDefault = { ...draft, publication: { ...draft.publication, imprintUuid: null } };
    expect(adPreviewOf(byDefault, account, { language: 'en' }).imprint).toBe('Standard-Impressum');
    expect(adPreviewOf(byDefault, null, { language: 'en' }).imprint).toBeNull();
    expect(
      adPreviewOf(byDefault, { ...account, defaultImprintUuid: null }, { language: 'en' }).imprint,
    ).toBeNull();
  });

  it('lists the fields still missing before publishing, once each, in the language, in form order', () => {
    const draft = sampleDraft(ID, {
      title: '',
      price: { type: 'FIXED', amount: null },
      attributes: { condition: '' },
      photos: [],
    });
    const en = adPreviewOf(draft, account, { language: 'en' });
    expect(en.missing.map((entry) => entry.label)).toEqual([
      'Title',
      'Attributes: condition',
      'Price',
      'Photos',
    ]);
    expect(en.title).toBeNull();
    expect(adPreviewOf(draft, account, { language: 'de' }).missing.map((entry) => entry.label)).toEqual([
      'Titel',
      'Merkmale: condition',
      'Preis',
      'Fotos',
    ]);
    expect(adPreviewOf(sampleDraft(ID), account, { language: 'en' }).missing).toEqual([]);
  });
});

describe('the ad as buyers see it, from a live listing', () => {
  it("shows the service's photo order (its first is the cover), the price and type, and no missing fields", () => {
    const preview = adPreviewOf(listing(), account, { language: 'en', catalog });
    expect(preview.source).toBe('listing');
    expect(preview.photos.map((photo) => photo.src)).toEqual(['media/c', 'media/a', 'media/b']);
    expect(preview.price).toMatchObject({ amount: 75, text: '€75', typeLabel: 'Negotiable' });
    expect(preview.missing).toEqual([]);
    expect(preview.category).toEqual(['Sofas']);
    // The service answered a single segment: the value's label is the catalog's all the same.
    expect(preview.attributes[0]).toMatchObject({ label: 'Condition', valueLabel: 'Very good' });
  });

  it("shows the publication's postal code, and the linked draft's place while it agrees with it", () => {
    const place = {
      street: 'Hauptstraße 1',
      postalCode: '20095',
      city: 'Hamburg',
      district: 'Altstadt',
      availabilityRadiusInKm: 10,
    };
    const agreed = adPreviewOf(listing(), account, {
      language: 'de',
      live: { publicationPostalCode: '20095', linkedPlace: place },
    });
    expect(agreed.location).toEqual({
      postalCode: '20095',
      city: 'Hamburg',
      district: 'Altstadt',
      radiusKm: 10,
    });
    expect(JSON.stringify(agreed)).not.toContain('Hauptstraße');
    // The publication was moved since: only what the service says.
    const moved = adPreviewOf(listing(), account, {
      language: 'de',
      live: { publicationPostalCode: '10115', linkedPlace: place },
    });
    expect(moved.location).toEqual({ postalCode: '10115', city: null, district: null, radiusKm: null });
    // Publications not readable: the linked draft's place is all the app knows.
    expect(
      adPreviewOf(listing(), account, { language: 'de', live: { linkedPlace: place } }).location,
    ).toMatchObject({
      city: 'Hamburg',
    });
    expect(adPreviewOf(listing(), account, { language: 'de' }).location).toBeNull();
  });

  it("takes the full category path and the linked draft's imprint, else the account's default", () => {
    const preview = adPreviewOf(listing(), account, {
      language: 'en',
      live: { category: 'Wohnen/Sofas', imprintUuid: IMPRINT },
    });
    expect(preview.category).toEqual(['Wohnen', 'Sofas']);
    expect(preview.imprint).toBe('Möbelhaus Schmidt GmbH\nHRB 1234');
    expect(adPreviewOf(listing(), account, { language: 'en' }).imprint).toBe('Standard-Impressum');
  });

  it('names a wanted ad and a buy-now offer', () => {
    const preview = adPreviewOf(listing({ adType: 'WANTED', buyNow: true }), null, { language: 'de' });
    expect(preview.adType).toEqual({ value: 'WANTED', label: 'Gesuch', wanted: true });
    expect(preview.buyNow).toBe(true);
  });
});

describe('euro amounts', () => {
  it('drop the cents of whole amounts and keep two otherwise', () => {
    expect(formatEuros(1200, 'en')).toBe('€1,200');
    expect(formatEuros(1200, 'de')).toMatch(/^1\.200\s€$/);
    expect(formatEuros(9.9, 'de')).toMatch(/^9,90\s€$/);
  });
});
