// A bulk edit of drafts through the router: the preview names each draft's before and after (and
// those left out, with why), Apply saves the changed drafts at once and the lists hear of it.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BulkRowPlan } from '../../../src/shared/domain/bulk/bulk-edit';
import type { BulkDraftsResult } from '../../../src/shared/domain/bulk/bulk-edit-job';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';

let temp: TempApp;
beforeEach(async () => {
  temp = await createTempApp();
}, 30_000);
afterEach(async () => temp.remove());

async function draftWith(title: string, amount: number | string | null, description = ''): Promise<Draft> {
  const draft = await temp.call<Draft>('drafts:create');
  const fields = draftFieldsOf(draft);
  return temp.call<Draft>('drafts:save', {
    draft: { ...fields, title, description, price: { type: 'FIXED', amount } },
  });
}

it('raises prices by 10 % rounded to .99, names the draft without a price, and saves at once', async () => {
  const a = await draftWith('Lampe', '19,99');
  const b = await draftWith('Tisch', 45);
  const c = await draftWith('Stuhl', null);
  const d = await draftWith('Regal', 21.99);
  const edit = { kind: 'price', mode: 'percent', value: 10, rounding: '99' } as const;
  const ids = [a.id, b.id, c.id, d.id];

  const { rows } = await temp.call<{ rows: BulkRowPlan[] }>('bulk:preview-drafts', { ids, edit });
  expect(rows.map((row) => [row.title, row.outcome, row.changes[0]?.after ?? row.reason])).toEqual([
    ['Lampe', 'change', '21.99'],
    ['Tisch', 'change', '49.99'],
    ['Stuhl', 'invalid', 'no-price'],
    ['Regal', 'change', '23.99'],
  ]);
  // A preview saves nothing.
  expect((await temp.call<Draft>('drafts:get', { id: a.id })).price.amount).toBe('19,99');

  const changed: string[][] = [];
  temp.app.events.subscribe((event, payload) => {
    if (event === 'drafts:changed') changed.push((payload as { ids: string[] }).ids);
  });
  const result = await temp.call<BulkDraftsResult>('bulk:apply-drafts', { ids, edit });
  expect(result.saved).toEqual([a.id, b.id, d.id]);
  expect((await temp.call<Draft>('drafts:get', { id: a.id })).price.amount).toBe(21.99);
  expect((await temp.call<Draft>('drafts:get', { id: b.id })).price.amount).toBe(49.99);
  expect((await temp.call<Draft>('drafts:get', { id: c.id })).price.amount).toBeNull();
  expect(changed.flat().sort()).toEqual([a.id, b.id, d.id].sort());
});

it('appends a description block once, and leaves out a draft it would make too long', async () => {
  const short = await draftWith('Kurz', 10, 'Gut erhalten.');
  const long = await draftWith('Lang', 10, 'x'.repeat(19_990));
  const edit = { kind: 'description', mode: 'append', block: 'Versand gegen Aufpreis.' } as const;
  const first = await temp.call<BulkDraftsResult>('bulk:apply-drafts', { ids: [short.id, long.id], edit });
  expect(first.rows.map((row) => row.outcome)).toEqual(['change', 'invalid']);
  expect(first.rows[1]).toMatchObject({ reason: 'becomes-invalid', issues: [{ field: 'description' }] });
  expect((await temp.call<Draft>('drafts:get', { id: short.id })).description).toBe(
    'Gut erhalten.\n\nVersand gegen Aufpreis.',
  );
  // Applied again, nothing changes: the block is there already.
  const again = await temp.call<BulkDraftsResult>('bulk:apply-drafts', { ids: [short.id], edit });
  expect(again.rows[0]!.outcome).toBe('same');
  expect(again.saved).toEqual([]);
});

it('refuses an edit that does not fit the model', async () => {
  const a = await draftWith('Lampe', 10);
  const error = await temp.fail('bulk:preview-drafts', {
    ids: [a.id],
    edit: { kind: 'price', mode: 'percent', value: -150, rounding: 'none' },
  });
  expect(error.code).toBe('invalid-input');
});
