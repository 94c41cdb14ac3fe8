// A draft's schedule in a shop (issue 25.4): shared like the draft's other data. A time one desk set
// and a title the other typed are both kept, on either desk; what the runner wrote when the time
// came (its outcome) is not undone by a desk that had not seen it.
import { describe, expect, it } from 'vitest';
import { newDraft, type Draft } from '../../../src/shared/domain/drafts/draft';
import { mergeShopDraft } from '../../../src/shared/domain/shop/shop-merge';

const laden = { desk: 'desk-laden', deskName: 'Laden', at: '2026-11-27T09:00:00.000Z' };
const lager = { desk: 'desk-lager', deskName: 'Lager', at: '2026-11-27T09:05:00.000Z' };
const base: Draft = newDraft(
  { title: 'Lampe' },
  { id: crypto.randomUUID(), now: new Date('2026-11-26T08:00:00Z') },
);
const at = '2026-12-01T09:30:00.000Z';

describe('a schedule in a shop', () => {
  it('is kept beside a title typed on the other desk, whichever desk merges', () => {
    const scheduled = { ...base, schedule: { at } };
    const retitled = { ...base, title: 'Stehlampe' };
    for (const merged of [
      mergeShopDraft(base, scheduled, retitled, { mine: laden, theirs: lager }),
      mergeShopDraft(base, retitled, scheduled, { mine: lager, theirs: laden }),
    ]) {
      expect(merged.title).toBe('Stehlampe');
      expect(merged.schedule).toEqual({ at });
    }
  });

  it('keeps the outcome the runner wrote against a desk that still had the waiting schedule', () => {
    const waiting = { ...base, schedule: { at } };
    const ran = {
      ...waiting,
      schedule: { at, outcome: { kind: 'held' as const, at: '2026-12-01T09:30:02.000Z', issues: 2 } },
    };
    const edited = { ...waiting, description: 'Messing, funktioniert.' };
    const merged = mergeShopDraft(waiting, edited, ran, { mine: lager, theirs: laden });
    expect(merged.schedule).toEqual(ran.schedule);
    expect(merged.description).toBe('Messing, funktioniert.');
  });

  it('stays cancelled when one desk cancels it and the other edits something else', () => {
    const waiting = { ...base, schedule: { at } };
    const cancelled = { ...waiting, schedule: null };
    const edited = { ...waiting, title: 'Lampe, Messing' };
    expect(mergeShopDraft(waiting, cancelled, edited, { mine: laden, theirs: lager }).schedule).toBeNull();
    expect(mergeShopDraft(waiting, edited, cancelled, { mine: lager, theirs: laden }).schedule).toBeNull();
  });
});
