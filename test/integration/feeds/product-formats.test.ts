// Issue 35.1-35.4 for the other recognized formats, each served over HTTPS and run as a feed over
// two versions against the embedded service: Google's tab-separated text (a photo's address with
// %2C, the older availability words), Atom (the Google namespace under another prefix) and
// billiger.de's CSV (bare prices, HTML over several lines, up to five photos); and a sale price that
// begins and ends between two runs while the file stays the same: the feed falls due then and is
// planned again from its kept copy after a 304. Nothing is mocked.
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/main/automation/clock';
import type { FeedPlan, FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import type { FixtureFormat } from '../../fixtures/feeds/products';
import { outcomes } from './helpers';
import { productFeedApp, words, type ProductFeedApp } from './helpers/product-feed-app';

let app: ProductFeedApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const FRIDGE_PHOTOS = ['kuehlschrank-front.jpg', 'kuehlschrank-offen.jpg', 'kuehlschrank-typenschild.jpg'];
/** A sale long over: the lamp's regular price holds. */
const PAST_SALE = '2025-11-27T00:00+0100/2025-11-30T23:59+0100';

/** Runs version 1 then 2 of `format` at `at`: what a run of each did, the shop's app to look at. */
async function twoVersions(format: FixtureFormat, at: string) {
  const shop = (app = await productFeedApp());
  const url = shop.serveVersion(format, 1, at, { saleDates: PAST_SALE });
  const feed = await shop.addProductFeed(format, url);
  const plan = await shop.call<FeedPlan>('feeds:plan', { id: feed.id });
  const first = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  return {
    shop,
    plan,
    first,
    async second() {
      shop.serveVersion(format, 2, at, { saleDates: PAST_SALE });
      return shop.call<FeedRun>('feeds:run', { id: feed.id });
    },
  };
}

describe('a product feed in each recognized format', () => {
  it('reads Google’s TSV: one field of photos with %2C in an address, “in stock”, a variant group', async () => {
    const { shop, plan, first, second } = await twoVersions('google-tsv', '/feeds/google.tsv');
    expect(plan.format).toBe('google-tsv');
    expect(outcomes(first)).toEqual([
      'J-300: create/done',
      'K-100: create/done',
      'L-400: create/done',
      'R-200: create/done',
      'T-500: create/done',
    ]);
    await shop.published(5);
    // The lamp's second photo is one address with its comma encoded, fetched as written.
    expect((await shop.draft('L-400')).photos).toHaveLength(2);
    expect(shop.server.requests('/media/bogenleuchte%2Cdetail.jpg')).not.toEqual([]);
    expect(shop.server.requests().filter((r) => r.status === 404)).toEqual([]);
    expect((await shop.ad('L-400')).adPrice.amount).toBe(99);
    expect((await shop.draft('K-100')).photos.map((p) => p.originalName)).toEqual(FRIDGE_PHOTOS);
    expect((await shop.ad('J-300')).title).toBe('Regenjacke Nordsee');
    expect((await shop.ad('R-200')).attributes).toMatchObject({ condition: 'like_new' });

    // “out of stock” pauses, the price follows, the gone teapot pauses, the bread bin comes.
    expect(outcomes(await second())).toEqual([
      'B-600: create/done',
      'J-300: update/done',
      'K-100: update/done',
      'R-200: pause/done',
      'T-500: pause/done',
    ]);
    expect((await shop.ad('K-100')).adPrice.amount).toBe(1199);
    expect(await shop.states('R-200')).toEqual(['PAUSED']);
  }, 180_000);

  it('reads Atom: entries with the Google namespace under another prefix, link and summary', async () => {
    const { shop, plan, first, second } = await twoVersions('google-atom', '/feeds/produkte.atom');
    expect(plan.format).toBe('google-atom');
    expect(first.failed).toBe(0);
    expect(first.entries.map((e) => e.reference).sort()).toEqual([
      'J-300',
      'K-100',
      'L-400',
      'R-200',
      'T-500',
    ]);
    await shop.published(5);
    const fridge = await shop.ad('K-100');
    expect(fridge).toMatchObject({ title: 'Kühlschrank KS 310 Edelstahl', adPrice: { amount: 1249 } });
    expect(fridge.description).not.toMatch(/<|&amp;|&nbsp;/);
    expect(words(fridge.description)).toContain('Gefrierfach mit 4 ★');
    expect((await shop.draft('K-100')).photos.map((p) => p.originalName)).toEqual(FRIDGE_PHOTOS);

    const run = await second();
    expect(outcomes(run)).toEqual(expect.arrayContaining(['K-100: update/done', 'R-200: pause/done']));
    expect((await shop.ad('K-100')).adPrice.amount).toBe(1199);
  }, 180_000);

  it('reads billiger.de’s CSV: bare prices, HTML over several lines, the cover not twice', async () => {
    const { shop, plan, first, second } = await twoVersions('billiger-csv', '/export/billiger.csv');
    expect(plan.format).toBe('billiger-csv');
    expect(first.failed).toBe(0);
    // No item groups in billiger.de's file: each variant is its own product; the sold-out one a draft.
    await shop.published(6);
    expect((await shop.listings()).map((l) => l.customReference).sort()).toEqual([
      'J-300-L-GE',
      'J-300-M-BL',
      'K-100',
      'L-400',
      'R-200',
      'T-500',
    ]);
    expect((await shop.ad('T-500')).adPrice.amount).toBe(34.9);
    const fridge = await shop.ad('K-100');
    expect(fridge.adPrice.amount).toBe(1249);
    expect(fridge.description).not.toMatch(/<|&nbsp;|dataLayer/);
    expect(words(fridge.description)).toContain('Nutzinhalt 310 l');
    // `image` is the cover and `images` the first five with the cover: three photos, in order.
    expect((await shop.draft('K-100')).photos.map((p) => p.originalName)).toEqual(FRIDGE_PHOTOS);

    const run = await second();
    expect(outcomes(run)).toEqual(
      expect.arrayContaining(['B-600: create/done', 'K-100: update/done', 'R-200: pause/done']),
    );
    expect((await shop.ad('K-100')).adPrice.amount).toBe(1199);
  }, 180_000);
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Google's date form: minutes, UTC. */
const googleDate = (ms: number) => `${new Date(ms).toISOString().slice(0, 16)}Z`;
/** The runner's clock: the test's time; its waits end only when the runner is stopped. */
const runnerClock = (clock: { now: number }): Clock => ({
  now: () => clock.now,
  wait: (_ms, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve())),
});

it('plans a feed again from its kept copy when a sale begins and when it ends, the file unchanged', async () => {
  // Whole minutes, as the feed writes them; the sale begins in two hours and lasts two days.
  const clock = { now: Math.floor(Date.now() / MINUTE) * MINUTE };
  const start = clock.now + 2 * 60 * MINUTE;
  const end = start + 2 * DAY;
  const shop = (app = await productFeedApp(
    { clock: () => clock.now },
    { automation: { run: false, clock: runnerClock(clock) } },
  ));
  const url = shop.serveVersion('google-rss', 1, '/feeds/google.xml', {
    saleDates: `${googleDate(start)}/${googleDate(end)}`,
  });
  // Runs by itself once a month.
  const feed = await shop.addProductFeed('Sale', url, { everyMinutes: 43_200 });
  const first = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  expect(first.failed).toBe(0);
  await shop.published(5);
  expect((await shop.ad('L-400')).adPrice.amount).toBe(99);

  // The next thing due is the sale's start, not the monthly run.
  const due = shop.temp.app.feeds.due;
  const next = await due.next!(clock.now);
  expect(next).toBeGreaterThanOrEqual(start);
  expect(next).toBeLessThan(start + MINUTE);
  expect(await due.due(clock.now)).toEqual([]);

  /** Runs what is due at `at`; answers the newest run and what the server answered meanwhile. */
  const runDueAt = async (at: number) => {
    clock.now = at;
    const seen = shop.server.requests('/feeds/google.xml').length;
    const tasks = (await due.due(clock.now)).filter((t) => t.kind === 'feed');
    expect(tasks).toHaveLength(1);
    await tasks[0]!.run(new AbortController().signal);
    const { runs } = await shop.call<{ runs: FeedRun[] }>('feeds:history', { id: feed.id });
    return { run: runs[0]!, answered: shop.server.requests('/feeds/google.xml').slice(seen) };
  };

  // The sale begins: the file did not change (304), the lamp goes to its sale price.
  const begun = await runDueAt(start + MINUTE);
  expect(begun.answered.map((r) => r.status)).toEqual([304]);
  expect(outcomes(begun.run)).toEqual(['L-400: update/done']);
  expect(begun.run.entries[0]!.liveChanges).toEqual([{ field: 'price.amount', before: 99, after: 79 }]);
  await shop.published(5);
  expect((await shop.ad('L-400')).adPrice.amount).toBe(79);

  // It ends: back to the regular price, again from the kept copy.
  expect(await due.next!(clock.now)).toBeLessThanOrEqual(end + MINUTE);
  const ended = await runDueAt(end + MINUTE);
  expect(ended.answered.map((r) => r.status)).toEqual([304]);
  expect(outcomes(ended.run)).toEqual(['L-400: update/done']);
  expect((await shop.ad('L-400')).adPrice.amount).toBe(99);
}, 180_000);
