// A desk whose lease runs out while its listing create is out, and whose answer comes only after the
// job stopped there: the stopped run takes the new listing's uuid for the job, but its save is refused
// (the lease is gone), so the shop's copy of the job still says "create sent, outcome unknown". The
// job's next lease must find that listing by its reference and adopt it, never send the create again:
// one listing for the draft, not two.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceClient } from '../../src/main/service-client';
import { JOBS_CHANNEL } from '../../src/main/shop/schema/migrations';
import type { Sandbox } from '../../src/sandbox';
import { counts } from '../integration/publish/helpers';
import { openShop, shopDesk, type ShopDesk } from './helpers/shop-desk';

const opened: { desks: ShopDesk[]; sb?: Sandbox } = { desks: [] };
afterEach(async () => {
  for (const d of opened.desks.splice(0)) await d.close();
  await opened.sb?.close();
  opened.sb = undefined;
});

describe('a listing create whose answer comes after its lease stopped the job', () => {
  it('is adopted by the next lease of the job: one listing, not a second one', async () => {
    const s = await openShop(opened);
    const lines: string[] = [];
    let leases = 0;
    let nextLease: () => void = () => undefined;
    const secondLease = new Promise<void>((resolve) => (nextLease = resolve));
    let creates = 0;
    let answered: () => void = () => undefined;
    // A little after the first create's answer went back to the stopped run (it has taken it in).
    const firstAnswer = new Promise<void>((resolve) => (answered = () => setTimeout(resolve, 100)));
    const client = (base: ServiceClient): ServiceClient =>
      new Proxy(base, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if (typeof value !== 'function') return value;
          if (property === 'readListings')
            // The next lease looks for the listing only once the stopped run has its answer.
            return async (...args: unknown[]) => {
              await firstAnswer;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          if (property !== 'createListing') return value;
          return async (...args: unknown[]) => {
            creates += 1;
            const answer: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
            // The first create's answer is held until the job's next lease began: that lease
            // starts from the shop's copy, which says "create sent, outcome unknown".
            if (creates === 1) {
              await secondLease;
              answered();
            }
            return answer;
          };
        },
      });
    const lone = await shopDesk(s, 'Kasse', {
      timing: { leaseMs: 1_500, renewMs: 600_000, marginMs: 500 },
      client,
      onClaimsLog: (line) => {
        lines.push(line);
        // The desk looks at the queue again on the shop's notice (as another write would make).
        if (/stops on this desk/.test(line) && leases === 1)
          void lone.session.pool.query(`notify ${JOBS_CHANNEL}`);
        if (/runs publish job/.test(line) && ++leases === 2) nextLease();
      },
    });
    opened.desks.push(lone);
    const [draft] = await lone.d.makeDrafts(1, 1);
    const [press] = await lone.engine.start([draft!.id]);
    await vi.waitFor(() => expect(lone.engine.get(press!.jobId!)?.state).toBe('published'), {
      timeout: 45_000,
      interval: 100,
    });
    // The job needed another lease after the one that stopped it while its create was out.
    expect(lines.filter((line) => /runs publish job/.test(line)).length).toBeGreaterThan(1);
    expect(creates).toBe(1);
    expect(counts(s.sb)).toMatchObject({ listings: 1, publications: 1 });
  });
});
