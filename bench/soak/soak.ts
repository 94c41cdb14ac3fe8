// A week of a shop's work, compressed (issue 38.3): desk A with its window (the web shell and its page
// in Chromium), desk B running `worker`, one shop on PostgreSQL, the listing service in a process of
// its own failing 5 % of calls. Only due times run fast (LISTING_DESK_CLOCK_RATE from a shared
// LISTING_DESK_CLOCK_ORIGIN: `days` of them in `minutes`); leases, timeouts and the reconcile window
// stay on real time. Through the week: the feed file changes every hour (the feed runs hourly and
// publishes a new row a day), daily price steps, scheduled publishes, one database restart and a
// kill -9 a day (desk B's worker, once desk A's main instead), each started again.
// Measured per process (desk A's main, its renderer's heap, desk B's worker; a life per start):
// memory growth after warm-up and the drift of open descriptors; at the end the log and history
// folders against their rotation's bound, jobs not final a minute after their lease, duplicates at
// the service and every feed's last run. bench/soak/run.ts prints them; the shop suite's
// soak-short.test.ts runs the same code briefly and checks the end state.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FeedView } from '../../src/shared/domain/feeds/feed';
import type { FeedRunSummary } from '../../src/shared/domain/feeds/feed-run';
import { clientOf } from '../../test/integration/publish/ports';
import {
  joinDesk,
  killHard,
  openWindow,
  startService,
  startShop,
  startWebShell,
  startWorker,
  stopChild,
  type Window,
} from './desks';
import { feedRunsFolder, jobsFolder, logFolder, Watch, type FolderFigure, type Watched } from './measure';
import { DAY, FeedFile, HOUR, scheduleDrafts, shopAccount, startFeed } from './work';

export interface SoakOptions {
  /** Real length of the week's work (minutes). */
  minutes: number;
  /** Virtual days in it. */
  days: number;
  /** The longest wait at the end for open jobs and feed runs to settle (real ms). */
  settleMs: number;
  /** Hears each step (stderr in the bench). */
  step(what: string): void;
}

/** What the end state says. */
export interface EndState {
  stuckJobs: number;
  openJobs: number;
  jobsByState: Record<string, number>;
  duplicates: number;
  listings: number;
  /** The feeds' runs begun by the end of the week, and those of them not finished at the end. */
  feedRuns: number;
  feedsUnfinished: number;
  feeds: number;
  /** Due tasks done in the shop's claims, by kind (schedule, price, feed). */
  dueDone: Record<string, number>;
  kills: { deskA: number; deskB: number; databaseRestarts: number };
}

export interface SoakResult {
  processes: Watched[];
  folders: FolderFigure[];
  end: EndState;
  rate: number;
}

const OPEN = ['queued', 'running', 'waiting', 'tracking'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the soak (see the top) and answers its figures. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { step } = options;
  const realMs = options.minutes * 60_000;
  const rate = (options.days * DAY) / realMs;
  const sampleMs = Math.min(10_000, Math.max(1_000, realMs / 200));
  const warmupMs = Math.min(60_000, realMs / 10);
  const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-soak-'));
  const dirA = path.join(work, 'desk-a');
  const dirB = path.join(work, 'desk-b');
  const files = path.join(work, 'files');
  mkdirSync(files, { recursive: true });
  const service = await startService();
  const shop = await startShop().catch(async (error: unknown) => {
    await stopChild(service.child);
    throw error;
  });
  const db = () => new pg.Client({ connectionString: shop.adminUrl });
  let shell: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  let window: Window | undefined;
  try {
    step('the service, the database and the shop are up; the desks join');
    await Promise.all([
      joinDesk(shop, service, dirA, 'Desk A', true),
      joinDesk(shop, service, dirB, 'Desk B', false),
    ]);
    // From here the desks' clocks run fast, both from this origin.
    const origin = Date.now();
    const virtual = () => origin + (Date.now() - origin) * rate;
    const env = {
      LISTING_DESK_CLOCK_RATE: String(rate),
      LISTING_DESK_CLOCK_ORIGIN: String(origin),
      LISTING_DESK_SANDBOX_CATALOG: 'off',
    };
    const watchA = new Watch('desk A: main (web shell)', warmupMs);
    const watchR = new Watch('desk A: renderer heap', warmupMs);
    const watchB = new Watch('desk B: worker', warmupMs);
    const startA = async () => {
      const started = await startWebShell(dirA, env);
      shell = started.child;
      watchA.started();
      return started.url;
    };
    const startB = () => {
      worker = startWorker(dirB, env);
      watchB.started();
    };
    const url = await startA();
    window = await openWindow(url);
    watchR.started();
    startB();
    const desk = window;
    step(`desk A (web shell and window) and desk B (worker) started; clock ${rate.toFixed(0)} × real time`);

    const accountId = await shopAccount(desk);
    const feedFile = new FeedFile(files, options.days >= 7 ? 10 : 4);
    const { feed, run: firstRun } = await startFeed(desk, feedFile, accountId);
    // Two drafts a day, at its 9th and 15th hour (virtual), the last ones a day before the end.
    const perDay = 2;
    const scheduled = Math.max(1, (options.days - 1) * perDay) || 1;
    await scheduleDrafts(desk, scheduled, (n) => {
      const d = Math.floor((n - 1) / perDay);
      // A time already past (the set-up took that long) is moved to a few real seconds from now.
      return Math.max(virtual() + 5_000 * rate, origin + d * DAY + ((n - 1) % perDay === 0 ? 9 : 15) * HOUR);
    });
    step(
      `feed "${feed.name}" run once (${firstRun.state}: ${JSON.stringify(firstRun.counts)}, ` +
        `${firstRun.held.length} held, ${firstRun.failed} failed); ${scheduled} drafts scheduled`,
    );

    // The week's events, by virtual time.
    const kills = { deskA: 0, deskB: 0, databaseRestarts: 0 };
    const events: { at: number; what: string; run(): Promise<void> }[] = [];
    for (let h = 1; h < options.days * 24; h += 1)
      events.push({
        at: origin + h * HOUR,
        what: `hour ${h}: the feed file changes`,
        run: async () => feedFile.write(h),
      });
    const killADay = Math.floor(options.days / 2);
    for (let d = 0; d < options.days; d += 1)
      events.push({
        at: origin + d * DAY + 13.5 * HOUR,
        what: `day ${d + 1}: kill -9 of desk ${d === killADay ? 'A’s main' : 'B’s worker'}`,
        run: async () => {
          if (d === killADay) {
            await killHard(shell!);
            kills.deskA += 1;
            await window!.open(await startA());
            watchR.started();
          } else {
            await killHard(worker!);
            kills.deskB += 1;
            startB();
          }
        },
      });
    events.push({
      at: origin + options.days * 0.3 * DAY,
      what: 'the database restarts',
      run: async () => {
        shop.server.stop();
        await sleep(3_000);
        shop.server.start();
        kills.databaseRestarts += 1;
      },
    });
    events.sort((a, b) => a.at - b.at);

    const sample = async () => {
      watchA.sample(shell?.pid);
      watchB.sample(worker?.pid);
      watchR.add(await desk.heap());
    };
    const end = origin + realMs;
    let lastSample = 0;
    let told = 0;
    while (Date.now() < end) {
      while (events.length > 0 && events[0]!.at <= virtual()) {
        const event = events.shift()!;
        if (!event.what.startsWith('hour') || Date.now() - told > 60_000) {
          step(event.what);
          told = Date.now();
        }
        await event.run();
      }
      if (Date.now() - lastSample >= sampleMs) {
        lastSample = Date.now();
        await sample();
      }
      await sleep(Math.min(250, sampleMs));
    }
    step('the week is over: the faults stop; waiting for open jobs and feed runs to settle');
    await service.faultsOff();

    const openJobs = async () => {
      const client = db();
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from listing_desk.jobs where state = any($1)',
          [OPEN],
        );
        return rows[0]!.n;
      } finally {
        await client.end();
      }
    };
    // The feeds' runs of the week (those begun by its end; the hourly runs go on meanwhile): each
    // must have finished, one a kill cut short too.
    const feedRuns = async () => {
      const { feeds } = await desk.call<{ feeds: FeedView[] }>('feeds:list');
      const runs: FeedRunSummary[] = [];
      for (const feed of feeds)
        runs.push(...(await desk.call<{ runs: FeedRunSummary[] }>('feeds:history', { id: feed.id })).runs);
      return { feeds: feeds.length, runs };
    };
    const weekRuns = new Set((await feedRuns()).runs.map((run) => run.id));
    const unfinished = async () =>
      (await feedRuns()).runs.filter(
        (run) => weekRuns.has(run.id) && (run.state === 'running' || run.finishedAt === null),
      ).length;
    // A scheduled draft whose task a killed desk held waits for that lease to end (real time).
    const schedulesLeft = async () => {
      const client = db();
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from listing_desk.due_claims where key like 'schedule:%' and done_at is not null`,
        );
        return scheduled - rows[0]!.n;
      } finally {
        await client.end();
      }
    };
    const settled = async () =>
      (await openJobs()) === 0 && (await unfinished()) === 0 && (await schedulesLeft()) <= 0;
    const settleUntil = Date.now() + options.settleMs;
    while (Date.now() < settleUntil && !(await settled())) {
      await sample();
      await sleep(1_000);
    }
    await sample();
    const endState = await readEnd(shop.adminUrl, service, kills, {
      feeds: (await feedRuns()).feeds,
      feedRuns: weekRuns.size,
      feedsUnfinished: await unfinished(),
    });
    const folders = [
      logFolder(dirA, 'desk A'),
      logFolder(dirB, 'desk B'),
      feedRunsFolder(dirA, 'desk A', endState.feeds),
      feedRunsFolder(dirB, 'desk B', endState.feeds),
      jobsFolder(dirA, 'desk A'),
      jobsFolder(dirB, 'desk B'),
    ];
    return { processes: [watchA, watchR, watchB].map((w) => w.figures()), folders, end: endState, rate };
  } finally {
    await window?.browser.close().catch(() => undefined);
    if (worker) await stopChild(worker);
    if (shell) await stopChild(shell);
    await stopChild(service.child);
    shop.server.remove();
    if (process.env.SOAK_KEEP) process.stderr.write(`soak: kept ${work}\n`);
    else rmSync(work, { recursive: true, force: true });
  }
}

/** The end state: the shop's jobs, the service's listings, the feeds' last runs. */
async function readEnd(
  adminUrl: string,
  service: Awaited<ReturnType<typeof startService>>,
  kills: EndState['kills'],
  feeds: Pick<EndState, 'feeds' | 'feedRuns' | 'feedsUnfinished'>,
): Promise<EndState> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const states = await client.query<{ state: string; n: number }>(
      'select state, count(*)::int as n from listing_desk.jobs group by state',
    );
    // Not final, and its lease (or, without one, its last change) over a minute ago.
    const stuck = await client.query<{ n: number }>(
      `select count(*)::int as n from listing_desk.jobs
        where state = any($1) and coalesce(lease_until, updated_at) < now() - interval '1 minute'`,
      [OPEN],
    );
    const due = await client.query<{ kind: string; n: number }>(
      `select split_part(key, ':', 1) as kind, count(*)::int as n from listing_desk.due_claims
        where done_at is not null group by 1`,
    );
    const listings = await clientOf(
      {
        authUrl: service.authUrl,
        baseUrl: service.baseUrl,
        clients: [{ clientId: service.clientId, clientSecret: service.secret }],
      },
      30_000,
    ).listListings();
    const perReference = new Map<string, number>();
    for (const listing of listings)
      if (listing.customReference)
        perReference.set(listing.customReference, (perReference.get(listing.customReference) ?? 0) + 1);
    const jobsByState = Object.fromEntries(states.rows.map((row) => [row.state, row.n]));
    return {
      stuckJobs: stuck.rows[0]!.n,
      openJobs: OPEN.reduce((sum, state) => sum + (jobsByState[state] ?? 0), 0),
      jobsByState,
      duplicates: [...perReference.values()].filter((n) => n > 1).length,
      listings: listings.length,
      ...feeds,
      dueDone: Object.fromEntries(due.rows.map((row) => [row.kind, row.n])),
      kills,
    };
  } finally {
    await client.end();
  }
}
