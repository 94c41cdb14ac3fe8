// What the editor (and a bulk edit) sends with drafts:save: every field the seller types, and nothing else (the
// contract's schema is strict, and photos, status and dates belong to main), with the fields it started from,
// so that only what the seller changed is written over a draft that changed meanwhile (issue 24.4).
import type { Draft, DraftFields } from '../drafts';
import { sameShopValue, shopFieldsOf, shopValueOf, withShopValue } from './shop-fields';

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

/**
 * The field paths (as the shop merge names them: price and place in parts, attributes by key) where
 * `typed` differs from `base`: what the seller changed since the editor last heard from main.
 */
export function typedFieldsOf(typed: DraftFields, base: DraftFields): string[] {
  // The account is no field the editor types: moving a draft has its own call.
  return shopFieldsOf(typed, base).filter(
    (path) => path !== 'accountId' && !sameShopValue(shopValueOf(typed, path), shopValueOf(base, path)),
  );
}

/**
 * The draft as stored now with the seller's changes (`typed` against `base`) written over it; every
 * field the seller left alone keeps what is stored, so a change that arrived meanwhile is kept. Pure.
 */
export function withTypedFields(stored: Draft, typed: DraftFields, base: DraftFields): Draft {
  return typedFieldsOf(typed, base).reduce(
    (draft, path) => withShopValue(draft, path, shopValueOf(typed, path)),
    stored,
  );
}

/**
 * The base the editor saves against after taking in `stored`: its fields, except those the seller
 * typed beyond `typedAgainst`, which keep `typedAgainst`'s value, so that the next save still sees
 * a change that arrived under them meanwhile (issue 32.1) instead of writing over it.
 */
export function rebasedFields(stored: Draft, typed: DraftFields, typedAgainst: DraftFields): DraftFields {
  const kept = typedFieldsOf(typed, typedAgainst).reduce(
    (draft, path) => withShopValue(draft, path, shopValueOf(typedAgainst, path)),
    stored,
  );
  return draftFieldsOf(kept);
}

/** The fields the seller typed (against `typedAgainst`) that `stored` meanwhile changed to something else. */
export function crossedFields(stored: Draft, typed: DraftFields, typedAgainst: DraftFields): string[] {
  return typedFieldsOf(typed, typedAgainst).filter((path) => {
    const now = shopValueOf(stored, path);
    return (
      !sameShopValue(now, shopValueOf(typedAgainst, path)) && !sameShopValue(now, shopValueOf(typed, path))
    );
  });
}
