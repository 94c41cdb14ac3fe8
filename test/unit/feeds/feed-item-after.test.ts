// What the feed keeps of an ad after a run's entry (issue 35.5): a draft made while its row was sold
// out waits like a paused ad; photos the run could not fetch are remembered by name (so they are no
// change at the next run), forgotten once a run takes the row's photos in full, and kept when a run
// did not try them.
import { describe, expect, it } from 'vitest';
import { itemAfter, publishesDraft } from '../../../src/main/feeds/feed-apply';
import type { FeedItem } from '../../../src/shared/domain/feeds/feed';
import type { FeedRunEntry } from '../../../src/shared/domain/feeds/feed-run';

const entry = (over: Partial<FeedRunEntry>): FeedRunEntry => ({
  reference: 'A',
  action: 'create',
  reason: 'new-row',
  title: 'A',
  outcome: 'done',
  draftId: 'd-1',
  source: { fields: {}, photos: ['https://shop.example/a.jpg', 'https://shop.example/b.jpg'] },
  ...over,
});
const gone = { ref: 'https://shop.example/b.jpg', name: 'b.jpg', message: 'not found' };

describe('itemAfter', () => {
  it('keeps a draft made sold out as paused, a new row’s as active', () => {
    expect(itemAfter(entry({ reason: 'new-sold-out', missedPhotos: [] }), undefined)).toEqual({
      reference: 'A',
      draftId: 'd-1',
      state: 'paused',
      photos: ['a.jpg', 'b.jpg'],
    });
    expect(itemAfter(entry({ missedPhotos: [gone] }), undefined)).toEqual({
      reference: 'A',
      draftId: 'd-1',
      state: 'active',
      photos: ['a.jpg', 'b.jpg'],
      missedPhotos: ['b.jpg'],
    });
  });

  it('forgets missed photos once taken in, keeps them when the run did not try', () => {
    const before: FeedItem = {
      reference: 'A',
      draftId: 'd-1',
      state: 'active',
      photos: ['a.jpg', 'b.jpg'],
      missedPhotos: ['b.jpg'],
    };
    const taken = itemAfter(entry({ action: 'update', reason: 'row-changed', missedPhotos: [] }), before);
    expect(taken).not.toHaveProperty('missedPhotos');
    const untried = itemAfter(entry({ action: 'update', reason: 'row-changed' }), before);
    expect(untried).toMatchObject({ missedPhotos: ['b.jpg'] });
  });
});

describe('publishesDraft', () => {
  it('publishes a new row’s draft and a sold-out draft back in stock, where the feed publishes', () => {
    const on = { publish: true };
    expect(publishesDraft({ action: 'create', reason: 'new-row' }, on)).toBe(true);
    expect(publishesDraft({ action: 'create', reason: 'new-sold-out' }, on)).toBe(false);
    expect(publishesDraft({ action: 'resume', reason: 'back-in-stock' }, on)).toBe(true);
    expect(publishesDraft({ action: 'resume', reason: 'back-in-stock', listingUuid: 'L' }, on)).toBe(false);
    expect(publishesDraft({ action: 'create', reason: 'new-row' }, { publish: false })).toBe(false);
  });
});
