import { describe, expect, it } from 'vitest';
import { ListingCreateRequest, PublicationCreateRequest } from '../../../src/shared/service';
import {
  DraftNotPublishableError,
  draftToListingCreateRequest,
  draftToPublicationCreateRequest,
} from '../../../src/shared/domain/drafts/draft-requests';
import { suspectPublicationFields } from '../../../src/shared/domain/drafts/draft-validation';
import { listingCreate, publicationCreate } from '../../../src/sandbox/validation';
import { draftId, sampleDraft } from '../../fixtures/drafts';

const id = draftId(3);

describe('draftToListingCreateRequest', () => {
  it('maps every field of the spec’s listing create request, trimmed, with the price as a number', () => {
    const draft = sampleDraft(id, {
      title: '  Kühlschrank, wie neu ',
      category: 'Haushalt / Kühlschränke',
      attributes: { ' condition ': ' like_new ', versand: 'ja' },
      price: { type: 'FIXED', amount: '120,50' },
      email: ' seller@example.de ',
      phoneNumber: '  ',
      customReference: 'REF-1',
      buyNow: true,
    });
    const request = draftToListingCreateRequest(draft);
    expect(request).toEqual({
      title: 'Kühlschrank, wie neu',
      category: 'Haushalt/Kühlschränke',
      description: 'Ein gut erhaltener Kühlschrank. Abholung in Berlin.',
      attributes: { condition: 'like_new', versand: 'ja' },
      adType: 'OFFER',
      price: { type: 'FIXED', amount: 120.5 },
      email: 'seller@example.de',
      phoneNumber: null,
      customReference: 'REF-1',
      contactPerson: 'Erika Mustermann',
      buyNow: true,
    });
    // The request passes the wire schema and the sandbox's own rules.
    expect(ListingCreateRequest.parse(request)).toEqual(request);
    expect(listingCreate.safeParse(request).success).toBe(true);
  });

  it('keeps other ad and price types as typed', () => {
    const draft = sampleDraft(id, { adType: 'WANTED', price: { type: 'NEGOTIABLE', amount: 0 } });
    expect(draftToListingCreateRequest(draft)).toMatchObject({
      adType: 'WANTED',
      price: { type: 'NEGOTIABLE', amount: 0 },
    });
  });

  it('refuses a draft whose price is -1 or abc rather than sending a made-up number', () => {
    for (const amount of ['-1', 'abc']) {
      const draft = sampleDraft(id, { price: { type: 'FIXED', amount } });
      expect(() => draftToListingCreateRequest(draft)).toThrow(DraftNotPublishableError);
    }
  });

  it('names the issues when it refuses', () => {
    try {
      draftToListingCreateRequest(sampleDraft(id, { title: '', email: 'nope' }));
      expect.unreachable();
    } catch (error) {
      expect((error as DraftNotPublishableError).issues).toEqual([
        { field: 'title', code: 'required' },
        { field: 'email', code: 'email-invalid' },
      ]);
    }
  });

  it('ignores publication fields and photos, which belong to other requests', () => {
    const draft = sampleDraft(id, { photos: [], publication: { ...sampleDraft(id).publication, city: '' } });
    expect(() => draftToListingCreateRequest(draft)).not.toThrow();
  });
});

describe('draftToPublicationCreateRequest', () => {
  it('maps the publication data with the radius as an integer', () => {
    const draft = sampleDraft(id, {
      publication: {
        street: ' Hauptstraße 1 ',
        city: 'Berlin',
        district: 'Mitte',
        postalCode: '10115',
        availabilityRadiusInKm: '30',
        imprintUuid: 'imp-1',
      },
    });
    const request = draftToPublicationCreateRequest(draft);
    expect(request).toEqual({
      availabilityRadiusInKm: 30,
      street: 'Hauptstraße 1',
      city: 'Berlin',
      district: 'Mitte',
      postalCode: '10115',
      imprintUuid: 'imp-1',
    });
    expect(PublicationCreateRequest.parse(request)).toEqual(request);
    expect(publicationCreate.safeParse(request).success).toBe(true);
  });

  it('always carries the district, which the field table marks required, and refuses a blank one', () => {
    const base = sampleDraft(id).publication;
    expect(
      draftToPublicationCreateRequest(sampleDraft(id, { publication: { ...base, district: ' Mitte ' } })),
    ).toHaveProperty('district', 'Mitte');
    for (const district of [null, '', '   ']) {
      try {
        draftToPublicationCreateRequest(sampleDraft(id, { publication: { ...base, district } }));
        expect.unreachable();
      } catch (error) {
        expect((error as DraftNotPublishableError).issues).toEqual([
          { field: 'publication.district', code: 'required' },
        ]);
      }
    }
  });

  it('suspects blank fields and a postal code of the wrong form when the service refuses a publication', () => {
    expect(suspectPublicationFields({ ...sampleDraft(id).publication, imprintUuid: 'imp-1' })).toEqual([]);
    expect(
      suspectPublicationFields({
        street: 'Hauptstraße 1',
        city: 'Berlin',
        district: ' ',
        postalCode: '1011',
        imprintUuid: 'i',
      }),
    ).toEqual(['publication.postalCode', 'publication.district']);
    expect(suspectPublicationFields({})).toEqual([
      'publication.street',
      'publication.postalCode',
      'publication.city',
      'publication.district',
      'publication.imprintUuid',
    ]);
  });

  it('refuses a draft without imprint or with a bad postal code', () => {
    const base = sampleDraft(id).publication;
    for (const publication of [
      { ...base, imprintUuid: null },
      { ...base, postalCode: '123' },
    ]) {
      expect(() => draftToPublicationCreateRequest(sampleDraft(id, { publication }))).toThrow(
        DraftNotPublishableError,
      );
    }
  });
});
