// Issue 35.8: a feed's plan made in a process of its own (src/main/feeds/plan-child*.ts) equals the
// one made in the app's process; a child that dies mid-plan fails the plan in plain words and
// leaves no process behind; closing the app ends a child still planning. Real files, the shop's
// feed server over HTTPS, a real child started by Node's fork (the source entry under tsx).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { PLAN_CHILD_FLAGS } from '../../../scripts/lib/heap-flags.mjs';
import { tempDir } from '../../unit/helpers/temp-app';
import type { FeedPlan, FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import { forkChild, nodePlanChild, planChildEntry } from '../../../src/main/feeds/plan-child-node';
import { planChildOf, type ChildHandle, type PlanRequest } from '../../../src/main/feeds/plan-child';
import { mainI18n } from '../../../src/main/i18n';
import { ACCESS_KEY } from '../../fixtures/feeds/products';
import { spyLogger } from '../../unit/helpers/temp-app';
import { productFeedApp, type ProductFeedApp } from './helpers/product-feed-app';

const apps: ProductFeedApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const EXPORT_PATH = `/store-api/product-export/${ACCESS_KEY}/google.xml`;

/** Whether a process of this id still exists (a zombie counts: it was never waited for). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A start of real children that remembers each one's id and what it was sent. */
function recordingStart() {
  const { entry, execArgv } = planChildEntry();
  const pids: number[] = [];
  const sent: PlanRequest[] = [];
  let onStart: ((pid: number) => void) | undefined;
  return {
    pids,
    sent,
    started: () => new Promise<number>((resolve) => (onStart = resolve)),
    start: (then?: (child: ChildHandle) => void) => (): ChildHandle => {
      const child = forkChild(entry, execArgv);
      pids.push(child.pid!);
      onStart?.(child.pid!);
      return {
        ...child,
        pid: child.pid,
        stderr: child.stderr,
        send(message) {
          sent.push(message);
          child.send(message);
          then?.(child);
        },
      };
    },
  };
}

/** What two plans of the same feed must share: not when, for which feed id, from which server. */
const comparable = ({ feedId: _id, at: _at, ...plan }: FeedPlan, app: ProductFeedApp): unknown =>
  JSON.parse(JSON.stringify(plan).replaceAll(app.server.origin, 'https://shop'));

it('plans a Google feed in a child exactly as in the app, the access key never sent to the child', async () => {
  const here = await productFeedApp();
  apps.push(here);
  const url = here.serveVersion('google-rss', 1, EXPORT_PATH, { accessKey: ACCESS_KEY });
  const feedHere = await here.addProductFeed('Google', url);
  const inProcess = await here.call<FeedPlan>('feeds:plan', { id: feedHere.id });

  const log = spyLogger();
  const recording = recordingStart();
  const apart = await productFeedApp({ planChild: planChildOf(recording.start(), log, 0) });
  apps.push(apart);
  const urlApart = apart.serveVersion('google-rss', 1, EXPORT_PATH, { accessKey: ACCESS_KEY });
  const feedApart = await apart.addProductFeed('Google', urlApart);
  const inChild = await apart.call<FeedPlan>('feeds:plan', { id: feedApart.id });

  expect(recording.pids).toHaveLength(1);
  expect(comparable(inChild, apart)).toEqual(comparable(inProcess, here));
  expect(inChild.entries.length).toBeGreaterThan(0);
  expect(log.info).toHaveBeenCalledWith(
    expect.stringMatching(/plan's process \d+ planned \d+ rows/),
    expect.anything(),
  );
  // The download stayed in the app's process: the child got the kept copy and the address masked.
  const request = JSON.stringify(recording.sent[0]);
  expect(request).not.toContain(ACCESS_KEY);
  expect(request).not.toContain(encodeURIComponent(ACCESS_KEY));
  expect(JSON.stringify(log.info.mock.calls)).not.toContain(ACCESS_KEY);
  expect(alive(recording.pids[0]!)).toBe(false);

  // A run planned in the child sends the same rows as one planned in the app.
  const runHere = await here.call<FeedRun>('feeds:run', { id: feedHere.id });
  const runApart = await apart.call<FeedRun>('feeds:run', { id: feedApart.id });
  const sources = (run: FeedRun, app: ProductFeedApp): unknown =>
    JSON.parse(
      JSON.stringify(
        run.entries.map((e) => ({ reference: e.reference, action: e.action, source: e.source })),
      ).replaceAll(app.server.origin, 'https://shop'),
    );
  expect(sources(runApart, apart)).toEqual(sources(runHere, here));
  expect(runApart.state).toBe(runHere.state);
});

it('fails the run in plain words when its child dies mid-plan, and leaves no process behind', async () => {
  const log = spyLogger();
  const recording = recordingStart();
  // Killed from outside as soon as it has its request (still loading its modules: mid-plan).
  const app = await productFeedApp({
    planChild: planChildOf(
      recording.start((child) => process.kill(child.pid!, 'SIGKILL')),
      log,
      0,
    ),
  });
  apps.push(app);
  const feed = await app.addProductFeed('Google', app.serveVersion('google-rss', 1, '/google.xml'));
  const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run.state).toBe('failed');
  expect(run.failure).toBe(mainI18n.t('errors:feedPlanChild.killed', { signal: 'SIGKILL' }));
  expect(run.failure).toContain('SIGKILL');
  expect(log.error).toHaveBeenCalledWith(
    expect.stringMatching(/ended without a plan \(killed\)/),
    undefined,
    expect.objectContaining({ signal: 'SIGKILL' }),
  );
  expect(recording.pids).toHaveLength(1);
  expect(alive(recording.pids[0]!)).toBe(false);
  // Nothing was made of it.
  expect(await app.draftCount()).toBe(0);
});

it('ends a child still planning when the app closes, and waits for it', async () => {
  const recording = recordingStart();
  const app = await productFeedApp({ planChild: planChildOf(recording.start(), spyLogger(), 0) });
  const feed = await app.addProductFeed('Google', app.serveVersion('google-rss', 1, '/google.xml'));
  const started = recording.started();
  const planning = app.temp.fail('feeds:plan', { id: feed.id });
  const pid = await started;
  await app.close();
  expect(alive(pid)).toBe(false);
  expect((await planning).message).toBe(mainI18n.t('errors:feedPlanChild.cancelled'));
});

it('answers a plan that could not start its child in plain words', async () => {
  const log = spyLogger();
  const app = await productFeedApp({
    planChild: nodePlanChild(log, {
      entry: { entry: '/nonexistent/plan-child.js', execArgv: [] },
      minBytes: 0,
    }),
  });
  apps.push(app);
  const feed = await app.addProductFeed('Google', app.serveVersion('google-rss', 1, '/google.xml'));
  const error = await app.temp.fail('feeds:plan', { id: feed.id });
  // Node starts, then finds no module: the child ends with an exit code, and says why on stderr.
  expect(error.message).toBe(mainI18n.t('errors:feedPlanChild.ended', { code: 1 }));
  expect(log.error).toHaveBeenCalledWith(
    expect.stringMatching(/ended without a plan/),
    undefined,
    expect.objectContaining({ code: 1, stderr: expect.stringMatching(/Cannot find module/) }),
  );
});

it("starts its child with the heap flags and none of the app's environment", async () => {
  const dir = tempDir('listing-desk-plan-child-');
  const script = path.join(dir.dir, 'tell.cjs');
  // Answers what it was started with, as the plan's child would be.
  writeFileSync(
    script,
    "process.once('message', () => process.send({ execArgv: process.execArgv, env: process.env }));",
  );
  process.env.LISTING_DESK_SOME_TOKEN = 'not-for-the-child';
  try {
    const child = forkChild(script, []);
    const told = new Promise<{ execArgv: string[]; env: Record<string, string> }>((resolve) =>
      child.onMessage((message) => resolve(message as never)),
    );
    const ended = new Promise((resolve) => child.onExit(resolve));
    child.send({} as PlanRequest);
    const { execArgv, env } = await told;
    child.kill();
    await ended;
    expect(execArgv).toEqual([...PLAN_CHILD_FLAGS]);
    expect(env.LISTING_DESK_SOME_TOKEN).toBeUndefined();
    expect(
      Object.keys(env).every((name) =>
        /^(PATH|Path|SystemRoot|TEMP|TMP|TMPDIR|HOME|USERPROFILE|LANG|LC_ALL)$/.test(name),
      ),
    ).toBe(true);
  } finally {
    delete process.env.LISTING_DESK_SOME_TOKEN;
    dir.remove();
  }
});

it('fails the plan in plain words when its child answers something unreadable, and ends the child', async () => {
  const dir = tempDir('listing-desk-plan-child-');
  const script = path.join(dir.dir, 'garbage.cjs');
  writeFileSync(
    script,
    "process.once('message', () => process.send({ kind: 'planned', plan: 'not a plan' }));",
  );
  const log = spyLogger();
  const pids: number[] = [];
  const app = await productFeedApp({
    planChild: planChildOf(
      () => {
        const child = forkChild(script, []);
        pids.push(child.pid!);
        return child;
      },
      log,
      0,
    ),
  });
  apps.push(app);
  try {
    const feed = await app.addProductFeed('Google', app.serveVersion('google-rss', 1, '/google.xml'));
    const error = await app.temp.fail('feeds:plan', { id: feed.id });
    expect(error.message).toBe(mainI18n.t('errors:feedPlanChild.unreadable'));
    expect(log.error).toHaveBeenCalledWith(
      expect.stringMatching(/answered something unreadable/),
      undefined,
      expect.anything(),
    );
    expect(pids).toHaveLength(1);
    expect(alive(pids[0]!)).toBe(false);
  } finally {
    dir.remove();
  }
});
