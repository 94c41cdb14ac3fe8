// Issue 37.5 and 37.2 against a real PostgreSQL: a price step whose desk stopped after the step was
// done on the draft but before its key was marked is logged once, by the desk that settles it; a
// prepare desk's runner leaves what falls due to a desk allowed to run it (it claims nothing, says
// so once in the log), and a publish desk runs it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskMay } from '../../src/shared/domain/team';
import { newPriceRuleRecord } from '../../src/shared/domain/price-rules';
import { priceKeySettler } from '../../src/main/app-live-calls';
import { DUE_TASK_NEEDS, type DueTask } from '../../src/main/automation/due';
import { settledPriceStep } from '../../src/main/automation/price-steps';
import { systemClock } from '../../src/main/automation/clock';
import { createRunner } from '../../src/main/automation/runner';
import { claimDueKey, shopTaskClaims } from '../../src/main/shop/claims/due-claims';
import type { ShopSession } from '../../src/main/shop/connection/shop-session';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { desk, type Desk } from '../integration/publish/helpers';
import { clientOf } from '../integration/publish/ports';
import { deskSession, initShop, TEST_LEASE } from './helpers/desk-session';
import { callsDesk } from './helpers/live-calls-desk';
import { freshDatabase } from './helpers/shared-postgres';
import { makeLogin } from './helpers/team-logins';

const shop = { url: '', shopId: '', closing: [] as Array<() => Promise<unknown>> };
let sb: Sandbox;

async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: shop.url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function session(name: string, url = shop.url): Promise<ShopSession> {
  const opened = await deskSession(url, shop.shopId, name);
  shop.closing.push(() => opened.close());
  return opened;
}

beforeAll(async () => {
  shop.url = await freshDatabase();
  shop.shopId = await initShop(shop.url);
  sb = await startSandbox({ port: 0 });
  shop.closing.push(() => sb.close());
});
afterAll(async () => {
  for (const close of shop.closing.splice(0).reverse()) await close().catch(() => undefined);
});

describe('a price step whose desk stopped before its key was marked', () => {
  it('is logged once, by the desk that settles it; a step not done is left to run', async () => {
    const d: Desk = await desk();
    shop.closing.push(() => d.close());
    const [made] = await d.makeDrafts(1, 1);
    const stepAt = new Date(Date.now() - 60_000).toISOString();
    // The draft as the stopped desk left it (and the sync brought it here): live, step 1 done.
    await d.drafts.update(made!.id, (draft) => ({
      ...draft,
      accountId: 'account-1',
      status: 'published',
      remote: { listingUuid: 'listing-1', publicationUuid: 'publication-1' },
      priceRule: {
        ...newPriceRuleRecord(
          { mode: 'percent', value: 10, everyDays: 7, floor: 50, rounding: 'none', maxSteps: null },
          'ad',
          new Date(),
        ),
        start: { at: stepAt, cents: 10_000 },
        steps: [{ step: 1, at: stepAt, from: 10_000, to: 9_000 }],
      },
    }));
    // The stopped desk had claimed steps 1 and 2 (its lease runs out, nobody renews it).
    const stopped = await session('Werkstatt');
    for (const step of [1, 2])
      expect(
        await claimDueKey(stopped.pool, `price:${made!.id}:${step}`, stopped.membership.deskId, 300),
      ).toHaveProperty('fence');
    await new Promise((resolve) => setTimeout(resolve, 500));

    const settler = priceKeySettler((key) => settledPriceStep({ store: d.drafts }, key));
    const client = clientOf(sb);
    const theke = await callsDesk(await session('Theke'), client, undefined, [settler]);
    const lager = await callsDesk(await session('Lager'), client, undefined, [settler]);
    await Promise.all([theke.calls.reconcile(), lager.calls.reconcile(), theke.calls.reconcile()]);
    await Promise.all([theke.calls.reconcile(), lager.calls.reconcile()]);

    const rows = await query<{
      running: string;
      draft: string;
      ad: string;
      changed: Record<string, unknown>;
      made_at: Date;
    }>(
      `select (select name from listing_desk.desks d where d.id = a.running_desk) as running, draft, ad, changed, made_at
         from listing_desk.activity a where kind = 'price-step'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      draft: made!.id,
      ad: 'listing-1',
      changed: { step: 1, settled: 'read back' },
    });
    expect(['Theke', 'Lager']).toContain(rows[0]!.running);
    expect(rows[0]!.made_at.toISOString()).toBe(stepAt);
    const keys = await query<{ key: string; done: boolean }>(
      `select key, done_at is not null as done from listing_desk.due_claims where key like 'price:%' order by key`,
    );
    expect(keys).toEqual([
      { key: `price:${made!.id}:1`, done: true },
      // Step 2 is not done on the draft: its key stays for the rule's next run.
      { key: `price:${made!.id}:2`, done: false },
    ]);
  });
});

describe('a prepare desk and what falls due', () => {
  const quietLines = () => {
    const lines: string[] = [];
    const log = {
      info: (line: string) => lines.push(`info ${line}`),
      warn: (line: string) => lines.push(`warn ${line}`),
      error: (line: string) => lines.push(`error ${line}`),
    };
    return { lines, log };
  };
  const tasks = (ran: string[]): DueTask[] =>
    (['schedule', 'price', 'feed'] as const).map((kind) => ({
      key: `${kind}:due-1`,
      kind,
      dueAt: Date.now() - 1_000,
      label: kind,
      run: async () => void ran.push(kind),
    }));
  const runnerOf = (
    db: ShopSession,
    role: 'prepare' | 'publish',
    log: ReturnType<typeof quietLines>['log'],
    ran: string[],
  ) => {
    const claims = shopTaskClaims({ db: db.pool, deskId: db.membership.deskId, log, timing: TEST_LEASE });
    const runner = createRunner({
      claims: () => claims,
      clock: systemClock(),
      log,
      mayRun: (kind) => deskMay({ member: true, role, ownerNamed: true }, DUE_TASK_NEEDS[kind]).allowed,
    });
    runner.register({ due: async () => tasks(ran) });
    return runner;
  };

  it('claims nothing, says once in the log why they wait, and a publish desk runs them', async () => {
    const prepareLogin = await makeLogin(shop.url, 'prepare');
    const trainee = await session('Azubi', prepareLogin.url);
    const heard = quietLines();
    const ran: string[] = [];
    const runner = runnerOf(trainee, 'prepare', heard.log, ran);
    expect(await runner.runDue()).toEqual([]);
    expect(await runner.runDue()).toEqual([]);
    expect(ran).toEqual([]);
    expect(await query(`select key from listing_desk.due_claims where key like '%:due-1'`)).toEqual([]);
    // One line per kind as it starts to wait; no refusal, no warning.
    expect(heard.lines).toEqual([
      "info Automation: schedule tasks wait for a desk allowed to publish (this desk's role may not)",
      "info Automation: price tasks wait for a desk allowed to publish (this desk's role may not)",
      "info Automation: feed tasks wait for a desk allowed to publish (this desk's role may not)",
    ]);
    await runner.stop();

    const publishLogin = await makeLogin(shop.url, 'publish');
    const front = await session('Theke-2', publishLogin.url);
    const frontRan: string[] = [];
    const frontRunner = runnerOf(front, 'publish', quietLines().log, frontRan);
    expect((await frontRunner.runDue()).map((outcome) => outcome.state)).toEqual(['done', 'done', 'done']);
    expect(frontRan.sort()).toEqual(['feed', 'price', 'schedule']);
    expect(
      await query(
        `select count(*)::int as n from listing_desk.due_claims where key like '%:due-1' and done_at is not null`,
      ),
    ).toEqual([{ n: 3 }]);
    await frontRunner.stop();
  });
});
