// The editor's save in a shop (issue 24.4): desk B changes the price while desk A's editor, opened
// before, saves a new title with the fields it started from; both changes live on both desks, and
// A's save is no edit of the price (no conflict, B's price not written back).
import { afterEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { initShop, openDesk, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const desks: Desk[] = [];
afterEach(async () => {
  for (const desk of desks.splice(0).reverse()) await desk.remove();
});

const soon = { timeout: 10_000, interval: 50 };

it('a title saved on one desk with its base keeps the price another desk changed meanwhile', async () => {
  const url = await freshDatabase();
  await initShop(url);
  const a = await openDesk(url, 'Laden');
  const b = await openDesk(url, 'Lager');
  desks.push(a, b);

  const made = await a.call<Draft>('drafts:create');
  const opened = draftFieldsOf(
    await a.call<Draft>('drafts:save', {
      draft: { ...draftFieldsOf(made), title: 'Sofa grau', price: { type: 'FIXED', amount: '300' } },
    }),
  );
  await vi.waitFor(async () => {
    expect((await b.call<Draft>('drafts:get', { id: made.id })).title).toBe('Sofa grau');
  }, soon);

  // Desk B lowers the price; it reaches desk A while A's editor still shows the old one.
  const onB = await b.call<Draft>('drafts:get', { id: made.id });
  await b.call('drafts:save', {
    draft: { ...draftFieldsOf(onB), price: { type: 'FIXED', amount: '250' } },
    base: draftFieldsOf(onB),
  });
  await vi.waitFor(async () => {
    expect((await a.call<Draft>('drafts:get', { id: made.id })).price.amount).toBe('250');
  }, soon);

  const saved = await a.call<Draft>('drafts:save', {
    draft: { ...opened, title: 'Sofa grau, drei Sitze' },
    base: opened,
  });
  expect(saved.price.amount).toBe('250');

  for (const desk of [a, b])
    await vi.waitFor(async () => {
      const there = await desk.call<Draft>('drafts:get', { id: made.id });
      expect(there.title).toBe('Sofa grau, drei Sitze');
      expect(there.price).toEqual({ type: 'FIXED', amount: '250' });
      expect(there.shop?.conflicts ?? []).toEqual([]);
    }, soon);
});
