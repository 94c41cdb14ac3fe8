// Issue 36.2 in a shop: a limit one desk meets on the account holds the account's lane on every desk
// (through the shop's real database), but only the desk that met it cuts its pace. A desk cut for the
// limits the others met starved: with two desks publishing for one account at 5 writes a second, the
// desk meeting the limits kept its rate and grew while the other, cut at each of them, sank to the
// least rate and ran 12 of 200 jobs, and the run took 1.28× the writes ÷ the rate
// (bench/reliability/rate-limit.ts).
import { afterEach, expect, it, vi } from 'vitest';
import type { ShopSession } from '../../src/main/shop/connection/shop-session';
import { AccountPace } from '../../src/main/service-client';
import type { RawResponse } from '../../src/main/service-client/http';
import { sharedPace } from '../../src/main/shop/pace';
import { deskSession, initShop } from './helpers/desk-session';
import { freshDatabase } from './helpers/shared-postgres';

const sessions: ShopSession[] = [];
const undo: Array<() => void> = [];
afterEach(async () => {
  for (const stop of undo.splice(0)) stop();
  for (const session of sessions.splice(0)) await session.close();
});

/** A call the service answers with `status` (and `retryAfter` seconds). */
const answer = (status: number, retryAfter?: string) => async (): Promise<RawResponse> => ({
  status,
  headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  body: '',
});

it('a desk hearing another’s limit holds the lane as long, but keeps its own rate and concurrency', async () => {
  const url = await freshDatabase();
  const shopId = await initShop(url);
  const paces: AccountPace[] = [];
  for (const name of ['Laden', 'Lager']) {
    const session = await deskSession(url, shopId, name);
    sessions.push(session);
    const pace = new AccountPace();
    undo.push(pace.share(sharedPace(session, 'moebelhaus', { debug: () => undefined })));
    paces.push(pace);
  }
  const [laden, lager] = paces as [AccountPace, AccountPace];

  // Lager learns the account's write rate at a limit of its own: three writes passed, then a 429.
  for (let n = 0; n < 3; n += 1) await lager.run('write', answer(201));
  await lager.run('write', answer(429, '1'));
  const learned = lager.view();
  expect(learned.writeRate).not.toBeNull();
  expect(learned.concurrency).toBe(2);
  // Laden heard it and held, but met no limit itself: its pace is as it was.
  await vi.waitFor(() => expect(laden.sharing()).toEqual({ told: 0, heard: 1 }));
  expect(laden.view()).toMatchObject({ writeRate: null, concurrency: 4 });

  // Once Lager's hold ran out, Laden meets a limit asking for 60 s.
  await vi.waitFor(() => expect(lager.view().writesUntil).toBeNull(), { timeout: 5_000 });
  await laden.run('write', answer(429, '60'));
  expect(laden.view().concurrency).toBe(2);
  await vi.waitFor(() => expect(lager.sharing()).toEqual({ told: 1, heard: 1 }));
  const held = lager.view();
  // Lager holds its writes as long (the notice carries the hold still to run, not a time of day)…
  expect(held.writesUntil).toBeGreaterThan(Date.now() + 30_000);
  expect(held.readsUntil).toBeNull();
  // …and keeps the rate and concurrency of its own limits: the cut was Laden's.
  expect(held.writeRate).toBe(learned.writeRate);
  expect(held.concurrency).toBe(learned.concurrency);
});
