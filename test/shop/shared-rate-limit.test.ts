// Issue 36.2 in a shop: the desks working for one account share its rate limit through the shop's
// database. Two desks on one real PostgreSQL publish 10 drafts each for one account while the
// service allows its client 4 writes a second (a burst of 2), 429 with Retry-After beyond (the
// limit is met early and often at this size; the benchmark, bench/reliability/rate-limit.ts, runs
// two desks of a team for 200 drafts and a feed). Every
// draft is published once (one listing per reference, one publication each), no job fails for the
// limit, and each desk heard every limit the other met (it held its calls as long; only the desk
// that met a limit cuts its pace). The share of calls answered 429 (target ≤ 5 %) and the time are
// printed, not asserted: they hang on the machine's timing (here 4.4 % to 7.5 % over eight runs
// while the machine was loaded), and targets are the benchmarks' (bench/reliability/rate-limit.ts),
// never a test's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import type { PublishJobView } from '../../src/shared/domain/publishing/publish-job';
import { clientOf, counts } from '../integration/publish/helpers';
import { openShop, shopDesk, type ShopDesk } from './helpers/shop-desk';

const PER_DESK = 10;
const RATE = 4;

const opened: { desks: ShopDesk[]; sb?: Sandbox } = { desks: [] };
afterEach(async () => {
  for (const desk of opened.desks.splice(0)) await desk.close();
  await opened.sb?.close();
  opened.sb = undefined;
});

// Each job as the desk that runs it shows it.
function runnersViews(desks: readonly ShopDesk[]): PublishJobView[] {
  const views = new Map<string, PublishJobView>();
  for (const desk of desks)
    for (const job of desk.engine.list()) if (job.desk?.here || !views.has(job.id)) views.set(job.id, job);
  return [...views.values()];
}

describe('a rate limit shared by the desks of one account', () => {
  it(`two desks, ${PER_DESK} drafts each at ${RATE} writes/s: no duplicate, none failed, each hears the other’s limits`, async () => {
    const s = await openShop(opened);
    const a = await shopDesk(s, 'Laden', { sharePace: 'shop-account' });
    opened.desks.push(a);
    const drafts = await a.d.makeDrafts(2 * PER_DESK, 1);
    const b = await shopDesk(s, 'Lager', { draftsOf: a.d, sharePace: 'shop-account' });
    opened.desks.push(b);
    s.sb.setRateLimit({ writesPerSecond: RATE, burst: 2 });

    const started = performance.now();
    await Promise.all([
      a.engine.start(drafts.slice(0, PER_DESK).map((draft) => draft.id)),
      b.engine.start(drafts.slice(PER_DESK).map((draft) => draft.id)),
    ]);
    await vi.waitFor(
      () => {
        const jobs = runnersViews([a, b]);
        const failed = jobs.filter((job) => job.state === 'failed');
        expect(failed.map((job) => [job.title, job.error?.problem, job.error?.detail])).toEqual([]);
        expect(jobs.map((job) => job.state)).toEqual(drafts.map(() => 'published'));
      },
      { timeout: 280_000, interval: 500 },
    );
    const seconds = (performance.now() - started) / 1000;
    const figures = s.sb.rateLimitCounts(s.sb.clients[0]!.clientId);
    s.sb.setRateLimit({});
    const share = figures.limited / figures.calls;
    const ran = (desk: ShopDesk) => desk.engine.list().filter((job) => job.desk?.here).length;
    console.log(
      `two desks, rate limit ${RATE} writes/s: ${figures.calls} calls (${figures.writes} writes, ` +
        `${figures.reads} reads), ${figures.limited} answered 429 (${(share * 100).toFixed(1)} %), ` +
        `${seconds.toFixed(1)} s against ${(figures.writes - figures.limitedWrites) / RATE} s for the writes at ${RATE}/s; ` +
        `jobs run: Laden ${ran(a)}, Lager ${ran(b)}; limits told/heard: ` +
        `Laden ${JSON.stringify(a.pace!.sharing())}, Lager ${JSON.stringify(b.pace!.sharing())}`,
    );

    // Every limit one desk told the shop reached the other (the last ones may still be under way).
    await vi.waitFor(
      () => {
        expect(a.pace!.sharing().heard).toBe(b.pace!.sharing().told);
        expect(b.pace!.sharing().heard).toBe(a.pace!.sharing().told);
      },
      { timeout: 10_000, interval: 100 },
    );

    const jobs = runnersViews([a, b]);
    expect(jobs).toHaveLength(2 * PER_DESK);
    expect(jobs.filter((job) => job.error?.problem === 'rate-limited')).toEqual([]);
    const listings = await clientOf(s.sb).listListings();
    const references = listings.map((listing) => listing.customReference);
    expect(new Set(references).size).toBe(references.length);
    expect(counts(s.sb)).toMatchObject({
      listings: 2 * PER_DESK,
      publications: 2 * PER_DESK,
      media: 2 * PER_DESK,
    });
    expect(figures.limited).toBeGreaterThan(0);
    // A limit met by one desk was heard by the other.
    expect(a.pace!.sharing().told + b.pace!.sharing().told).toBeGreaterThan(0);
  }, 320_000);
});
