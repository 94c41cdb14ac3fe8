// Requests about a live ad (issue 37.4): a change, a price, a pause (or resume) or an end. The request
// carries the ad as the asking desk knows it live and as buyers will see it afterwards, and the job
// an approval puts into the team's queue unchanged: a one-ad bulk job (kind 'bulk'), run by a desk
// holding the account's secret under a lease with a fencing token (shop/claims/bulk-queue.ts). Its
// ad is read back before anything is sent, so a crash neither loses nor repeats it, and an approved
// change finding the ad changed meanwhile sends nothing.
import type {
  ApprovalAction,
  ApprovalAd,
  LiveAsk,
  LiveListingFields,
} from '../../../shared/domain/approvals';
import { changedAd, listingAd, liveValuesOf, patchAgainst } from '../../../shared/domain/approvals';
import type { BulkChange, BulkEdit, BulkJob, BulkJobItem, BulkRowPlan } from '../../../shared/domain/bulk';
import { planListing } from '../../../shared/domain/bulk';
import type { QueuedBody } from '../queue';

/** A live request as it goes into the approvals table. */
export interface LiveRequest {
  ad: ApprovalAd;
  live: ApprovalAd;
  body: QueuedBody & { record: BulkJob & { state: string } };
}

const shownPrice = (price: { type: string; amount: number | string | null }) =>
  price.amount === null ? price.type : `${price.amount}`;

/** The bulk view's rows of what changes (before and after, as text). */
function bulkChanges(live: ApprovalAd, ad: ApprovalAd): BulkChange[] {
  const out: BulkChange[] = [];
  if (live.title !== ad.title) out.push({ field: 'title', before: live.title, after: ad.title });
  if (live.description !== ad.description)
    out.push({ field: 'description', before: live.description, after: ad.description });
  if (shownPrice(live.price) !== shownPrice(ad.price))
    out.push({ field: 'price', before: shownPrice(live.price), after: shownPrice(ad.price) });
  if (live.category !== ad.category)
    out.push({ field: 'category', before: live.category, after: ad.category });
  const keys = new Set([...Object.keys(live.attributes), ...Object.keys(ad.attributes)]);
  for (const name of [...keys].sort())
    if (live.attributes[name] !== ad.attributes[name])
      out.push({
        field: 'attribute',
        name,
        before: live.attributes[name] ?? null,
        after: ad.attributes[name] ?? null,
      });
  if (live.adType !== ad.adType) out.push({ field: 'adType', before: live.adType, after: ad.adType });
  for (const field of ['email', 'phoneNumber', 'contactPerson', 'customReference', 'buyNow'] as const) {
    const asText = (value: string | boolean | null | undefined) =>
      value === null || value === undefined || value === '' ? null : String(value);
    const before = asText(live.contact?.[field]);
    const after = asText(ad.contact?.[field]);
    if (before !== after) out.push({ field, before, after });
  }
  return out;
}

/**
 * A bulk edit of one live ad as a request (issue 37.4): the edit planned on the ad as this desk knows
 * it, as the bulk preview plans it, and the ask that carries exactly its update: a price alone is a
 * price request, anything else a change. No ask where nothing changes or the edit does not fit the
 * ad; imprint and location go to the ad's publications, which no request carries.
 */
export function planEditAsk(
  listing: LiveListingFields,
  edit: BulkEdit,
  accountId: string,
): { plan: BulkRowPlan; ask: LiveAsk | null } {
  const { plan, patch } = planListing({ ...listing, email: listing.email ?? '' }, edit);
  if (plan.outcome !== 'change' || !patch) return { plan, ask: null };
  if (patch.publication) return { plan: { ...plan, outcome: 'invalid', reason: 'not-for-live' }, ask: null };
  const { publication: _none, ...fields } = patch;
  const base = { listing: listing.uuid, accountId };
  const ask: LiveAsk =
    Object.keys(fields).length === 1 && fields.price
      ? { ...base, kind: 'price', amount: fields.price.amount }
      : { ...base, kind: 'change', patch: fields };
  return { plan, ask };
}

/**
 * The request of `ask` against the live listing as this desk knows it; a string names what is wrong
 * ('nothing-changes', 'price-invalid').
 */
export function liveRequest(
  ask: LiveAsk,
  listing: LiveListingFields,
  account: string,
  id: string,
  now: Date,
): LiveRequest | 'nothing-changes' | 'price-invalid' {
  const live = listingAd(listing, account);
  let ad = live;
  let edit: BulkEdit;
  const item: BulkJobItem = {
    uuid: listing.uuid,
    title: listing.title,
    state: 'pending',
    changes: [],
    patch: {},
  };
  if (ask.kind === 'change' || ask.kind === 'price') {
    const wanted =
      ask.kind === 'price' ? { price: { type: listing.adPrice.type, amount: ask.amount } } : ask.patch;
    if (wanted.price && !(Number.isFinite(wanted.price.amount) && wanted.price.amount >= 0))
      return 'price-invalid';
    const patch = patchAgainst(listing, wanted);
    if (Object.keys(patch).length === 0) return 'nothing-changes';
    ad = changedAd(live, patch);
    item.patch = patch;
    item.expect = liveValuesOf(listing, patch);
    item.changes = bulkChanges(live, ad);
    edit =
      ask.kind === 'price'
        ? { kind: 'price', mode: 'set', value: ask.amount, rounding: 'none' }
        : { kind: 'request', request: id, asked: 'change' };
  } else {
    const action: ApprovalAction =
      ask.kind === 'pause'
        ? { kind: 'pause', state: ask.state, publications: ask.publication ? [ask.publication] : [] }
        : { kind: 'end', sold: ask.sold === true };
    item.action = action;
    edit = { kind: 'request', request: id, asked: ask.kind };
  }
  const record = {
    version: 1 as const,
    id,
    accountId: account,
    createdAt: now.toISOString(),
    edit,
    items: [item],
    state: 'running',
  };
  return { ad, live, body: { record, photos: {} } };
}

/** What a live request does besides its changes (read from the job it carries). */
export function actionOf(body: unknown): ApprovalAction | null {
  const items = (body as { record?: { items?: BulkJobItem[] } }).record?.items;
  return items?.[0]?.action ?? null;
}
