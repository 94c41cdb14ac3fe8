// The shop's three-way merge of one draft edited on two desks apart (issue 24.4), for every kind of
// draft field: edits apart on different fields both kept, one field changed on both sides kept as a
// conflict with both values and their desks, the same draft whichever desk merges first.
import { describe, expect, it } from 'vitest';
import { parseStoredDraft, type Draft } from '../../../src/shared/domain/drafts/draft';
import {
  mergeShopDraft,
  restoreAfterDelete,
  type ShopAuthor,
} from '../../../src/shared/domain/shop/shop-merge';
import { shopValueOf, withShopValue } from '../../../src/shared/domain/shop/shop-fields';
import { draftId, fakePhoto, sampleDraft } from '../../fixtures/drafts';
import { FIELD_KINDS as KINDS } from '../../fixtures/draft-field-kinds';

const ID = draftId(7);
const LADEN: ShopAuthor = { desk: 'desk-laden', deskName: 'Laden', at: '2026-11-27T09:00:00.000Z' };
const LAGER: ShopAuthor = { desk: 'desk-lager', deskName: 'Lager', at: '2026-11-27T09:05:00.000Z' };

const base = () => sampleDraft(ID, {}, 3);
const edit = (draft: Draft, field: string, value: unknown) =>
  withShopValue(draft, field, value as Parameters<typeof withShopValue>[2]);

/** Merges both ways round: on the Laden desk (mine = Laden's) and on the Lager desk. */
function bothWays(was: Draft | undefined, laden: Draft, lager: Draft) {
  const onLaden = mergeShopDraft(was, laden, lager, { mine: LADEN, theirs: LAGER });
  const onLager = mergeShopDraft(was, lager, laden, { mine: LAGER, theirs: LADEN });
  return { onLaden, onLager };
}

describe('mergeShopDraft: every kind of field', () => {
  it.each(KINDS)('$field changed on one desk, another field on the other: both kept', ({ field, laden }) => {
    const was = base();
    const other = field === 'title' ? 'description' : 'title';
    const lager = edit(was, other, 'Vom Lager');
    const { onLaden, onLager } = bothWays(was, edit(was, field, laden), lager);
    expect(shopValueOf(onLaden, field)).toEqual(laden);
    expect(shopValueOf(onLaden, other)).toBe('Vom Lager');
    expect(onLaden.shop).toBeUndefined();
    expect(onLager).toEqual(onLaden);
  });

  it.each(KINDS)('$field changed on one desk only: that desk’s value', ({ field, lager }) => {
    const was = base();
    const { onLaden, onLager } = bothWays(was, was, edit(was, field, lager));
    expect(shopValueOf(onLaden, field)).toEqual(lager);
    expect(onLaden.shop).toBeUndefined();
    expect(onLager).toEqual(onLaden);
  });

  it.each(KINDS)(
    '$field changed on both desks apart: a conflict naming both desks',
    ({ field, laden, lager }) => {
      const was = base();
      const { onLaden, onLager } = bothWays(was, edit(was, field, laden), edit(was, field, lager));
      // The later desk (Lager) keeps its value on both desks.
      expect(shopValueOf(onLaden, field)).toEqual(lager);
      expect(onLaden.shop?.conflicts).toEqual([
        {
          field,
          values: [
            { value: lager, by: LAGER },
            { value: laden, by: LADEN },
          ],
        },
      ]);
      expect(onLager).toEqual(onLaden);
      // The conflict lives in the stored draft and is read back as it was written.
      expect(parseStoredDraft(JSON.parse(JSON.stringify(onLaden)))).toEqual(onLaden);
    },
  );

  it.each(KINDS)('$field changed on both desks to the same value: no conflict', ({ field, laden }) => {
    const was = base();
    const { onLaden, onLager } = bothWays(was, edit(was, field, laden), edit(was, field, laden));
    expect(shopValueOf(onLaden, field)).toEqual(laden);
    expect(onLaden.shop).toBeUndefined();
    expect(onLager).toEqual(onLaden);
  });
});

describe('mergeShopDraft: attributes by key', () => {
  it('keeps a key added on one desk and a key changed on the other', () => {
    const was = base();
    const laden = { ...was, attributes: { ...was.attributes, farbe: 'weiß' } };
    const lager = { ...was, attributes: { ...was.attributes, condition: 'used' } };
    const { onLaden, onLager } = bothWays(was, laden, lager);
    expect(onLaden.attributes).toEqual({ condition: 'used', versand: 'ja', farbe: 'weiß' });
    expect(onLaden.shop).toBeUndefined();
    expect(onLager).toEqual(onLaden);
  });

  it('removes a key removed on one desk while the other changed another', () => {
    const was = base();
    const { versand: _gone, ...rest } = was.attributes;
    const laden = { ...was, attributes: rest };
    const lager = { ...was, attributes: { ...was.attributes, condition: 'new' } };
    const { onLaden, onLager } = bothWays(was, laden, lager);
    expect(onLaden.attributes).toEqual({ condition: 'new' });
    expect(onLager).toEqual(onLaden);
  });

  it('a key removed on one desk and changed on the other is a conflict; the removal is kept as null', () => {
    const was = base();
    const { versand: _gone, ...rest } = was.attributes;
    const { onLaden, onLager } = bothWays(
      was,
      { ...was, attributes: { ...was.attributes, versand: 'nein' } },
      {
        ...was,
        attributes: rest,
      },
    );
    expect(onLaden.attributes).toEqual({ condition: 'like_new' });
    expect(onLaden.shop?.conflicts?.[0]?.values.map((v) => [v.value, v.by.deskName])).toEqual([
      [null, 'Lager'],
      ['nein', 'Laden'],
    ]);
    expect(onLager).toEqual(onLaden);
  });
});

describe('mergeShopDraft: photos', () => {
  const ids = (draft: Draft) => draft.photos.map((p) => p.id);
  const [P0, P1, P2, P3, P4] = [0, 1, 2, 3, 4].map((n) => fakePhoto(ID, n));

  it('keeps every photo added on both desks, each before the photo it preceded', () => {
    const was = base();
    const laden = { ...was, photos: [...was.photos, P3!] };
    const lager = { ...was, photos: [P4!, ...was.photos] };
    const { onLaden, onLager } = bothWays(was, laden, lager);
    expect(ids(onLaden)).toEqual([P4, P0, P1, P2, P3].map((p) => p!.id));
    expect(onLaden.shop).toBeUndefined();
    expect(onLager).toEqual(onLaden);
  });

  it('keeps the same file added on both desks once, where it comes first; a side’s own repeat stays', () => {
    const was = base();
    // P3 and P4 are one file (the same sha-256) imported on each desk; P2 and P1 were in the base.
    const sha = (n: number) => String(n).repeat(64);
    const content = new Map([
      [P0!.id, sha(0)],
      [P1!.id, sha(1)],
      [P2!.id, sha(1)],
      [P3!.id, sha(3)],
      [P4!.id, sha(3)],
    ]);
    const contentOf = (photo: Draft['photos'][number]) => content.get(photo.id);
    const laden = { ...was, photos: [...was.photos, P3!] };
    const lager = { ...was, photos: [P4!, ...was.photos] };
    const onLaden = mergeShopDraft(was, laden, lager, { mine: LADEN, theirs: LAGER }, contentOf);
    const onLager = mergeShopDraft(was, lager, laden, { mine: LAGER, theirs: LADEN }, contentOf);
    expect(ids(onLaden)).toEqual([P4, P0, P1, P2].map((p) => p!.id));
    expect(onLager).toEqual(onLaden);
    // Without the contents nothing tells them apart: both kept, as before.
    expect(ids(bothWays(was, laden, lager).onLaden)).toHaveLength(5);
    // One desk adding the same file twice meant it (the app warned of the repeat): both stay.
    const twice = { ...was, photos: [...was.photos, P3!, P4!] };
    expect(ids(mergeShopDraft(was, twice, was, { mine: LADEN, theirs: LAGER }, contentOf))).toHaveLength(5);
  });

  it('removes a photo removed on one desk, keeps one added on the other', () => {
    const was = base();
    const laden = { ...was, photos: [P0!, P2!] };
    const lager = { ...was, photos: [...was.photos, P3!] };
    const { onLaden, onLager } = bothWays(was, laden, lager);
    expect(ids(onLaden)).toEqual([P0, P2, P3].map((p) => p!.id));
    expect(onLager).toEqual(onLaden);
  });

  it('takes an order changed on one desk while the other added a photo', () => {
    const was = base();
    const laden = { ...was, photos: [P2!, P0!, P1!] };
    const lager = { ...was, photos: [...was.photos, P3!] };
    const { onLaden, onLager } = bothWays(was, laden, lager);
    expect(ids(onLaden)).toEqual([P2, P0, P1, P3].map((p) => p!.id));
    expect(onLaden.shop).toBeUndefined();
    expect(onLager).toEqual(onLaden);
  });

  it('takes a photo changed on one desk (turned) while the other added one', () => {
    const was = base();
    const turned = { ...P1!, width: 3000, height: 4000 };
    const laden = { ...was, photos: [P0!, turned, P2!] };
    const lager = { ...was, photos: [...was.photos, P3!] };
    const { onLaden, onLager } = bothWays(was, laden, lager);
    expect(onLaden.photos).toEqual([P0, turned, P2, P3]);
    expect(onLager).toEqual(onLaden);
  });

  it('an order changed on both desks apart is a conflict on the order', () => {
    const was = base();
    const laden = { ...was, photos: [P2!, P0!, P1!] };
    const lager = { ...was, photos: [P1!, P2!, P0!] };
    const { onLaden, onLager } = bothWays(was, laden, lager);
    expect(ids(onLaden)).toEqual([P1, P2, P0].map((p) => p!.id));
    expect(onLaden.shop?.conflicts).toEqual([
      {
        field: 'photoOrder',
        values: [
          { value: ids(lager), by: LAGER },
          { value: ids(laden), by: LADEN },
        ],
      },
    ]);
    expect(onLager).toEqual(onLaden);
  });
});

describe('mergeShopDraft: drafts made apart, conflicts met again', () => {
  it('without a base every differing field is a conflict, every photo kept', () => {
    const laden = sampleDraft(ID, { title: 'Laden-Titel' }, 1);
    const lager = { ...sampleDraft(ID, { title: 'Lager-Titel' }, 0), photos: [fakePhoto(ID, 5)] };
    const { onLaden, onLager } = bothWays(undefined, laden, lager);
    expect(onLaden.shop?.conflicts?.map((c) => c.field)).toEqual(['title']);
    expect(onLaden.photos.map((p) => p.id).sort()).toEqual([fakePhoto(ID, 0).id, fakePhoto(ID, 5).id].sort());
    expect(onLager).toEqual(onLaden);
  });

  it('a third desk’s value joins a conflict still open, losing none', () => {
    const was = base();
    const first = mergeShopDraft(was, edit(was, 'title', 'A'), edit(was, 'title', 'B'), {
      mine: LADEN,
      theirs: LAGER,
    });
    const buero: ShopAuthor = { desk: 'desk-buero', deskName: 'Büro', at: '2026-11-27T09:10:00.000Z' };
    const later = edit(was, 'title', 'C');
    const one = mergeShopDraft(was, first, later, { mine: LAGER, theirs: buero });
    const other = mergeShopDraft(was, later, first, { mine: buero, theirs: LAGER });
    expect(one.title).toBe('C');
    expect(one.shop?.conflicts?.[0]?.values.map((v) => [v.value, v.by.deskName])).toEqual([
      ['C', 'Büro'],
      ['B', 'Lager'],
      ['A', 'Laden'],
    ]);
    expect(other).toEqual(one);
  });
});

describe('restoreAfterDelete', () => {
  it('brings the edited draft back with a note of the desk that deleted it, kept through a merge', () => {
    const was = base();
    const mine = edit(was, 'title', 'Noch bearbeitet');
    const back = restoreAfterDelete(mine, LAGER);
    expect(back.title).toBe('Noch bearbeitet');
    expect(back.shop).toEqual({ restored: LAGER });
    expect(parseStoredDraft(JSON.parse(JSON.stringify(back)))).toEqual(back);
    const { onLaden, onLager } = bothWays(was, back, edit(was, 'description', 'Neu'));
    expect(onLaden.shop?.restored).toEqual(LAGER);
    expect(onLaden.description).toBe('Neu');
    expect(onLager).toEqual(onLaden);
  });
});

describe('mergeShopDraft: the same draft whichever desk merges first', () => {
  /** A small deterministic generator, so that a failing case can be run again. */
  function random(seed: number) {
    let state = seed;
    return (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
  }
  const photos = [0, 1, 2, 3, 4, 5].map((n) => fakePhoto(ID, n));

  /** `was` with a few of the KINDS' values and a changed photo list. */
  function edited(was: Draft, pick: (n: number) => number, side: 'laden' | 'lager'): Draft {
    let draft = was;
    for (let i = pick(4); i > 0; i--) {
      const kind = KINDS[pick(KINDS.length)]!;
      draft = edit(draft, kind.field, kind[side]);
    }
    const list = draft.photos.filter(() => pick(5) > 0);
    if (pick(2) === 0) list.push(photos[3 + pick(3)]!);
    if (pick(3) === 0) list.reverse();
    return { ...draft, photos: [...new Map(list.map((p) => [p.id, p])).values()] };
  }

  it.each(Array.from({ length: 200 }, (_, seed) => seed))('random edits on both desks (seed %i)', (seed) => {
    const pick = random(seed + 1);
    const was = base();
    const { onLaden, onLager } = bothWays(was, edited(was, pick, 'laden'), edited(was, pick, 'lager'));
    expect(onLager).toEqual(onLaden);
    expect(parseStoredDraft(JSON.parse(JSON.stringify(onLaden)))).toEqual(onLaden);
  });
});
