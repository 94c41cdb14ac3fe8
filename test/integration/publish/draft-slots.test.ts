// The engine's draft slots (p-limit): jobs beyond the limit wait their turn; one cancelled while it
// waits never runs; one cancelled and retried at once (its old turn still in the line) runs exactly
// once. Real sandbox, real engine, short timings.
import { describe, expect, it } from 'vitest';
import { clientOf, counts, expectPublished, requests, sandboxAccounts, useScenes } from './helpers';

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
});
