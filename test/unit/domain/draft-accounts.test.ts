// Moving a draft between accounts (issue 15.1): what changes, and when it cannot move.
import { describe, expect, it } from 'vitest';
import { moveDraft, planMove } from '../../../src/shared/domain/drafts/draft-accounts';
import { filterDrafts, summarizeDraft } from '../../../src/shared/domain/drafts/draft-list';
import { sampleDraft } from '../../fixtures/drafts';

const ID = (n: number) => `00000000-0000-4000-8000-00000000b00${n}`;
const shop = {
  id: 'shop',
  imprints: [{ uuid: 'shop-imprint' }, { uuid: 'shop-other' }],
  defaultImprintUuid: 'shop-imprint',
};
const withImprint = (imprintUuid: string | null, n = 1) => {
  const draft = sampleDraft(ID(n), { title: `Draft ${n}` });
  return { ...draft, publication: { ...draft.publication, imprintUuid } };
};

describe('planMove and moveDraft', () => {
  it('replaces an imprint the new account does not have by its default, and says so', () => {
    const draft = withImprint('sandbox-imprint');
    expect(planMove(draft, shop)).toEqual({
      id: draft.id,
      title: 'Draft 1',
      outcome: 'moved',
      imprintReset: true,
    });
    const moved = moveDraft(draft, shop);
    expect(moved.accountId).toBe('shop');
    expect(moved.publication.imprintUuid).toBe('shop-imprint');
    expect(moved.title).toBe(draft.title);
  });

  it('keeps an imprint the new account has, and none stays none', () => {
    expect(planMove(withImprint('shop-other'), shop)).toMatchObject({
      outcome: 'moved',
      imprintReset: false,
    });
    expect(moveDraft(withImprint('shop-other'), shop).publication.imprintUuid).toBe('shop-other');
    expect(planMove(withImprint(null), shop)).toMatchObject({ outcome: 'moved', imprintReset: false });
    expect(moveDraft(withImprint(null), shop).publication.imprintUuid).toBeNull();
  });

  it('refuses a draft linked to a live ad or being published; one already there is unchanged', () => {
    const linked = { ...withImprint(null), status: 'published' as const, remote: { listingUuid: 'l-1' } };
    expect(planMove(linked, shop)).toMatchObject({
      outcome: 'refused',
      reason: 'linked',
      fromAccountId: 'sandbox',
    });
    const sending = { ...withImprint(null), status: 'publishing' as const };
    expect(planMove(sending, shop)).toMatchObject({ outcome: 'refused', reason: 'publishing' });
    expect(planMove({ ...withImprint(null), accountId: 'shop' }, shop)).toMatchObject({
      outcome: 'unchanged',
    });
  });
});

describe('filterDrafts by account', () => {
  const summaries = [
    summarizeDraft({ ...sampleDraft(ID(1), { title: 'A' }), accountId: 'sandbox' }),
    summarizeDraft({ ...sampleDraft(ID(2), { title: 'B' }), accountId: 'shop' }),
    summarizeDraft({ ...sampleDraft(ID(3), { title: 'C' }), accountId: 'gone' }),
    summarizeDraft({ ...sampleDraft(ID(4), { title: 'D' }), accountId: null }),
  ];
  const known = new Set(['sandbox', 'shop']);
  const titles = (accountId?: string | null) =>
    filterDrafts(summaries, { accountId, sort: 'title-asc' }, known).map((s) => s.title);

  it('lists one account, every account, or those of no known account', () => {
    expect(titles('shop')).toEqual(['B']);
    expect(titles(undefined)).toEqual(['A', 'B', 'C', 'D']);
    expect(titles(null)).toEqual(['C', 'D']);
  });
});
