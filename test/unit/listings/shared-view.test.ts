// How what moved in the shop's view of an account is laid over the list a desk holds (issue 24.6).
import { describe, expect, it } from 'vitest';
import { sameView, withShared, type SharedDelta } from '../../../src/main/listings/shared-view';
import type { ListingExtras } from '../../../src/shared/ipc/types';
import { sampleListing } from '../../fixtures/listings';

const extras = (state: string): ListingExtras => ({
  publications: [{ uuid: 'p', requestedState: 'PUBLISHED', actualState: state, adId: 7 }],
  seenAt: '2026-11-01T10:00:00.000Z',
  changedAt: '2026-11-01T10:00:00.000Z',
});
const one = sampleListing({ uuid: 'one', title: 'Eins' });
const two = sampleListing({ uuid: 'two', title: 'Zwei' });
const held = {
  listings: [one, two],
  fetchedAt: '2026-11-01T10:00:00.000Z',
  extras: { one: extras('PUBLISHED'), two: extras('PUBLISHED') },
};
const delta = (patch: Partial<SharedDelta>): SharedDelta => ({
  version: 3,
  full: false,
  fetchedAt: '2026-11-01T10:05:00.000Z',
  unreadable: [],
  rows: [],
  ...patch,
});

describe('withShared', () => {
  it('replaces a moved listing in its place, adds a new one at the end and drops a removed one', () => {
    const three = sampleListing({ uuid: 'three', title: 'Drei' });
    const cheaper = { ...one, adPrice: { type: 'FIXED', amount: 5 } };
    const next = withShared(
      held,
      delta({
        rows: [
          { uuid: 'two' },
          { uuid: 'three', listing: three, extras: extras('PENDING') },
          { uuid: 'one', listing: cheaper, extras: extras('PAUSED') },
        ],
      }),
    );
    expect(next.listings).toEqual([cheaper, three]);
    expect(Object.keys(next.extras ?? {}).sort()).toEqual(['one', 'three']);
    expect(next.extras?.one?.publications[0]?.actualState).toBe('PAUSED');
    expect(next.fetchedAt).toBe('2026-11-01T10:05:00.000Z');
  });

  it('takes a full view as the whole list: what it does not name is gone', () => {
    const next = withShared(held, delta({ full: true, rows: [{ uuid: 'two', listing: two }] }));
    expect(next.listings).toEqual([two]);
    expect(next.extras).toEqual({});
  });
});

describe('sameView', () => {
  it('ignores key order and absent optional parts, and sees a changed price or time', () => {
    // As read back from the database: the same listing with its keys in another order.
    const twoAgain = Object.fromEntries(Object.entries(two).reverse()) as typeof two;
    const reordered = { ...held, listings: [one, twoAgain] };
    expect(sameView(held, { ...reordered, unreadable: [] })).toBe(true);
    const cheaper = { ...held, listings: [{ ...one, adPrice: { type: 'FIXED', amount: 5 } }, two] };
    expect(sameView(held, cheaper)).toBe(false);
    expect(sameView(held, { ...held, fetchedAt: '2026-11-01T10:05:00.000Z' })).toBe(false);
  });
});
