// The update a feed sends to a live ad: only the fields the row changes, worked out when the plan
// is made (the listing as read then), so a run resumed after a crash sends the same.
import type { DraftInit } from '../drafts';
import { parsePriceAmount } from '../drafts';
import type { ImportFieldChange } from '../tables';
import type { ListingPatch } from '../live';
import type { ListingView } from '../../service/listing';

/** The listing update of the row's changes to a live ad (photos aside: they are sent as files). */
export function livePatchOf(
  listing: ListingView,
  init: DraftInit,
  changes: readonly ImportFieldChange[],
): ListingPatch {
  const patch: ListingPatch = {};
  for (const { field, after } of changes) {
    const [head, ...rest] = field.split('.');
    if (head === 'photos') continue;
    if (head === 'price') {
      const amount = parsePriceAmount(init.price?.amount ?? listing.adPrice.amount);
      patch.price = {
        type: init.price?.type ?? listing.adPrice.type,
        amount: amount.ok ? amount.value : listing.adPrice.amount,
      };
    } else if (head === 'attributes') {
      patch.attributes = {
        ...listing.attributes,
        ...patch.attributes,
        [rest.join('.')]: String(after ?? ''),
      };
    } else if (head === 'buyNow') {
      patch.buyNow = typeof after === 'boolean' ? after : null;
    } else if (head === 'phoneNumber' || head === 'customReference' || head === 'contactPerson') {
      patch[head] = after === null ? null : String(after);
    } else if (
      head === 'title' ||
      head === 'description' ||
      head === 'category' ||
      head === 'adType' ||
      head === 'email'
    ) {
      patch[head] = String(after ?? '');
    }
  }
  return patch;
}
