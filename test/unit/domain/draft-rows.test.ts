// The drafts list's compact rows (issue 18.5): a row expanded from them is the row it was, whatever
// it holds (no reference, no cover, a cover outside the draft's folder, no account, the trash).
import { describe, expect, it } from 'vitest';
import { compactRows, expandRows, type DraftListRow } from '../../../src/shared/domain/drafts/draft-rows';

const id = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function row(n: number, patch: Partial<DraftListRow> = {}): DraftListRow {
  return {
    id: id(n),
    title: `Fahrrad Nr. ${n}`,
    customReference: `SKU-${n}`,
    status: 'ready',
    accountId: n % 2 === 0 ? 'sandbox' : 'shop-b',
    updatedAt: `2024-05-0${1 + (n % 9)}T10:0${n % 10}:00.000Z`,
    photoCount: n % 4,
    coverThumb: `photos/${id(n)}/00000000-0000-4000-8000-00000000000${n % 10}.thumb.jpg`,
    issueCount: n % 3,
    trashedAt: null,
    shopConflicts: 0,
    schedule: n === 3 ? { at: '2026-12-01T09:00:00.000Z' } : null,
    catalogWarning: null,
    ...patch,
  };
}

describe('compact draft rows', () => {
  it('expand to the very rows they were made of, in their order', () => {
    const rows = [
      row(1),
      row(2, { customReference: null, coverThumb: null, photoCount: 0 }),
      row(3, { accountId: null, title: '', status: 'failed' }),
      // A cover outside the draft's own folder (never written by the store, but kept as it is).
      row(4, { coverThumb: 'photos/elsewhere/cover.thumb.jpg' }),
      row(5, { coverThumb: `photos/${id(5)}/sub/cover.thumb.jpg` }),
      row(6, { title: 'Kühlschrank "Bosch", 1/2 Preis \u2013 sofort' }),
    ];
    expect(expandRows(compactRows(rows))).toEqual(rows);
  });

  it('keep when a draft went to the trash, and name each account once', () => {
    const rows = [
      row(1, { trashedAt: '2024-06-01T08:00:00.000Z' }),
      row(2, { trashedAt: '2024-06-02T09:30:15.250Z' }),
      row(3, { trashedAt: '2024-06-02T09:30:15.250Z' }),
    ];
    const compact = compactRows(rows);
    expect(compact.accounts).toEqual(['shop-b', 'sandbox']);
    expect(compact.account).toEqual([0, 1, 0]);
    expect(expandRows(compact)).toEqual(rows);
    expect(compactRows([row(1)]).trashed).toBeUndefined();
    expect(expandRows(compactRows([]))).toEqual([]);
  });

  it('keep the shop conflicts of each row, and no column for them when there are none', () => {
    const rows = [row(1), row(2, { shopConflicts: 3 }), row(3)];
    const compact = compactRows(rows);
    expect(compact.conflicts).toEqual([0, 3, 0]);
    expect(expandRows(compact)).toEqual(rows);
    expect(compactRows([row(1)]).conflicts).toBeUndefined();
  });

  it('keep the catalog warning of each row (issue 33.6), and no column for them when there are none', () => {
    const rows = [
      row(1),
      row(2, { catalogWarning: 'kind-missing' }),
      row(3, { catalogWarning: 'category-unknown' }),
    ];
    const compact = compactRows(rows, (r) => r.catalogWarning);
    expect(compact.warnings).toEqual(['', 'kind-missing', 'category-unknown']);
    expect(expandRows(compact)).toEqual(rows);
    expect(compactRows([row(1)]).warnings).toBeUndefined();
  });

  it('take a third of the JSON the rows took as objects', () => {
    const rows = Array.from({ length: 1000 }, (_, n) => row(n));
    const asObjects = JSON.stringify(rows.map((r) => ({ ...r, createdAt: r.updatedAt }))).length;
    const compact = JSON.stringify(compactRows(rows)).length;
    expect(compact).toBeLessThan(asObjects * 0.45);
  });
});
