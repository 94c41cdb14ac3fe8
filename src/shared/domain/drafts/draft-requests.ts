// From a valid draft to the service's create requests (spec: "Listing create request" and
// "Publication create request"). Used by the publish engine; it refuses an invalid draft rather than
// sending something the seller did not mean (a price of 'abc' must never become 0).
import type { ListingCreateRequest } from '../../service/listing';
import type { PublicationCreateRequest } from '../../service/publication';
import type { Draft } from './draft';
import {
  categorySegments,
  parsePriceAmount,
  parseRadius,
  validateListingFields,
  validatePublicationFields,
  type DraftIssue,
} from './draft-validation';

/** Thrown when a draft that still has issues is mapped to a request. */
export class DraftNotPublishableError extends Error {
  constructor(readonly issues: DraftIssue[]) {
    super(`The draft is not ready: ${issues.map((issue) => `${issue.field} ${issue.code}`).join(', ')}`);
    this.name = 'DraftNotPublishableError';
  }
}

function optional(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The listing's `customReference`: the seller's reference, or the draft's id when there is none. */
export function listingReference(draft: Pick<Draft, 'id' | 'customReference'>): string {
  return optional(draft.customReference) ?? draft.id;
}

/** The body of `POST /v1/listings` for the draft; throws DraftNotPublishableError if it has issues. */
export function draftToListingCreateRequest(draft: Draft): ListingCreateRequest {
  const issues = validateListingFields(draft);
  const amount = parsePriceAmount(draft.price.amount);
  if (issues.length > 0 || !amount.ok) throw new DraftNotPublishableError(issues);
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(draft.attributes)) attributes[key.trim()] = value.trim();
  // `urls` is left out: media are attached through upload tickets, in the photos' order.
  return {
    title: draft.title.trim(),
    category: categorySegments(draft.category).join('/'),
    description: draft.description.trim(),
    attributes,
    adType: draft.adType.trim(),
    price: { type: draft.price.type.trim(), amount: amount.value },
    email: draft.email.trim(),
    phoneNumber: optional(draft.phoneNumber),
    // Never empty: after a lost answer the publish engine finds the listing again by this value.
    customReference: listingReference(draft),
    contactPerson: optional(draft.contactPerson),
    buyNow: draft.buyNow,
  };
}

/**
 * The body of `POST /v1/listings/{uuid}/publications`; throws DraftNotPublishableError if it has
 * issues. It always carries `district`, which the spec's field table marks required.
 */
export function draftToPublicationCreateRequest(draft: Draft): PublicationCreateRequest {
  const issues = validatePublicationFields(draft);
  // A draft may leave the imprint to the account; the request itself must name one.
  if ((draft.publication.imprintUuid ?? '').trim() === '')
    issues.push({ field: 'publication.imprintUuid', code: 'required' });
  const radius = parseRadius(draft.publication.availabilityRadiusInKm);
  if (issues.length > 0 || !radius.ok) throw new DraftNotPublishableError(issues);
  const p = draft.publication;
  return {
    availabilityRadiusInKm: radius.value,
    street: p.street.trim(),
    city: p.city.trim(),
    district: (p.district ?? '').trim(),
    postalCode: p.postalCode.trim(),
    imprintUuid: (p.imprintUuid ?? '').trim(),
  };
}
