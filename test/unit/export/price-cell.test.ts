// An export writes a draft's price as the amount the editor showed for it (issue 23.4): "1.249" is
// 1249 €, not 1.249 €, so a spreadsheet and a later import see the price the seller saw.
import { describe, expect, it } from 'vitest';
import { draftsTable } from '../../../src/main/export/columns';
import { draftId, sampleDraft } from '../../fixtures/drafts';

function priceCell(amount: number | string | null) {
  const table = draftsTable([sampleDraft(draftId(1), { price: { type: 'FIXED', amount } })], 'en', (p) => p);
  return table.rows[0]![table.header.indexOf('Price')];
}

describe('the price column of an export', () => {
  it.each([
    ['1.249', 1249],
    ['1.249,00 €', 1249],
    ['1,249.00', 1249],
    ['12,50', 12.5],
    [19.99, 19.99],
  ])('writes %j as the amount %d', (amount, cell) => {
    expect(priceCell(amount)).toBe(cell);
  });

  it('keeps a text that is no price as typed, and nothing as an empty cell', () => {
    expect(priceCell(' zwölf ')).toBe('zwölf');
    expect(priceCell('-5')).toBe('-5');
    expect(priceCell('')).toBeNull();
    expect(priceCell(null)).toBeNull();
  });
});
