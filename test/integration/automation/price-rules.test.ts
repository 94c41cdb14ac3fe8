// Price rules on a live ad against the embedded sandbox over HTTP (issue 25.5), with a fake clock
// moved over several steps: each step is one update on the service, the floor holds, a price set by
// hand takes precedence, and a step caught by a crash is finished without a second update.
import { rmSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Clock } from '../../../src/main/automation/clock';
import type { DueTask } from '../../../src/main/automation/due';
import type { ActivityEntry } from '../../../src/shared/domain/activity';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import type { PriceRule } from '../../../src/shared/domain/price-rules/price-rule';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';
import { liveApp, type LiveApp } from '../live/helpers';

const DAY = 86_400_000;
const rule: PriceRule = {
  mode: 'percent',
  value: 10,
  everyDays: 7,
  floor: 90,
  rounding: 'none',
  maxSteps: null,
};
const UPDATE = 'PUT /v1/listings/:uuid';

let live: LiveApp | undefined;
let restarted: TempApp | undefined;
afterEach(async () => {
  if (restarted) {
    await restarted.remove();
    rmSync(restarted.dataDir, { recursive: true, force: true });
  } else await live?.close();
  live = restarted = undefined;
});

/** The runner's clock: the test's time; its waits end only when the runner is woken or stopped. */
const runnerClock = (clock: { now: number }): Clock => ({
  now: () => clock.now,
  wait: (_ms, signal) =>
    new Promise<void>((resolve) =>
      signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
    ),
});

/** The app with one live ad (120.50 €) and a clock the test moves; its runner runs only when asked. */
async function start() {
  const clock = { now: Date.parse('2026-03-02T09:00:00.000Z') };
  live = await liveApp(
    [1],
    { clock: () => clock.now },
    { automation: { run: false, clock: runnerClock(clock) } },
  );
  const { draftId, listingUuid } = live.published[0]!;
  return { clock, draftId, listingUuid, app: live };
}

/** Runs every task the app's price rules offer at `now`; answers their keys. */
async function runDue(temp: TempApp, now: number): Promise<string[]> {
  const tasks: DueTask[] = await temp.app.priceDue.due(now);
  for (const task of tasks) await task.run(new AbortController().signal);
  return tasks.map((task) => task.key);
}

const draftOf = (temp: TempApp, id: string) => temp.call<Draft>('drafts:get', { id });

it('lowers a live ad’s price step by step, one update each, down to its floor and no further', async () => {
  const { clock, draftId, listingUuid, app } = await start();
  await app.call('priceRules:set-draft', { draftId, rule });
  const updates = () => app.requests(UPDATE);
  const before = updates();

  // Step 0: the rule starts from the price the ad is live at; nothing is sent.
  expect(await runDue(app.temp, clock.now)).toEqual([`price:${draftId}:0`]);
  expect((await draftOf(app.temp, draftId)).priceRule?.start).toEqual({
    at: new Date(clock.now).toISOString(),
    cents: 12_050,
  });
  expect(await runDue(app.temp, clock.now + 6 * DAY)).toEqual([]);
  expect(await app.temp.app.priceDue.next!(clock.now)).toBe(clock.now + 7 * DAY);

  clock.now += 7 * DAY;
  expect(await runDue(app.temp, clock.now)).toEqual([`price:${draftId}:1`]);
  expect((await app.listing(listingUuid)).adPrice.amount).toBe(108.45);
  expect(updates()).toBe(before + 1);
  // Asked again at the same time: nothing is due, nothing is sent.
  expect(await runDue(app.temp, clock.now)).toEqual([]);
  expect(updates()).toBe(before + 1);

  clock.now += 7 * DAY;
  expect(await runDue(app.temp, clock.now)).toEqual([`price:${draftId}:2`]);
  expect((await app.listing(listingUuid)).adPrice.amount).toBe(97.61);
  expect(updates()).toBe(before + 2);

  // A month with nothing running: only the latest step is sent, and it stops at the floor.
  clock.now += 30 * DAY;
  expect(await runDue(app.temp, clock.now)).toEqual([`price:${draftId}:3`]);
  expect((await app.listing(listingUuid)).adPrice.amount).toBe(90);
  expect(updates()).toBe(before + 3);
  clock.now += 70 * DAY;
  expect(await runDue(app.temp, clock.now)).toEqual([]);
  expect(updates()).toBe(before + 3);

  const draft = await draftOf(app.temp, draftId);
  expect(draft.priceRule?.steps.map(({ step, from, to }) => ({ step, from, to }))).toEqual([
    { step: 1, from: 12_050, to: 10_845 },
    { step: 2, from: 10_845, to: 9_761 },
    { step: 3, from: 9_761, to: 9_000 },
  ]);
  // The draft follows its live ad.
  expect(Number(draft.price.amount)).toBe(90);
  expect(app.temp.log.info).toHaveBeenCalledWith(
    `Draft ${draftId}: price lowered from 108.45 to 97.61 by rule, step 2 of 3`,
  );
});

it('a step crossing the editor’s save of the price: both prices kept, named for the step (issue 32.1)', async () => {
  const { clock, draftId, app } = await start();
  await app.call('priceRules:set-draft', { draftId, rule });
  await runDue(app.temp, clock.now);
  // The editor has the draft open; the step lowers the price before the seller's own price is saved.
  const opened = await draftOf(app.temp, draftId);
  clock.now += 7 * DAY;
  expect(await runDue(app.temp, clock.now)).toEqual([`price:${draftId}:1`]);
  const stepped = (await draftOf(app.temp, draftId)).price.amount;
  expect(Number(stepped)).toBe(108.45);

  const fields = draftFieldsOf(opened);
  const saved = await app.call<Draft>('drafts:save', {
    draft: { ...fields, price: { ...fields.price, amount: '115' } },
    base: fields,
  });
  expect(saved.price.amount).toBe('115');
  expect(saved.shop?.conflicts).toEqual([
    {
      field: 'price.amount',
      values: [
        { value: '115', by: expect.objectContaining({ desk: 'app:editor' }) },
        {
          value: stepped,
          by: {
            desk: 'app:priceStep',
            deskName: 'ein Schritt der Preisregel',
            at: new Date(clock.now).toISOString(),
          },
        },
      ],
    },
  ]);
});

it('stops when the price was set by hand after its last step, and says so', async () => {
  const { clock, draftId, listingUuid, app } = await start();
  await app.call('priceRules:set-draft', { draftId, rule });
  await runDue(app.temp, clock.now);
  clock.now += 7 * DAY;
  await runDue(app.temp, clock.now);
  await app.call('listings:update', { uuid: listingUuid, patch: { price: { type: 'FIXED', amount: 115 } } });
  const before = app.requests(UPDATE);

  clock.now += 7 * DAY;
  expect(await runDue(app.temp, clock.now)).toEqual([`price:${draftId}:2`]);
  expect(app.requests(UPDATE)).toBe(before);
  expect((await app.listing(listingUuid)).adPrice.amount).toBe(115);
  const record = (await draftOf(app.temp, draftId)).priceRule!;
  expect(record.stopped).toEqual({ at: new Date(clock.now).toISOString(), cents: 11_500 });
  expect(record.steps).toHaveLength(1);
  clock.now += 30 * DAY;
  expect(await runDue(app.temp, clock.now)).toEqual([]);

  // Set again, it starts afresh from the price set by hand.
  await app.call('priceRules:set-draft', { draftId, rule });
  await runDue(app.temp, clock.now);
  expect((await draftOf(app.temp, draftId)).priceRule).toMatchObject({ start: { cents: 11_500 }, steps: [] });
});

it('after a crash between sending a step and writing it down, finishes the step without sending it again', async () => {
  const { clock, draftId, listingUuid, app } = await start();
  await app.call('priceRules:set-draft', { draftId, rule });
  await runDue(app.temp, clock.now);
  clock.now += 7 * DAY;
  await runDue(app.temp, clock.now);
  const dataDir = app.temp.dataDir;
  await app.temp.app.close();

  // The files as a crash right after the update of step 1 left them: the step pending, not done.
  const file = path.join(dataDir, 'drafts', `${draftId}.json`);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Draft;
  const [done] = stored.priceRule!.steps;
  stored.priceRule = {
    ...stored.priceRule!,
    steps: [],
    pending: {
      step: 1,
      dueAt: new Date(clock.now).toISOString(),
      from: done!.from,
      to: done!.to,
      sentAt: done!.at,
    },
  };
  writeFileSync(file, JSON.stringify(stored));
  rmSync(path.join(dataDir, 'drafts', 'index.json'), { force: true });
  rmSync(path.join(dataDir, 'drafts', 'index.journal'), { force: true });

  restarted = await createTempApp(
    dataDir,
    { clock: () => clock.now },
    { automation: { run: false, clock: runnerClock(clock) } },
  );
  const sb = restarted.app.sandbox.sandbox;
  const updates = () => Object.values(sb.stats().requests[UPDATE] ?? {}).reduce((sum, n) => sum + n, 0);
  const before = updates();
  expect(await runDue(restarted, clock.now)).toEqual([`price:${draftId}:1`]);
  expect(updates()).toBe(before);
  const record = (await draftOf(restarted, draftId)).priceRule!;
  expect(record.pending).toBeUndefined();
  expect(record.steps.map((step) => step.step)).toEqual([1]);

  // The next step goes on from there, once.
  clock.now += 7 * DAY;
  expect(await runDue(restarted, clock.now)).toEqual([`price:${draftId}:2`]);
  expect(updates()).toBe(before + 1);
  const listing = await restarted.call<{ adPrice: { amount: number } }>('listings:get', {
    uuid: listingUuid,
  });
  expect(listing.adPrice.amount).toBe(97.61);
});

it('a step the service refuses is written on the rule with why, logged, and tried again later under a new key', async () => {
  const { clock, draftId, listingUuid, app } = await start();
  await app.call('priceRules:set-draft', { draftId, rule });
  await runDue(app.temp, clock.now);
  app.sb.faults.add({ route: UPDATE, kind: 'status', status: 403, times: 1 });

  clock.now += 7 * DAY;
  expect(await runDue(app.temp, clock.now)).toEqual([`price:${draftId}:1`]);
  const failed = (await draftOf(app.temp, draftId)).priceRule!;
  expect(failed.failed).toMatchObject({ step: 1, attempts: 1, at: new Date(clock.now).toISOString() });
  expect(failed.failed!.message.length).toBeGreaterThan(10);
  expect(failed.steps).toEqual([]);
  expect(app.temp.log.error).toHaveBeenCalledWith(
    expect.stringContaining(`Price rule of draft ${draftId}: step 1 failed`),
    expect.anything(),
  );
  // Not asked again at once: a minute later, under a key of its own.
  expect(await runDue(app.temp, clock.now + 30_000)).toEqual([]);
  clock.now += 60_000;
  expect(await runDue(app.temp, clock.now)).toEqual([`price:${draftId}:1:retry-1`]);
  expect((await app.listing(listingUuid)).adPrice.amount).toBe(108.45);
  expect((await draftOf(app.temp, draftId)).priceRule!.failed).toBeUndefined();
});

it('is run by the app’s runner (and so by `worker`) when a step falls due, once', async () => {
  const { clock, draftId, app } = await start();
  await app.call('priceRules:set-draft', { draftId, rule });
  const updates = () => app.requests(UPDATE);
  const before = updates();
  const { runner } = app.temp.app.automation;
  const ran = async () =>
    (await runner.runDue()).filter((o) => o.kind === 'price').map((o) => `${o.key} ${o.state}`);
  expect(await ran()).toEqual([`price:${draftId}:0 done`]);
  expect(await ran()).toEqual([]);
  clock.now += 7 * DAY;
  expect(await ran()).toEqual([`price:${draftId}:1 done`]);
  expect(updates()).toBe(before + 1);
  expect((await draftOf(app.temp, draftId)).priceRule?.steps.map((s) => s.to)).toEqual([10845]);
  // Issue 37.5: the step sent is in this desktop's activity log, once (the rule's start is not a step).
  const { entries } = await app.call<{ entries: ActivityEntry[] }>('activity:list', {
    kinds: ['price-step'],
  });
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    kind: 'price-step',
    draft: draftId,
    changed: { step: 1, to: '108.45' },
  });
  expect(entries[0]!.ad).toMatch(/\S/);
});
