// The engine's draft slots (p-limit): jobs beyond the limit wait their turn; one cancelled while it
// waits never runs; one cancelled and retried at once (its old turn still in the line) runs exactly
// once. 'auto' (the default) runs as many drafts as the account's pace takes calls at once, read
// live: fewer after the service said "slow down" (429), more as calls pass. Real sandbox, real
// engine, the account's real pace, short timings.
import { describe, expect, it } from 'vitest';
import { AccountPace, callsInStride } from '../../../src/main/service-client';
import type { PublishEngine } from '../../../src/main/publish/engine';
import { clientOf, counts, expectPublished, requests, sandboxAccounts, useScenes } from './helpers';

/** The most jobs running (or waiting) at once while `engine` works, from its change events. */
function mostRunning(engine: PublishEngine): () => number {
  let most = 0;
  engine.onChange(() => {
    const running = engine.list().filter((job) => job.state === 'running' || job.state === 'waiting');
    most = Math.max(most, running.length);
  });
  return () => most;
}

const scenes = useScenes();

describe('draft slots', () => {
  it('a job cancelled while it waits for a slot never runs; one retried at once runs once', async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const drafts = await d.makeDrafts(4, 1);
    sb.configure({ latencyMs: 20 });
    const client = clientOf(sb);
    const engine = await scene.openEngine(
      sandboxAccounts(() => client),
      { limits: { drafts: 1 } },
    );
    const runs = new Map<string, number>();
    let maxRunning = 0;
    const last = new Map<string, string>();
    engine.onChange((jobs) => {
      for (const job of jobs) {
        if (job.state === 'running' && last.get(job.id) !== 'running')
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        last.set(job.id, job.state);
      }
      const running = engine.list().filter((job) => job.state === 'running' || job.state === 'waiting');
      maxRunning = Math.max(maxRunning, running.length);
    });
    const [a, b, c, left] = await engine.start(drafts.map((draft) => draft.id));
    expect(engine.get(c!.jobId!)!.state).toBe('queued');
    expect(await engine.cancel(left!.jobId!)).toBe(true);
    expect(await engine.cancel(c!.jobId!)).toBe(true);
    expect(engine.get(c!.jobId!)!.state).toBe('cancelled');
    // Retried while its old turn is still in the line.
    expect(await engine.retry(c!.jobId!)).toBe(true);
    await engine.settled();
    const states = Object.fromEntries(engine.list().map((job) => [job.id, job.state]));
    expect(states).toEqual({
      [a!.jobId!]: 'published',
      [b!.jobId!]: 'published',
      [c!.jobId!]: 'published',
      [left!.jobId!]: 'cancelled',
    });
    expect(runs.get(c!.jobId!)).toBe(1);
    expect(runs.get(left!.jobId!)).toBeUndefined();
    expect(maxRunning).toBe(1);
    sb.configure({ latencyMs: 0 });
    await expectPublished(sb, d, drafts.slice(0, 3));
    expect(counts(sb)).toMatchObject({ listings: 3, publications: 3 });
    expect(Object.values(requests(sb, 'POST /v1/listings')).reduce((x, y) => x + y, 0)).toBe(3);
  });

  it("'auto' runs as many drafts as the account's pace takes calls at once, and fewer after a 429", async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const drafts = await d.makeDrafts(6, 1);
    sb.configure({ latencyMs: 20 });
    // A pace that takes 3 calls at once at most: 3 drafts at once.
    const pace = new AccountPace({ startConcurrency: 3, maxConcurrency: 3 });
    const client = clientOf(sb, 5_000, { pace });
    const accounts = {
      ...sandboxAccounts(() => client),
      callsAtOnce: () => callsInStride(pace.view()),
    };
    const engine = await scene.openEngine(accounts, { limits: { drafts: 'auto' } });
    const most = mostRunning(engine);
    await engine.start(drafts.map((draft) => draft.id));
    await engine.settled();
    expect(most()).toBe(3);
    await expectPublished(sb, d, drafts);

    // The service says "slow down" (a 429 on a call of the account): the pace halves its calls at
    // once (3 -> 1.5), the call's repeat passes (-> 2.2): the next batch starts with two drafts, and
    // the third follows as the pace grows back with the calls that pass (never more drafts running
    // than the pace takes calls at that moment).
    sb.faults.add({ route: 'POST /v1/media', kind: 'status', status: 429, retryAfterSeconds: 1, times: 1 });
    await client.createMediaTicket('image/jpeg');
    expect(pace.view().concurrency).toBe(2);
    const more = await d.makeDrafts(3, 1);
    const seen: Array<{ running: number; calls: number }> = [];
    engine.onChange(() => {
      const running = engine.list().filter((job) => job.state === 'running' || job.state === 'waiting');
      seen.push({ running: running.length, calls: pace.view().concurrency });
    });
    await engine.start(more.map((draft) => draft.id));
    await engine.settled();
    expect(seen.filter(({ running, calls }) => running > calls)).toEqual([]);
    expect(Math.max(...seen.map(({ running }) => running))).toBeGreaterThanOrEqual(2);
    sb.configure({ latencyMs: 0 });
    await expectPublished(sb, d, [...drafts, ...more]);
  });
});
