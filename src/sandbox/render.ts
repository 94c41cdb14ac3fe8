// Wire objects of the responses, built from records under the current quirks.
import type { Listing, Publication } from '../shared/service';
import type { ListingRecord, PublicationRecord } from './model';
import { actualState } from './publication-state';
import type { Quirks } from './quirks';

/** The listing object of rows 3, 4, 6 and 7; `userId` is the owning client id. */
export function renderListing(listing: ListingRecord, quirks: Quirks, mediaPrefix: string): Listing {
  return {
    uuid: listing.uuid,
    category:
      quirks.categoryResponse === 'path' ? listing.category : (listing.category.split('/').pop() ?? ''),
    title: listing.title,
    description: listing.description,
    attributes: listing.attributes,
    adType: listing.adType,
    adPrice: { type: listing.price.type, amount: listing.price.amount },
    userId: listing.clientId,
    email: listing.email,
    phoneNumber: listing.phoneNumber,
    customReference: listing.customReference,
    contactPerson: listing.contactPerson,
    buyNow: listing.buyNow,
    urls: listing.media.map((uuid) => `${mediaPrefix}/${uuid}`),
  };
}

/**
 * The publication object of row 11. Beyond the spec's fields it echoes the request's fields and, once
 * rejected, `rejectionReason`; `adId` appears once the ad exists (it is kept across re-validation).
 */
export function renderPublication(publication: PublicationRecord, quirks: Quirks): Publication {
  const out: Publication = {
    uuid: publication.uuid,
    listingUuid: publication.listingUuid,
    ...(quirks.publicationStates === 'present' && {
      requestedState: publication.requestedState ?? 'PUBLISHED',
      actualState: actualState(publication, quirks),
    }),
    postalCode: publication.postalCode,
    availabilityRadiusInKm: publication.availabilityRadiusInKm,
    street: publication.street,
    city: publication.city,
    district: publication.district,
    imprintUuid: publication.imprintUuid,
  };
  if (publication.adId !== null) out.adId = publication.adId;
  if (publication.outcome?.state === 'rejected') out.rejectionReason = publication.outcome.reason;
  return out;
}

/** The uuid of the odd list item that has one (fixed, so tests can name it). */
export const ODD_LISTING_UUID = '0dd0dd00-0000-4000-8000-000000000001';

/**
 * The items the 'odd' list quirk appends to `GET /v1/listings`: one with a uuid whose price is text,
 * whose title is a number and whose required fields are partly missing; one without any uuid.
 */
export function oddListItems(): unknown[] {
  return [
    { uuid: ODD_LISTING_UUID, title: 404, adPrice: '12 EUR', customReference: 'odd-1', urls: null },
    { title: 'Listing without identifier', note: 'sent by a careless server' },
  ];
}
