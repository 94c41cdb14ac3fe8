// Two desks saving one field of one draft at the same instant, 20 rounds for every kind of field
// (issue 32.1, 32.8): in half the rounds both saves leave at once, in the other half desk B's save
// reaches desk A before A's own save, whose editor still started from the older fields (the issue's
// case: A's save used to write over B's text and both desks said "saved"). Every round both texts
// are kept on both desks, one as the value and the other in a conflict for the seller to choose,
// with the desks that typed them; a pick then settles it on both desks.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Draft, DraftFields } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { shopConflictsOf } from '../../src/shared/domain/shop/shop-conflicts';
import { shopValueOf, withShopValue, type ShopValue } from '../../src/shared/domain/shop/shop-fields';
import { initShop, openDesk, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const ROUNDS = 20;
const soon = { timeout: 15_000, interval: 25 };

// Three values per select, so that each round's base, A's and B's value all differ.
const ROTATE = {
  adType: ['OFFER', 'WANTED', 'SWAP'],
  'price.type': ['FIXED', 'NEGOTIABLE', 'GIVE_AWAY'],
} as const;

/** Each kind of field: the value desk A and desk B type in round `r` (whose base is `was`). */
const KINDS: { field: string; values(r: number, was: ShopValue): [ShopValue, ShopValue] }[] = [
  { field: 'title', values: (r) => [`Sofa, Laden ${r}`, `Sofa, Lager ${r}`] },
  { field: 'description', values: (r) => [`Vom Laden, Runde ${r}.`, `Vom Lager, Runde ${r}.`] },
  { field: 'price.amount', values: (r) => [`${100 + r}`, `${200 + r},50`] },
  ...(['price.type', 'adType'] as const).map((field) => ({
    field,
    values: (_r: number, was: ShopValue): [ShopValue, ShopValue] => {
      const all: readonly string[] = ROTATE[field];
      const [x, y] = all.filter((v) => v !== was);
      return [x!, y!];
    },
  })),
  { field: 'attributes.farbe', values: (r) => [`weiß ${r}`, `grau ${r}`] },
  { field: 'publication.city', values: (r) => [`Potsdam ${r}`, `Hamburg ${r}`] },
  {
    field: 'publication.postalCode',
    values: (r) => [`14${String(r).padStart(3, '0')}`, `20${String(r).padStart(3, '0')}`],
  },
];

let a: Desk;
let b: Desk;
beforeAll(async () => {
  const url = await freshDatabase();
  await initShop(url);
  a = await openDesk(url, 'Laden');
  b = await openDesk(url, 'Lager');
}, 60_000);
afterAll(async () => {
  await b?.remove();
  await a?.remove();
});

const fieldsWith = (draft: Draft, field: string, value: ShopValue): DraftFields =>
  draftFieldsOf(withShopValue(draft, field, value));
const get = (desk: Desk, id: string) => desk.call<Draft>('drafts:get', { id });
const idle = (desk: Desk) => desk.app.shop!.sync.outbox.count() === 0;

/** Both desks hold the same fields and conflicts of the draft, and nothing waits to go up. */
async function agreed(id: string): Promise<Draft> {
  let seen: Draft | undefined;
  await vi.waitFor(async () => {
    const [onA, onB] = [await get(a, id), await get(b, id)];
    expect(idle(a) && idle(b)).toBe(true);
    expect({ ...draftFieldsOf(onB), shop: onB.shop ?? null }).toEqual({
      ...draftFieldsOf(onA),
      shop: onA.shop ?? null,
    });
    seen = onA;
  }, soon);
  return seen!;
}

describe('two desks saving one field at once, crossing', () => {
  it.each(KINDS)(
    '$field: 20 rounds, both texts kept every time',
    async ({ field, values }) => {
      const made = await a.call<Draft>('drafts:create');
      const start = withShopValue(made, 'title', 'Sofa');
      await a.call('drafts:save', { draft: draftFieldsOf(start), base: draftFieldsOf(made) });
      let draft = await agreed(made.id);

      for (let r = 0; r < ROUNDS; r += 1) {
        const was = shopValueOf(draft, field);
        const [typedA, typedB] = values(r, was);
        // Both editors opened the draft as it is now.
        const [baseA, baseB] = [draftFieldsOf(await get(a, made.id)), draftFieldsOf(await get(b, made.id))];
        const saveA = () => a.call('drafts:save', { draft: fieldsWith(draft, field, typedA), base: baseA });
        const saveB = () => b.call('drafts:save', { draft: fieldsWith(draft, field, typedB), base: baseB });
        if (r % 2 === 0) {
          await Promise.all([saveA(), saveB()]);
        } else {
          await saveB();
          // B's text is in A's store; A's editor still shows what it started from.
          await vi.waitFor(async () => {
            expect(shopValueOf(await get(a, made.id), field)).toEqual(typedB);
          }, soon);
          await saveA();
        }

        draft = await agreed(made.id);
        const conflict = shopConflictsOf(draft).find((c) => c.field === field);
        const kept = conflict?.values.map((v) => [v.value, v.by.deskName]);
        expect(kept, `round ${r}`).toEqual(
          expect.arrayContaining([
            [typedA, 'Laden'],
            [typedB, 'Lager'],
          ]),
        );
        expect(kept, `round ${r}`).toHaveLength(2);
        expect([typedA, typedB], `round ${r}`).toContainEqual(shopValueOf(draft, field));

        // The seller keeps A's text on desk B; both desks settle on it.
        const index = conflict!.values.findIndex((v) => v.value === typedA);
        await b.call('drafts:shop-pick', { id: made.id, field, index });
        draft = await agreed(made.id);
        expect(shopValueOf(draft, field)).toEqual(typedA);
        expect(draft.shop).toBeUndefined();
      }
    },
    300_000,
  );
});
