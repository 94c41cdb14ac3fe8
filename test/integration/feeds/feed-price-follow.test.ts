// A price rule follows the feed's price (issue 32.6), against the embedded service with a clock the
// test moves: the feed's ad goes live, its rule takes a step; then the shop lowers the price in its
// export and later raises it. Each time the run starts the rule again from the feed's price (never
// a stop, never a step above it), its next step lowers from there, one update each, and its floor
// (70 % of the start price) follows. Nothing is mocked.
import { afterEach, expect, it } from 'vitest';
import type { Clock } from '../../../src/main/automation/clock';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import type { FeedPlan } from '../../../src/shared/domain/feeds/feed-run';
import type { PriceRule } from '../../../src/shared/domain/price-rules/price-rule';
import { rulePreview } from '../../../src/shared/domain/price-rules/price-rule-record';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { addFeed, feedApp, outcomes, type FeedApp, type Product } from './helpers';

const DAY = 86_400_000;
const rule: PriceRule = {
  mode: 'percent',
  value: 10,
  everyDays: 7,
  floor: { percent: 70 },
  rounding: 'none',
  maxSteps: null,
};

let app: FeedApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The runner's clock: the test's time; its waits end only when the runner is stopped. */
const runnerClock = (clock: { now: number }): Clock => ({
  now: () => clock.now,
  wait: (_ms, signal) =>
    new Promise<void>((resolve) =>
      signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
    ),
});

const product = (price: string): Product[] => [{ sku: 'K-1', title: 'Kühlschrank', price, stock: '3' }];

it('starts the rule again from a price the feed lowers or raises, and steps down from there', async () => {
  // The machine's time to begin with: the drafts a run makes are dated by it.
  const clock = { now: Date.now() };
  const feeds = await feedApp(
    { clock: () => clock.now },
    { automation: { run: false, clock: runnerClock(clock) } },
  );
  app = feeds;
  const runDue = async () => {
    const tasks = await feeds.temp.app.priceDue.due(clock.now);
    for (const task of tasks) await task.run(new AbortController().signal);
    return tasks.length;
  };
  const draft = async (): Promise<Draft> => {
    const { items } = await feeds.call<DraftsListResult>('drafts:list', {});
    return feeds.call<Draft>('drafts:get', { id: items.find((d) => d.customReference === 'K-1')!.id });
  };
  const livePrice = async () => (await feeds.listings())[0]!.adPrice.amount;
  // Each change of a live ad is validated again: the next one waits until it is live again.
  const run = async (price: string) => {
    feeds.write(product(price));
    const done = await feeds.call<FeedRun>('feeds:run', { id: feed.id });
    await feeds.published(1);
    return done;
  };
  const step = async () => {
    const count = await runDue();
    await feeds.published(1);
    return count;
  };
  const now = () => new Date(clock.now).toISOString();

  const feed = await addFeed(feeds, feeds.write(product('120,50')), { priceRule: rule });
  expect(outcomes(await feeds.call<FeedRun>('feeds:run', { id: feed.id }))).toEqual(['K-1: create/done']);
  await feeds.published(1);
  clock.now = Date.now();
  // Live: the rule starts from the live price, and a week later takes its first step.
  expect(await step()).toBe(1);
  clock.now += 7 * DAY;
  expect(await step()).toBe(1);
  expect(await livePrice()).toBe(108.45);

  // The shop lowers the price: the run sends it, and the rule starts again from it.
  clock.now += DAY;
  const lowered = await run('99');
  expect(outcomes(lowered)).toEqual(['K-1: update/done']);
  expect(await livePrice()).toBe(99);
  let record = (await draft()).priceRule!;
  expect(record.stopped).toBeUndefined();
  expect(record.start).toEqual({ at: now(), cents: 9_900 });
  expect(record.followed).toEqual({ at: now(), from: 10_845 });
  expect(record.steps).toEqual([]);
  // The preview shows steps from the new price, none at or above it, down to 70 % of it.
  const preview = rulePreview(record, 10, { now: new Date(clock.now), cents: 9_900 });
  expect(preview.kind === 'steps' && preview.steps.map((s) => s.cents)).toEqual([8_910, 8_019, 7_217, 6_930]);
  // The old schedule's next step (a day away) is not due: the steps count from the new price.
  clock.now += 6 * DAY;
  expect(await step()).toBe(0);
  clock.now += DAY;
  expect(await step()).toBe(1);
  expect(await livePrice()).toBe(89.1);
  // The file still naming 99 is the rule's doing, not a change of the row.
  const plan = await feeds.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(plan.entries.map((e) => `${e.reference}: ${e.action}`)).toEqual(['K-1: unchanged']);

  // The shop raises the price: the rule starts again from the higher one.
  clock.now += DAY;
  expect(outcomes(await run('150'))).toEqual(['K-1: update/done']);
  expect(await livePrice()).toBe(150);
  record = (await draft()).priceRule!;
  expect(record).toMatchObject({ start: { at: now(), cents: 15_000 }, followed: { from: 8_910 }, steps: [] });
  expect(record.stopped).toBeUndefined();
  clock.now += 7 * DAY;
  expect(await step()).toBe(1);
  expect(await livePrice()).toBe(135);
  expect((await draft()).priceRule!.steps).toEqual([{ step: 1, at: now(), from: 15_000, to: 13_500 }]);
}, 180_000);
