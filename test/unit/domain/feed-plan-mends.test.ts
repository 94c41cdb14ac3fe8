// Issue 35.5's mends of the plan and the valve, as pure functions: a new row out of stock becomes a
// draft and is published once back in stock; a photo that could not be fetched is no change at the
// next run; photos the seller added by hand are never planned for replacement; a run making more
// than the share of new ads is held (not a first run); a switch between one ad per group and one per
// variant is named when it would end or make many ads (issue 35.3).
import { describe, expect, it } from 'vitest';
import { newDraft, type Draft, type DraftPhoto } from '../../../src/shared/domain/drafts/draft';
import { variantsSwitch, type FeedItem } from '../../../src/shared/domain/feeds/feed';
import { feedPhotosOf, planFeedRun, type FeedWorld } from '../../../src/shared/domain/feeds/feed-plan';
import type { FeedPlanEntry } from '../../../src/shared/domain/feeds/feed-run';
import type { FeedRow } from '../../../src/shared/domain/feeds/feed-rows';
import { feedValve, type ValveInput } from '../../../src/shared/domain/feeds/feed-valve';
import type { ListingView } from '../../../src/shared/ipc/types';

let n = 0;
const photo = (originalName: string): DraftPhoto => ({
  id: `p-${++n}`,
  file: `photos/p-${n}.jpg`,
  thumb: `photos/p-${n}.thumb.jpg`,
  mediaType: 'image/jpeg',
  width: 10,
  height: 10,
  bytes: 100,
  originalName,
});

const draftOf = (reference: string, photos: string[]): Draft => ({
  ...newDraft(
    {
      accountId: 'sandbox',
      title: reference,
      customReference: reference,
      price: { type: 'FIXED', amount: 10 },
    },
    { id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, now: new Date(0) },
  ),
  photos: photos.map(photo),
});

const rowOf = (reference: string, stock: FeedRow['stock'], photoNames: string[] = []): FeedRow => ({
  index: 1,
  reference,
  stock,
  fields: { title: reference, customReference: reference, price: { type: 'FIXED', amount: 10 } },
  photoNames,
  problems: [],
});

const listingOf = (reference: string): ListingView => ({
  uuid: `L-${reference}`,
  title: reference,
  description: '',
  category: 'Haushalt',
  attributes: {},
  adType: 'OFFER',
  adPrice: { type: 'FIXED', amount: 10 },
  userId: 'u',
  email: 'shop@example.de',
  customReference: reference,
  urls: [],
});

const world = (over: Partial<FeedWorld> = {}): FeedWorld => ({
  feed: { gone: 'pause' },
  items: [],
  drafts: [],
  listings: [],
  initOf: (row) => ({ accountId: 'sandbox', ...row.fields }),
  photoName: (name) => name.split('/').pop()!,
  ...over,
});

const brief = (entries: FeedPlanEntry[]) => entries.map((e) => `${e.reference}: ${e.action} (${e.reason})`);

describe('a new row out of stock', () => {
  it('becomes a draft, stays one while sold out, and comes back once in stock', () => {
    expect(brief(planFeedRun([rowOf('N', 'out')], world()))).toEqual(['N: create (new-sold-out)']);
    // The run kept its draft as paused (never published): still sold out, nothing to do.
    const draft = draftOf('N', []);
    const items: FeedItem[] = [{ reference: 'N', draftId: draft.id, state: 'paused' }];
    expect(brief(planFeedRun([rowOf('N', 'out')], world({ items, drafts: [draft] })))).toEqual([
      'N: unchanged (not-online)',
    ]);
    const back = planFeedRun([rowOf('N', 'in')], world({ items, drafts: [draft] }));
    expect(brief(back)).toEqual(['N: resume (back-in-stock)']);
    expect(back[0]).toMatchObject({ draftId: draft.id });
    expect(back[0]!.listingUuid).toBeUndefined();
    // Stock not known is not "in stock": the draft waits.
    expect(brief(planFeedRun([rowOf('N', 'unknown')], world({ items, drafts: [draft] })))).toEqual([
      'N: unchanged (same)',
    ]);
  });
});

describe('photos', () => {
  it('counts a photo that could not be fetched as no change while the row still names it', () => {
    const draft = draftOf('A', ['a.jpg']);
    const item: FeedItem = {
      reference: 'A',
      draftId: draft.id,
      state: 'active',
      photos: ['a.jpg', 'b.jpg'],
      missedPhotos: ['b.jpg'],
    };
    const urls = ['https://shop.example/a.jpg', 'https://shop.example/b.jpg'];
    expect(brief(planFeedRun([rowOf('A', 'in', urls)], world({ items: [item], drafts: [draft] })))).toEqual([
      'A: unchanged (same)',
    ]);
    // Without the note (a record from before a restart): a photo sent before that the draft lacks is
    // not asked for again; a photo new in the row is.
    const plain = { ...item, missedPhotos: [] };
    expect(brief(planFeedRun([rowOf('A', 'in', urls)], world({ items: [plain], drafts: [draft] })))).toEqual([
      'A: unchanged (same)',
    ]);
    const more = planFeedRun(
      [rowOf('A', 'in', [...urls, 'https://shop.example/c.jpg'])],
      world({ items: [plain], drafts: [draft] }),
    );
    expect(more[0]!.changes).toEqual([{ field: 'photos', before: 'a.jpg', after: 'a.jpg, c.jpg' }]);
    // A live ad alike; a new photo in the row is a change.
    const live = { ...item, listingUuid: 'L-A' };
    const seen = world({ items: [live], drafts: [draft], listings: [listingOf('A')] });
    expect(brief(planFeedRun([rowOf('A', 'in', urls)], seen))).toEqual(['A: unchanged (same)']);
    const changed = planFeedRun([rowOf('A', 'in', [urls[0]!, 'https://shop.example/c.jpg'])], seen);
    expect(changed[0]!.liveChanges).toEqual([{ field: 'photos', before: 'a.jpg', after: 'a.jpg, c.jpg' }]);
  });

  it('never plans to replace photos the seller added by hand, and compares only the feed’s', () => {
    const draft = draftOf('A', ['a.jpg', 'b.jpg', 'mine.jpg']);
    const item: FeedItem = { reference: 'A', draftId: draft.id, state: 'active', photos: ['a.jpg', 'b.jpg'] };
    const seen = world({ items: [item], drafts: [draft] });
    expect(brief(planFeedRun([rowOf('A', 'in', ['a.jpg', 'b.jpg'])], seen))).toEqual(['A: unchanged (same)']);
    // The feed's second photo goes: a change of the feed's photos only; the seller's is not named.
    const fewer = planFeedRun([rowOf('A', 'in', ['a.jpg'])], seen);
    expect(fewer[0]!.changes).toEqual([{ field: 'photos', before: 'a.jpg, b.jpg', after: 'a.jpg' }]);
    expect(feedPhotosOf(draft, item, ['a.jpg'])).toEqual(['a.jpg', 'b.jpg']);
    // A draft the feed took on by its reference: what the row does not name is the seller's.
    expect(brief(planFeedRun([rowOf('A', 'in', ['a.jpg', 'b.jpg'])], world({ drafts: [draft] })))).toEqual([
      'A: unchanged (same)',
    ]);
  });
});

describe('feedValve, new ads and a switch of variants', () => {
  const input = (over: Partial<ValveInput> = {}): ValveInput => ({
    header: ['id', 'title'],
    headerBefore: ['id', 'title'],
    rows: 10,
    maxShare: 0.2,
    ...over,
  });
  const plan = (known: number, created: number, going = 0): FeedPlanEntry[] => [
    ...Array.from({ length: known }, (_, i): FeedPlanEntry => ({
      reference: `K${i}`,
      action: i < going ? 'pause' : 'unchanged',
      reason: i < going ? 'row-gone' : 'same',
      title: '',
      listingUuid: `L${i}`,
    })),
    ...Array.from({ length: created }, (_, i): FeedPlanEntry => ({
      reference: `N${i}`,
      action: 'create',
      reason: 'new-row',
      title: '',
    })),
  ];

  it('holds more new ads than the share of the feed’s ads after the run (a few always may)', () => {
    expect(feedValve(plan(10, 2), input())).toEqual([]);
    expect(feedValve(plan(12, 3), input())).toEqual([]); // 3 of 15: 20 %, not more
    expect(feedValve(plan(10, 3), input())).toEqual([
      { reason: 'too-many-new', count: 3, of: 13, maxShare: 0.2 },
    ]);
    expect(feedValve(plan(10, 3), input({ maxShare: 0.5 }))).toEqual([]);
    // A feed moved to a source whose ids are not the old SKUs: every ad gone, every row new.
    expect(feedValve(plan(10, 10, 10), input()).map((h) => h.reason)).toEqual([
      'too-many-gone',
      'too-many-new',
    ]);
  });

  it('lets a first run make every ad (the seller’s yes is asked for instead)', () => {
    expect(feedValve(plan(0, 50), input({ headerBefore: null }))).toEqual([]);
    expect(feedValve(plan(0, 50), input())).toEqual([
      { reason: 'too-many-new', count: 50, of: 50, maxShare: 0.2 },
    ]);
  });

  it('names a switch of variants that would end or make many ads, and lets a small one through', () => {
    const variantsSwitched = variantsSwitch({ variants: 'each', variantsApplied: 'group' });
    expect(variantsSwitched).toEqual({ from: 'group', to: 'each' });
    expect(feedValve(plan(10, 30, 10), input({ variantsSwitched }))).toEqual([
      {
        reason: 'variants-switched',
        from: 'group',
        to: 'each',
        gone: 10,
        created: 30,
        of: 40,
        maxShare: 0.2,
      },
    ]);
    expect(feedValve(plan(20, 2, 1), input({ variantsSwitched }))).toEqual([]);
    expect(feedValve(plan(10, 30, 10), input({ variantsSwitched, maxShare: 1 }))).toEqual([]);
  });

  it('knows a switch only against what was applied', () => {
    expect(variantsSwitch({ variantsApplied: 'each' })).toEqual({ from: 'each', to: 'group' });
    expect(variantsSwitch({ variants: 'group', variantsApplied: 'group' })).toBeUndefined();
    expect(variantsSwitch({ variants: 'each' })).toBeUndefined();
  });
});
