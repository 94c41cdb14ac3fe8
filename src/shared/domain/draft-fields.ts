// What the editor (and a bulk edit) sends with drafts:save: every field the seller types, and nothing else (the
// contract's schema is strict, and photos, status and dates belong to main).
import type { Draft, DraftFields } from './draft';

/** The draft's editable fields, exactly the keys of `draftFieldsSchema`. */
export function draftFieldsOf(draft: Draft): DraftFields {
  return {
    id: draft.id,
    title: draft.title,
    category: draft.category,
    description: draft.description,
    attributes: draft.attributes,
    adType: draft.adType,
    price: { type: draft.price.type, amount: draft.price.amount },
    email: draft.email,
    phoneNumber: draft.phoneNumber,
    customReference: draft.customReference,
    contactPerson: draft.contactPerson,
    buyNow: draft.buyNow,
    publication: {
      street: draft.publication.street,
      city: draft.publication.city,
      district: draft.publication.district,
      postalCode: draft.publication.postalCode,
      availabilityRadiusInKm: draft.publication.availabilityRadiusInKm,
      imprintUuid: draft.publication.imprintUuid,
    },
  };
}
