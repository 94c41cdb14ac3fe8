// What the seller does with what the shop's merge left on a draft (issue 24.4): picks one value of a
// field in conflict (the photo order too), dismisses the note that it came back after a deletion.
import { describe, expect, it } from 'vitest';
import { parseStoredDraft, type Draft } from '../../../src/shared/domain/drafts/draft';
import {
  mergeShopDraft,
  restoreAfterDelete,
  type ShopAuthor,
} from '../../../src/shared/domain/shop/shop-merge';
import { dismissRestored, pickShopValue } from '../../../src/shared/domain/shop/shop-pick';
import { draftId, sampleDraft } from '../../fixtures/drafts';

const ID = draftId(9);
const LADEN: ShopAuthor = { desk: 'desk-laden', deskName: 'Laden', at: '2026-11-27T09:00:00.000Z' };
const LAGER: ShopAuthor = { desk: 'desk-lager', deskName: 'Lager', at: '2026-11-27T09:05:00.000Z' };
const who = { mine: LADEN, theirs: LAGER };

function conflicted(): { was: Draft; merged: Draft } {
  const was = sampleDraft(ID, {}, 3);
  const [a, b, c] = was.photos;
  const laden = {
    ...was,
    title: 'Laden',
    attributes: { ...was.attributes, condition: 'used' },
    photos: [c!, a!, b!],
  };
  const lager = { ...was, title: 'Lager', attributes: { versand: 'ja' }, photos: [b!, c!, a!] };
  return { was, merged: mergeShopDraft(was, laden, lager, who) };
}

describe('pickShopValue', () => {
  it('takes the picked value and settles only that conflict', () => {
    const { merged } = conflicted();
    expect(merged.title).toBe('Lager');
    const picked = pickShopValue(merged, 'title', 1)!;
    expect(picked.title).toBe('Laden');
    expect(picked.shop?.conflicts?.map((c) => c.field)).toEqual(['attributes.condition', 'photoOrder']);
  });

  it('takes back an attribute the other desk removed, or leaves it removed', () => {
    const { merged } = conflicted();
    expect(merged.attributes).toEqual({ versand: 'ja' });
    expect(pickShopValue(merged, 'attributes.condition', 1)!.attributes).toEqual({
      versand: 'ja',
      condition: 'used',
    });
    expect(pickShopValue(merged, 'attributes.condition', 0)!.attributes).toEqual({ versand: 'ja' });
  });

  it('puts the photos in the picked order; with every conflict settled the draft has no shop state', () => {
    const { was, merged } = conflicted();
    const [a, b, c] = was.photos.map((p) => p.id);
    let draft = pickShopValue(merged, 'photoOrder', 1)!;
    expect(draft.photos.map((p) => p.id)).toEqual([c, a, b]);
    draft = pickShopValue(pickShopValue(draft, 'title', 0)!, 'attributes.condition', 0)!;
    expect(draft.shop).toBeUndefined();
    expect('shop' in draft).toBe(false);
  });

  it('refuses a field without a conflict and a value that is not there', () => {
    const { merged } = conflicted();
    expect(pickShopValue(merged, 'description', 0)).toBeNull();
    expect(pickShopValue(merged, 'title', 2)).toBeNull();
  });

  it('dismisses the note of a deletion and keeps the conflicts', () => {
    const { merged } = conflicted();
    const back = restoreAfterDelete(merged, LADEN);
    expect(back.shop?.restored).toEqual(LADEN);
    const dismissed = dismissRestored(back);
    expect(dismissed.shop?.restored).toBeUndefined();
    expect(dismissed.shop?.conflicts).toEqual(merged.shop?.conflicts);
  });

  it('loads a draft stored before the shop existed', () => {
    const old = JSON.parse(JSON.stringify(sampleDraft(ID)));
    expect(parseStoredDraft(old)).toEqual(old);
  });
});
