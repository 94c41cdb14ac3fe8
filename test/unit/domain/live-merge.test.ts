// The three-way merge of a linked draft with its live listing against the version both last agreed
// on (issue 23.1), for every kind of field: texts, the category path, attributes, the price, the
// optional texts, the reference, buyNow, the photo set and the photo order.
import { describe, expect, it } from 'vitest';
import type { Draft, DraftPhoto } from '../../../src/shared/domain/drafts/draft';
import type { ListingField } from '../../../src/shared/domain/live/listing-fields';
import {
  baseOf,
  liveAddedUrls,
  mergeLive,
  publishedBase,
  resolveConflict,
  type LiveBase,
} from '../../../src/shared/domain/live/live-merge';
import { mergedDiff } from '../../../src/shared/domain/live/live-rows';
import type { Listing } from '../../../src/shared/service';
import { fakePhoto, sampleDraft } from '../../fixtures/drafts';
import { sampleListing } from '../../fixtures/listings';

const M = 'http://media.test/media';
const ID = 'd0000000-0000-4000-8000-000000000001';
const [A, B, C] = [`${M}/a`, `${M}/b`, `${M}/c`];

/** A draft published as sampleListing(): the same fields, photos p0..p2 shown as a, b, c. */
function published(): Draft {
  const draft = sampleDraft(
    ID,
    {
      title: 'Kühlschrank',
      description: 'Gut erhalten.',
      price: { type: 'FIXED', amount: '120,50' },
      phoneNumber: null,
      contactPerson: 'Erika',
      status: 'published',
    },
    3,
  );
  const photoUrls = Object.fromEntries(draft.photos.map((p, i) => [p.id, [A, B, C][i]!]));
  const linked = { ...draft, remote: { listingUuid: 'l-1', publicationUuid: 'p-1', photoUrls } };
  return { ...linked, remote: { ...linked.remote, base: publishedBase(linked, [A, B, C]) } };
}

const merge = (draft: Draft, listing: Listing, brought = {}) =>
  mergeLive(baseOf(draft), draft, listing, brought);
const ids = (draft: Draft) => draft.photos.map((p) => p.id);
const [P0, P1, P2] = ids(published()) as [string, string, string];

/** One row per field kind: a draft edit, a live value, how the draft then reads. */
const KINDS: {
  field: ListingField;
  draft: Partial<Draft>;
  live: Partial<Listing>;
  taken: Partial<Draft>;
}[] = [
  {
    field: 'title',
    draft: { title: 'Kühlschrank, neu' },
    live: { title: 'Kühlschrank A+++' },
    taken: { title: 'Kühlschrank A+++' },
  },
  {
    field: 'category',
    draft: { category: 'Haushalt/Herde' },
    live: { category: 'Küche/Kühlgeräte' },
    taken: { category: 'Küche/Kühlgeräte' },
  },
  {
    field: 'description',
    draft: { description: 'Neu.' },
    live: { description: 'Wie neu.' },
    taken: { description: 'Wie neu.' },
  },
  {
    field: 'attributes',
    draft: { attributes: { condition: 'used' } },
    live: { attributes: { condition: 'new', versand: 'nein' } },
    taken: { attributes: { condition: 'new', versand: 'nein' } },
  },
  { field: 'adType', draft: { adType: 'WANTED' }, live: { adType: 'SWAP' }, taken: { adType: 'SWAP' } },
  {
    field: 'price',
    draft: { price: { type: 'FIXED', amount: '129' } },
    live: { adPrice: { type: 'FIXED', amount: 139 } },
    taken: { price: { type: 'FIXED', amount: '139' } },
  },
  {
    field: 'email',
    draft: { email: 'a@example.de' },
    live: { email: 'b@example.de' },
    taken: { email: 'b@example.de' },
  },
  {
    field: 'phoneNumber',
    draft: { phoneNumber: '+49 1' },
    live: { phoneNumber: '+49 2' },
    taken: { phoneNumber: '+49 2' },
  },
  {
    field: 'customReference',
    draft: { customReference: 'REF-2' },
    live: { customReference: 'REF-3' },
    taken: { customReference: 'REF-3' },
  },
  {
    field: 'contactPerson',
    draft: { contactPerson: 'Max' },
    live: { contactPerson: null },
    taken: { contactPerson: null },
  },
  { field: 'buyNow', draft: { buyNow: null }, live: { buyNow: true }, taken: { buyNow: true } },
];

describe('mergeLive, field by field', () => {
  it('finds nothing to do when draft and listing are as agreed', () => {
    const draft = published();
    const result = merge(draft, sampleListing());
    expect(result).toMatchObject({ conflicts: [], pending: [], fromLive: [] });
    expect(result.pendingPhotos).toEqual({ addedIds: [], removedUrls: [], reordered: false });
    expect(result.draft).toEqual(draft);
    expect(mergedDiff(result, sampleListing())).toMatchObject({ state: 'same', rows: [] });
  });

  it.each(KINDS)('$field changed only live: taken into the draft, and agreed', ({ field, live, taken }) => {
    const result = merge(published(), sampleListing(live));
    expect(result.fromLive).toEqual([field]);
    expect(result.pending).toEqual([]);
    expect(result.conflicts).toEqual([]);
    expect(result.draft).toMatchObject(taken);
    // Seen again, nothing more moves: the base moved with it.
    const again = merge(result.draft, sampleListing(live));
    expect(again).toMatchObject({ fromLive: [], pending: [], conflicts: [] });
    expect(again.draft).toEqual(result.draft);
  });

  it.each(KINDS)('$field changed only in the draft: a pending change to send', ({ field, draft }) => {
    const edited = { ...published(), ...draft };
    const result = merge(edited, sampleListing());
    expect(result.pending).toEqual([field]);
    expect(result.fromLive).toEqual([]);
    expect(result.draft).toMatchObject(draft);
    const diff = mergedDiff(result, sampleListing());
    expect(diff.state).toBe('differs');
    expect(diff.rows).toEqual([expect.objectContaining({ field, way: 'to-live' })]);
  });

  it.each(KINDS)('$field changed on both sides: a conflict keeping both values', ({ field, draft, live }) => {
    const edited = { ...published(), ...draft };
    const result = merge(edited, sampleListing(live));
    expect(result.pending).toEqual([]);
    expect(result.fromLive).toEqual([]);
    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0]!.field).toBe(field);
    expect(result.draft).toMatchObject(draft);
    expect(result.draft.remote?.conflicts).toEqual(result.conflicts);
    expect(mergedDiff(result, sampleListing(live)).rows).toEqual([
      expect.objectContaining({ field, way: 'conflict' }),
    ]);
  });

  it.each(KINDS)('$field changed on both sides alike: agreed, no conflict', ({ draft, live, taken }) => {
    const result = merge({ ...published(), ...draft, ...taken }, sampleListing(live));
    expect(result).toMatchObject({ conflicts: [], pending: [], fromLive: [] });
  });

  it('reads the price as typed in either way, and keeps an unreadable one as a pending change', () => {
    expect(
      merge({ ...published(), price: { type: 'FIXED', amount: '120.5' } }, sampleListing()).pending,
    ).toEqual([]);
    const broken = merge({ ...published(), price: { type: 'FIXED', amount: 'abc' } }, sampleListing());
    expect(broken.pending).toEqual(['price']);
    expect(mergedDiff(broken, sampleListing()).rows[0]).toMatchObject({
      draft: { type: 'FIXED', amount: 'abc' },
      live: { type: 'FIXED', amount: 120.5 },
    });
  });

  it('takes the full path for a category the service shows by its last segment', () => {
    const shown = sampleListing({ category: 'Kühlschränke' });
    expect(merge(published(), shown)).toMatchObject({ fromLive: [], pending: [], conflicts: [] });
    expect(merge(published(), sampleListing({ category: 'Haushalt/Kühlschränke' })).fromLive).toEqual([]);
  });

  it('leaves a draft without a reference without one (its id is what it sends)', () => {
    const own = { ...published(), customReference: null };
    const base: LiveBase = { ...baseOf(own), fields: { ...baseOf(own).fields, customReference: 'REF-9' } };
    const result = mergeLive(base, own, sampleListing({ customReference: ID }));
    expect(result.draft.customReference).toBeNull();
    expect(result.conflicts).toEqual([]);
  });
});

describe('mergeLive, photos', () => {
  it('drops a photo removed live, and does not count it as the draft removing it', () => {
    const result = merge(published(), sampleListing({ urls: [A, C] }));
    expect(ids(result.draft)).toEqual([P0, P2]);
    expect(result.draft.remote?.photoUrls).toEqual({ [P0]: A, [P2]: C });
    expect(result.fromLive).toEqual(['photos']);
    expect(result.pendingPhotos).toEqual({ addedIds: [], removedUrls: [], reordered: false });
    expect(result.base.urls).toEqual([A, C]);
  });

  it('names a photo added live to be fetched, and puts it where the listing shows it', () => {
    const draft = published();
    const listing = sampleListing({ urls: [A, `${M}/d`, B, C] });
    expect(liveAddedUrls(baseOf(draft), draft.photos, draft.remote!.photoUrls!, listing)).toEqual([`${M}/d`]);
    const fetched: DraftPhoto = fakePhoto(ID, 9);
    const result = merge(draft, listing, { [`${M}/d`]: fetched });
    expect(ids(result.draft)).toEqual([P0, fetched.id, P1, P2]);
    expect(result.fromLive).toEqual(['photos']);
    expect(result.base.urls).toEqual([A, `${M}/d`, B, C]);
    // Not fetched (a failed download): nothing is agreed, and nothing is to be removed.
    const missed = merge(draft, listing);
    expect(ids(missed.draft)).toEqual([P0, P1, P2]);
    expect(missed.pendingPhotos.removedUrls).toEqual([]);
  });

  it('keeps a photo removed or added in the draft as a pending change', () => {
    const draft = published();
    const fresh = fakePhoto(ID, 7);
    const edited = { ...draft, photos: [draft.photos[0]!, draft.photos[2]!, fresh] };
    const result = merge(edited, sampleListing());
    expect(result.pendingPhotos).toEqual({ addedIds: [fresh.id], removedUrls: [B], reordered: false });
    expect(result.base.urls).toEqual([A, B, C]);
    expect(mergedDiff(result, sampleListing()).rows).toEqual([
      { field: 'photos', way: 'to-live', live: 3, draft: 3 },
    ]);
  });

  it('takes an order changed only live', () => {
    const result = merge(published(), sampleListing({ urls: [C, A, B] }));
    expect(ids(result.draft)).toEqual([P2, P0, P1]);
    expect(result.fromLive).toEqual(['photoOrder']);
    expect(result.base.urls).toEqual([C, A, B]);
  });

  it('keeps an order changed only in the draft as pending', () => {
    const draft = published();
    const edited = { ...draft, photos: [draft.photos[1]!, draft.photos[0]!, draft.photos[2]!] };
    const result = merge(edited, sampleListing());
    expect(ids(result.draft)).toEqual([P1, P0, P2]);
    expect(result.pendingPhotos.reordered).toBe(true);
    expect(mergedDiff(result, sampleListing()).rows).toEqual([
      { field: 'photoOrder', way: 'to-live', live: ['2', '1', '3'], draft: ['1', '2', '3'] },
    ]);
  });

  it('makes an order changed on both sides a conflict, resolved either way', () => {
    const draft = published();
    const edited = { ...draft, photos: [draft.photos[1]!, draft.photos[0]!, draft.photos[2]!] };
    const listing = sampleListing({ urls: [C, A, B] });
    const result = merge(edited, listing);
    expect(result.conflicts).toEqual([{ field: 'photoOrder', draft: [B, A, C], live: [C, A, B] }]);
    expect(ids(result.draft)).toEqual([P1, P0, P2]);

    const live = resolveConflict(result.draft, 'photoOrder', 'live')!;
    expect(ids(live)).toEqual([P2, P0, P1]);
    expect(merge(live, listing)).toMatchObject({ conflicts: [], fromLive: [] });
    expect(merge(live, listing).pendingPhotos.reordered).toBe(false);

    const mine = resolveConflict(result.draft, 'photoOrder', 'draft')!;
    expect(ids(mine)).toEqual([P1, P0, P2]);
    expect(merge(mine, listing)).toMatchObject({ conflicts: [] });
    expect(merge(mine, listing).pendingPhotos.reordered).toBe(true);
  });
});

describe('resolveConflict', () => {
  it.each(KINDS)(
    '$field: the live value into the draft, or the draft value left to send',
    ({ field, draft, live, taken }) => {
      const listing = sampleListing(live);
      const conflicted = merge({ ...published(), ...draft }, listing).draft;
      const keptLive = resolveConflict(conflicted, field, 'live')!;
      expect(keptLive).toMatchObject(taken);
      expect(merge(keptLive, listing)).toMatchObject({ conflicts: [], pending: [], fromLive: [] });
      const keptDraft = resolveConflict(conflicted, field, 'draft')!;
      expect(keptDraft).toMatchObject(draft);
      expect(merge(keptDraft, listing)).toMatchObject({ conflicts: [], pending: [field] });
      expect(resolveConflict(keptDraft, field, 'live')).toBeNull();
    },
  );

  it('is in conflict again when the live value moved after the conflict was seen', () => {
    const conflicted = merge(
      { ...published(), title: 'Mein Titel' },
      sampleListing({ title: 'Titel 1' }),
    ).draft;
    const picked = resolveConflict(conflicted, 'title', 'draft')!;
    expect(merge(picked, sampleListing({ title: 'Titel 2' })).conflicts).toEqual([
      { field: 'title', draft: 'Mein Titel', live: 'Titel 2' },
    ]);
  });
});

describe('a link made before bases were kept', () => {
  const old = () => {
    const draft = published();
    const { base: _base, ...remote } = draft.remote!;
    return { ...draft, remote };
  };

  it('agrees where draft and listing are the same, and asks where they differ (never reverts either)', () => {
    const draft = { ...old(), price: { type: 'FIXED', amount: '149' } };
    const result = merge(draft, sampleListing({ adPrice: { type: 'FIXED', amount: 139 } }));
    expect(result.conflicts).toEqual([
      { field: 'price', draft: { type: 'FIXED', amount: 149 }, live: { type: 'FIXED', amount: 139 } },
    ]);
    expect(result.pending).toEqual([]);
    expect(result.draft.price.amount).toBe('149');
    expect(result.base.fields.price).toBeUndefined();
    expect(result.base.fields.title).toBe('Kühlschrank');
    const picked = resolveConflict(result.draft, 'price', 'live')!;
    expect(picked.price.amount).toBe('139');
  });

  it('asks about a photo order that differs, and follows photo removals', () => {
    const result = merge(old(), sampleListing({ urls: [B, A] }));
    expect(ids(result.draft)).toEqual([P0, P1]);
    expect(result.conflicts).toEqual([{ field: 'photoOrder', draft: [A, B], live: [B, A] }]);
    expect(result.base.urls).toBeNull();
  });
});
