// A request about a live ad (issue 37.4), as the asking desk makes it: exactly the fields that change,
// the values it expects to find live, the job that carries it out; and what changes compared the
// same whatever order a request's objects come back from the database in.
import { describe, expect, it } from 'vitest';
import { liveRequest, planEditAsk } from '../../../src/main/shop/approvals/approvals-live';
import { approvalChanges, listingAd, type LiveListingFields } from '../../../src/shared/domain/approvals';
import { bulkEditSchema, listingHasPatch } from '../../../src/shared/domain/bulk';

const listing: LiveListingFields = {
  uuid: 'listing-1',
  title: 'Oak table',
  description: 'Solid oak.',
  category: 'Home/Tables',
  attributes: { condition: 'used' },
  adType: 'OFFER',
  adPrice: { type: 'FIXED', amount: 120 },
  urls: ['https://media.example/1.jpg'],
};
const now = new Date('2026-12-07T08:00:00Z');

describe('liveRequest', () => {
  it('carries only what changes, what it expects live, and the one-ad job that sends it', () => {
    const made = liveRequest(
      {
        kind: 'change',
        listing: 'listing-1',
        patch: { title: 'Oak table, oiled', description: 'Solid oak.' },
      },
      listing,
      'acc-1',
      'req-1',
      now,
    );
    if (typeof made === 'string') throw new Error(made);
    const [item] = made.body.record.items;
    expect(item).toMatchObject({
      uuid: 'listing-1',
      state: 'pending',
      patch: { title: 'Oak table, oiled' },
      expect: { title: 'Oak table' },
      changes: [{ field: 'title', before: 'Oak table', after: 'Oak table, oiled' }],
    });
    expect(made.body.record).toMatchObject({ id: 'req-1', accountId: 'acc-1', state: 'running' });
    expect(bulkEditSchema.parse(made.body.record.edit)).toEqual({
      kind: 'request',
      request: 'req-1',
      asked: 'change',
    });
    expect(approvalChanges(made.live, made.ad)).toEqual([
      { field: 'title', live: 'Oak table', asked: 'Oak table, oiled' },
    ]);
    // Read back: the ad as live no longer carries the expected title once another desk changed it.
    const read = { ...listing, email: 'shop@example.com' };
    expect(listingHasPatch({ ...read, title: 'Oak table, sold' }, item!.expect!)).toBe(false);
    expect(listingHasPatch(read, item!.expect!)).toBe(true);
  });

  it('makes a price a price edit of the ad, and refuses a request that changes nothing or a bad price', () => {
    const made = liveRequest({ kind: 'price', listing: 'listing-1', amount: 99 }, listing, 'acc-1', 'r', now);
    if (typeof made === 'string') throw new Error(made);
    expect(made.body.record.edit).toEqual({ kind: 'price', mode: 'set', value: 99, rounding: 'none' });
    expect(made.body.record.items[0]!.patch).toEqual({ price: { type: 'FIXED', amount: 99 } });
    expect(liveRequest({ kind: 'price', listing: 'listing-1', amount: 120 }, listing, 'a', 'r', now)).toBe(
      'nothing-changes',
    );
    expect(liveRequest({ kind: 'price', listing: 'listing-1', amount: -1 }, listing, 'a', 'r', now)).toBe(
      'price-invalid',
    );
  });

  it('carries a pause or an end as the action, changing no field', () => {
    const pause = liveRequest(
      { kind: 'pause', listing: 'listing-1', state: 'PAUSED', publication: 'pub-1' },
      listing,
      'a',
      'r',
      now,
    );
    const end = liveRequest({ kind: 'end', listing: 'listing-1', sold: true }, listing, 'a', 'r', now);
    if (typeof pause === 'string' || typeof end === 'string') throw new Error('refused');
    expect(pause.body.record.items[0]!.action).toEqual({
      kind: 'pause',
      state: 'PAUSED',
      publications: ['pub-1'],
    });
    expect(end.body.record.items[0]!.action).toEqual({ kind: 'end', sold: true });
    expect(approvalChanges(end.live, end.ad)).toEqual([]);
  });
});

describe('approvalChanges', () => {
  it('compares objects whatever the order of their keys (jsonb gives its own)', () => {
    const live = listingAd(listing, 'a');
    const reordered = JSON.parse(
      JSON.stringify({ ...live, location: { district: null, city: '', postalCode: '' } }),
    ) as typeof live;
    expect(approvalChanges(live, reordered)).toEqual([]);
  });
});

// Issue 37.4: the live edit form's contact fields, kind of ad and buy-now are carried by a change.
describe('a change of contact fields', () => {
  const withContact: LiveListingFields & { email: string } = {
    ...listing,
    email: 'shop@example.com',
    phoneNumber: '+49 30 1234567',
    contactPerson: 'Erika',
    customReference: 'T-1',
    buyNow: false,
  };

  it('shows them among the changes, sends them, and expects them live as they were', () => {
    const made = liveRequest(
      { kind: 'change', listing: 'listing-1', patch: { phoneNumber: '+49 30 7654321', buyNow: true } },
      withContact,
      'acc-1',
      'req-2',
      now,
    );
    if (typeof made === 'string') throw new Error(made);
    expect(approvalChanges(made.live, made.ad)).toEqual([
      { field: 'phoneNumber', live: '+49 30 1234567', asked: '+49 30 7654321' },
      { field: 'buyNow', live: 'false', asked: 'true' },
    ]);
    const [item] = made.body.record.items;
    expect(item).toMatchObject({
      patch: { phoneNumber: '+49 30 7654321', buyNow: true },
      expect: { phoneNumber: '+49 30 1234567', buyNow: false },
      changes: [
        { field: 'phoneNumber', before: '+49 30 1234567', after: '+49 30 7654321' },
        { field: 'buyNow', before: 'false', after: 'true' },
      ],
    });
    // The approved job finds the ad changed meanwhile by those fields too.
    expect(listingHasPatch({ ...withContact, buyNow: true }, item!.expect!)).toBe(false);
    expect(listingHasPatch(withContact, item!.expect!)).toBe(true);
  });

  it('asks nothing where the contact is as it is live (an empty phone is none)', () => {
    expect(
      liveRequest(
        {
          kind: 'change',
          listing: 'listing-1',
          patch: { phoneNumber: '+49 30 1234567', customReference: 'T-1' },
        },
        withContact,
        'acc-1',
        'req-3',
        now,
      ),
    ).toBe('nothing-changes');
  });
});

describe('planEditAsk', () => {
  const withContact = { ...listing, email: 'shop@example.com' };

  it('asks a bulk price edit as a price request of the new amount', () => {
    const { plan, ask } = planEditAsk(
      withContact,
      { kind: 'price', mode: 'percent', value: -10, rounding: 'none' },
      'acc-1',
    );
    expect(plan.changes).toEqual([{ field: 'price', before: '120.00', after: '108.00' }]);
    expect(ask).toEqual({ kind: 'price', listing: 'listing-1', accountId: 'acc-1', amount: 108 });
  });

  it('asks any other edit as a change carrying exactly its update', () => {
    const { ask } = planEditAsk(
      withContact,
      { kind: 'description', mode: 'append', block: 'Collect in Berlin.' },
      'acc-1',
    );
    expect(ask).toEqual({
      kind: 'change',
      listing: 'listing-1',
      accountId: 'acc-1',
      patch: { description: 'Solid oak.\n\nCollect in Berlin.' },
    });
  });

  it('asks nothing where nothing changes, and never for a publication (imprint, location)', () => {
    expect(
      planEditAsk(withContact, { kind: 'attribute', name: 'condition', value: 'used' }, 'acc-1'),
    ).toMatchObject({ plan: { outcome: 'same' }, ask: null });
    expect(
      planEditAsk(withContact, { kind: 'location', city: 'Berlin', postalCode: '10115' }, 'acc-1'),
    ).toMatchObject({ plan: { outcome: 'invalid', reason: 'not-for-live' }, ask: null });
  });
});
