// Scheduled publishing in a shop (issue 25.4, 25.6): two desks hold the same scheduled drafts (as
// the shop's sync leaves them) and both find them due at the same instant; each schedule is claimed
// in the shop's database, so exactly one desk hands each draft to the publish engine: one job and
// one listing per draft.
import { afterEach, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { createRunner, type Runner } from '../../src/main/automation/runner';
import { scheduleSource } from '../../src/main/automation/schedule-source';
import { shopTaskClaims } from '../../src/main/shop/claims/due-claims';
import { clientOf } from '../integration/publish/helpers';
import { fakeClock } from '../unit/helpers/fake-clock';
import { TEST_LEASE } from './helpers/desk-session';
import { openShop, shopDesk, type ShopDesk } from './helpers/shop-desk';

const opened: { desks: ShopDesk[]; runners: Runner[]; sb?: Sandbox } = { desks: [], runners: [] };
afterEach(async () => {
  for (const runner of opened.runners.splice(0)) await runner.stop();
  for (const desk of opened.desks.splice(0)) await desk.close();
  await opened.sb?.close();
  opened.sb = undefined;
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

it('publishes each scheduled draft once when two desks find it due at the same instant', async () => {
  const s = await openShop(opened);
  const a = await shopDesk(s, 'Laden');
  opened.desks.push(a);
  const at = '2026-12-01T09:30:00.000Z';
  const drafts = await a.d.makeDrafts(6, 1, 8);
  for (const draft of drafts) await a.d.drafts.update(draft.id, (d) => ({ ...d, schedule: { at } }));
  const b = await shopDesk(s, 'Lager', { draftsOf: a.d });
  opened.desks.push(b);

  const clock = fakeClock(Date.parse(at) + 5_000);
  const started: Record<string, string[]> = { Laden: [], Lager: [] };
  const runnerOf = (desk: ShopDesk) => {
    const claims = shopTaskClaims({
      db: desk.session.pool,
      deskId: desk.session.membership.deskId,
      log: quiet,
      timing: TEST_LEASE,
    });
    const runner = createRunner({ claims: () => claims, clock, log: quiet, retryMs: 500 });
    runner.register(
      scheduleSource({
        store: desk.d.drafts,
        publish: {
          start: (ids) => {
            started[desk.name]!.push(...ids);
            return desk.engine.start(ids);
          },
        },
        now: clock.now,
        onChanged: () => undefined,
        tell: () => undefined,
      }),
    );
    opened.runners.push(runner);
    return runner;
  };
  await Promise.all([runnerOf(a).runDue(), runnerOf(b).runDue()]);

  // Each draft was handed to the engine by exactly one desk.
  const handed = [...started.Laden!, ...started.Lager!].sort();
  expect(handed).toEqual(drafts.map((draft) => draft.id).sort());
  await vi.waitFor(
    async () => {
      const jobs = await a.session.pool.query<{ state: string; n: number }>(
        `select state, count(*)::int as n from listing_desk.jobs group by state`,
      );
      expect(Object.fromEntries(jobs.rows.map((row) => [row.state, row.n]))).toEqual({ published: 6 });
    },
    { timeout: 60_000, interval: 250 },
  );
  const listings = await clientOf(s.sb).listListings();
  expect(listings).toHaveLength(6);
  const claims = await a.session.pool.query<{ n: number }>(
    `select count(*)::int as n from listing_desk.due_claims where done_at is not null and fence = 1`,
  );
  expect(claims.rows[0]!.n).toBe(6);
});
