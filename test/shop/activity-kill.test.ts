// The activity log stays complete when a desk is killed with SIGKILL mid-publish and when PostgreSQL
// restarts mid-publish (issue 37.5, 37.7): each job step that states an outcome has its row, each
// row its step, written in one statement; the row names the desk that asked and the one that ran it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { desk, type Desk } from '../integration/publish/helpers';
import { initShop } from './helpers/desk-session';
import { startPostgres, type Postgres } from './helpers/postgres';
import { freshDatabase } from './helpers/shared-postgres';
import { shopDesk, type ShopDesk } from './helpers/shop-desk';

const opened: { desks: ShopDesk[]; scratch: Desk[]; sb?: Sandbox; server?: Postgres } = {
  desks: [],
  scratch: [],
};
afterEach(async () => {
  for (const d of opened.desks.splice(0)) await d.close();
  for (const d of opened.scratch.splice(0)) await d.close();
  await opened.sb?.close();
  opened.server?.remove();
  opened.sb = undefined;
  opened.server = undefined;
});

async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

const OUTCOMES = ['published', 'rejected', 'failed', 'cancelled'];

/**
 * The log's publish rows against the steps: one row for each step whose state is an outcome the
 * step before it did not state, with that step's desk and job; nothing more.
 */
async function expectLogMatchesSteps(url: string) {
  const steps = await query<{ job_id: string; desk: string; state: string; before: string | null }>(
    url,
    `select job_id, desk::text, body->>'state' as state,
            lag(body->>'state') over (partition by job_id order by n) as before
       from listing_desk.job_steps order by job_id, n`,
  );
  const outcomes = steps
    .filter((step) => OUTCOMES.includes(step.state) && step.before !== step.state)
    .map((step) => ({ job: step.job_id, running_desk: step.desk, outcome: step.state }));
  const rows = await query<{ job: string; running_desk: string; outcome: string }>(
    url,
    `select job, running_desk::text, changed->>'outcome' as outcome
       from listing_desk.activity where kind = 'publish' order by job, id`,
  );
  expect(rows).toEqual(outcomes);
  return rows;
}

describe('the activity log of a publish that a desk or the database did not finish', () => {
  it('a desk killed with SIGKILL mid-publish: the desk that took over logs the outcome, once', async () => {
    const url = await freshDatabase();
    const shopId = await initShop(url);
    const sb = await startSandbox({ port: 0, validationDelayMs: 20, latencyMs: 120 });
    opened.sb = sb;
    const scratch = await desk();
    opened.scratch.push(scratch);
    const [draft] = await scratch.makeDrafts(1, 4);
    const config = {
      dataDir: scratch.dataDir,
      url,
      shopId,
      name: 'Werkstatt',
      authUrl: sb.authUrl,
      baseUrl: sb.baseUrl,
      clientId: sb.clients[0]!.clientId,
      clientSecret: sb.clients[0]!.clientSecret,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/shop/helpers/desk-child.ts', draft!.id], {
      env: { ...process.env, SHOP_DESK_CHILD: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      void exited.then(() => reject(new Error('The desk ended before it was killed')));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const { attached } = JSON.parse(line) as { attached: number };
        if (attached >= 1) resolve();
      });
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    await scratch.reopen();
    // Killed mid-publish: its steps so far state no outcome, and the log has none.
    await expectLogMatchesSteps(url);
    expect(await query(url, `select 1 from listing_desk.activity where kind = 'publish'`)).toEqual([]);

    const other = await shopDesk({ url, shopId, sb }, 'Theke');
    opened.desks.push(other);
    await vi.waitFor(
      async () =>
        expect(await query(url, `select state from listing_desk.jobs`)).toEqual([{ state: 'published' }]),
      { timeout: 30_000, interval: 100 },
    );
    const [row] = await expectLogMatchesSteps(url);
    expect(row).toMatchObject({ outcome: 'published', running_desk: other.session.membership.deskId });
    const [named] = await query<{ asking: string; running: string; draft: string; ad: string | null }>(
      url,
      `select (select name from listing_desk.desks where id = a.asking_desk) as asking,
              (select name from listing_desk.desks where id = a.running_desk) as running, a.draft, a.ad
         from listing_desk.activity a where kind = 'publish'`,
    );
    expect(named).toMatchObject({ asking: 'Werkstatt', running: 'Theke', draft: draft!.id });
    expect(named!.ad).toMatch(/\S/);
  });

  it('PostgreSQL restarted mid-publish: the outcome is logged once, with its step', async () => {
    const server = await startPostgres();
    opened.server = server;
    const url = await server.createDatabase();
    const shopId = await initShop(url);
    const sb = await startSandbox({ port: 0, validationDelayMs: 20, latencyMs: 120 });
    opened.sb = sb;
    const till = await shopDesk({ url, shopId, sb }, 'Kasse');
    opened.desks.push(till);
    const drafts = await till.d.makeDrafts(2, 3);
    await till.engine.start(drafts.map((draft) => draft.id));
    await vi.waitFor(
      async () =>
        expect(
          (await query<{ n: number }>(url, `select count(*)::int as n from listing_desk.job_steps`))[0]!.n,
        ).toBeGreaterThanOrEqual(2),
      { timeout: 20_000, interval: 20 },
    );
    server.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    server.start();
    await vi.waitFor(
      async () =>
        expect(
          (await query<{ state: string }>(url, `select state from listing_desk.jobs`)).map(
            (row) => row.state,
          ),
        ).toEqual(['published', 'published']),
      { timeout: 45_000, interval: 200 },
    );
    const rows = await expectLogMatchesSteps(url);
    expect(rows.map((row) => row.outcome)).toEqual(['published', 'published']);
    expect(new Set(rows.map((row) => row.job)).size).toBe(2);
  });
});
