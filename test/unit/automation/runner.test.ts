// The runner of what is due (issue 25.6) with a fake clock: it runs a task once when its time comes
// and not before, sleeps until the earliest time a source names (one wait, no polling), wakes when
// told something changed, never runs a key done again (also after a restart: the lone desk's file),
// gives back a task stopped mid-way so that it runs again, and looks again at a task another desk
// holds once that desk's lease could have run out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRunner, WAKE_GATHER_MS, type Runner } from '../../../src/main/automation/runner';
import type { DueSource, DueTask } from '../../../src/main/automation/due';
import { openLoneTaskClaims } from '../../../src/main/automation/task-claims';
import type { TaskClaims } from '../../../src/main/ports/task-claims';
import { fakeClock, type FakeClock } from '../helpers/fake-clock';
import { spyLogger, tempDir } from '../helpers/temp-app';

const T0 = Date.parse('2026-11-27T08:00:00.000Z');
const folders: { remove(): void }[] = [];
const runners: Runner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  for (const folder of folders.splice(0)) folder.remove();
});

/** A source of tasks at fixed times; `runs` counts each key's runs. */
function timedSource(
  times: Record<string, number>,
  work?: (key: string, signal: AbortSignal) => Promise<void>,
) {
  const runs = new Map<string, number>();
  const source: DueSource = {
    async due(now) {
      return Object.entries(times)
        .filter(([, at]) => at <= now)
        .map(([key, at]): DueTask => ({
          key,
          kind: 'schedule',
          dueAt: at,
          label: key,
          async run(signal) {
            runs.set(key, (runs.get(key) ?? 0) + 1);
            await work?.(key, signal);
          },
        }));
    },
    async next(now) {
      const later = Object.values(times).filter((at) => at > now);
      return later.length > 0 ? Math.min(...later) : undefined;
    },
  };
  return { source, runs, times };
}

async function lone(clock: FakeClock, dir?: string) {
  const folder = dir ? undefined : tempDir('listing-desk-runner-');
  if (folder) folders.push(folder);
  const onUnreadable = vi.fn();
  const claims = await openLoneTaskClaims(dir ?? folder!.dir, { now: clock.now, onUnreadable });
  return { claims, dir: dir ?? folder!.dir, onUnreadable };
}

function runner(clock: FakeClock, claims: TaskClaims, log = spyLogger()) {
  const made = createRunner({ claims: () => claims, clock, log, retryMs: 30_000 });
  runners.push(made);
  return made;
}

describe('the runner', () => {
  it('runs a task when its time comes, not before, sleeping until then with one wait', async () => {
    const clock = fakeClock(T0);
    const { claims } = await lone(clock);
    const { source, runs } = timedSource({ 'schedule:a:1': T0 + 60_000, 'schedule:b:2': T0 + 120_000 });
    const r = runner(clock, claims);
    r.register(source);
    r.start();
    // Asleep until the first time named, and nothing run.
    await vi.waitFor(() => expect(clock.pending()).toEqual([T0 + 60_000]));
    expect(runs.size).toBe(0);
    clock.advance(59_999);
    expect(clock.pending()).toEqual([T0 + 60_000]);
    expect(runs.size).toBe(0);
    clock.advance(1);
    await vi.waitFor(() => expect(runs.get('schedule:a:1')).toBe(1));
    await vi.waitFor(() => expect(clock.pending()).toEqual([T0 + 120_000]));
    expect(runs.has('schedule:b:2')).toBe(false);
    clock.advance(60_000);
    await vi.waitFor(() => expect(runs.get('schedule:b:2')).toBe(1));
    // Nothing more is known: it waits for a wake alone, and ran each key once.
    await vi.waitFor(() => expect(clock.pending()).toHaveLength(1));
    expect(clock.pending()[0]! - clock.now()).toBeGreaterThan(24 * 3_600_000);
    expect([...runs.values()]).toEqual([1, 1]);
  });

  it('wakes when told something changed, without the time moving', async () => {
    const clock = fakeClock(T0);
    const { claims } = await lone(clock);
    const timed = timedSource({});
    const r = runner(clock, claims);
    r.register(timed.source);
    r.start();
    await vi.waitFor(() => expect(clock.pending()).toHaveLength(1));
    timed.times['schedule:now:1'] = T0;
    r.wake();
    await vi.waitFor(() => expect(timed.runs.get('schedule:now:1')).toBe(1));
  });

  it('looks once for wakes that come one after another, and once more after them (a feed run per ad)', async () => {
    const clock = fakeClock(T0);
    const { claims } = await lone(clock);
    const timed = timedSource({});
    let looks = 0;
    const counted: DueSource = {
      ...timed.source,
      async due(now) {
        looks += 1;
        return timed.source.due(now);
      },
    };
    const r = runner(clock, claims);
    r.register(counted);
    r.start();
    await vi.waitFor(() => expect(clock.pending()).toHaveLength(1));
    const before = looks;
    // Each wake after the loop has looked and gone back to sleep (without gathering: a look each).
    const settle = async () => {
      for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    for (let i = 0; i < 5; i += 1) {
      r.wake();
      await settle();
    }
    // The first is looked at at once; the four after it share one look at the gathering's end.
    await vi.waitFor(() => expect(looks - before).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 3 * WAKE_GATHER_MS));
    expect(looks - before).toBe(2);
  });

  it('never runs a key done again, also after a restart (the lone desk writes it down)', async () => {
    const clock = fakeClock(T0 + 60_000);
    const first = await lone(clock);
    const timed = timedSource({ 'schedule:a:1': T0 });
    const before = runner(clock, first.claims);
    before.register(timed.source);
    expect((await before.runDue()).map((o) => o.state)).toEqual(['done']);
    expect((await before.runDue()).map((o) => o.state)).toEqual([]);
    await before.stop();

    const again = await lone(clock, first.dir);
    const after = runner(clock, again.claims);
    after.register(timed.source);
    const outcomes = await after.runDue();
    expect(outcomes.every((outcome) => outcome.state === 'done')).toBe(true);
    expect(timed.runs.get('schedule:a:1')).toBe(1);
    expect(again.onUnreadable).not.toHaveBeenCalled();
  });

  it('gives back a task stopped mid-way: it runs again at the next start', async () => {
    const clock = fakeClock(T0 + 60_000);
    const first = await lone(clock);
    let started = (): void => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const timed = timedSource({ 'feed:shop:1': T0 }, async (_key, signal) => {
      started();
      // A long run that ends only when stopped.
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    });
    const before = runner(clock, first.claims);
    before.register(timed.source);
    before.start();
    await running;
    await before.stop();

    const again = await lone(clock, first.dir);
    const after = runner(clock, again.claims);
    const rerun = timedSource({ 'feed:shop:1': T0 });
    after.register(rerun.source);
    expect((await after.runDue()).map((o) => o.state)).toEqual(['done']);
    expect(rerun.runs.get('feed:shop:1')).toBe(1);
  });

  it('logs a task that throws, says it failed, and does not repeat it', async () => {
    const clock = fakeClock(T0 + 60_000);
    const { claims } = await lone(clock);
    const log = spyLogger();
    const timed = timedSource({ 'price:rule:1': T0 }, async () => {
      throw new Error('the service said no');
    });
    const r = runner(clock, claims, log);
    r.register(timed.source);
    const [outcome] = await r.runDue();
    expect(outcome).toMatchObject({ state: 'failed', error: 'the service said no' });
    expect(log.error).toHaveBeenCalledWith(
      'Automation: price:rule:1 (price:rule:1) failed',
      expect.any(Error),
    );
    expect(await r.runDue()).toEqual([]);
    expect(timed.runs.get('price:rule:1')).toBe(1);
  });

  it('looks again at a task held elsewhere once its holder could have let go, not before', async () => {
    const clock = fakeClock(T0);
    const timed = timedSource({ 'schedule:x:1': T0 });
    let holder = true;
    const claims: TaskClaims = {
      async claim() {
        if (holder) return { refused: 'held', retryInMs: 45_000 };
        return {
          signal: new AbortController().signal,
          done: async () => undefined,
          giveBack: async () => undefined,
        };
      },
    };
    const r = runner(clock, claims);
    r.register(timed.source);
    r.start();
    await vi.waitFor(() => expect(clock.pending()).toEqual([T0 + 45_000]));
    expect(timed.runs.size).toBe(0);
    holder = false;
    clock.advance(45_000);
    await vi.waitFor(() => expect(timed.runs.get('schedule:x:1')).toBe(1));
  });

  it('keeps a holder’s lease in real time on a fast clock: looked at again after the lease × the rate', async () => {
    // bench/soak runs the clock 336 × as fast; a lease of 45 real seconds spans 45 s × 336 of it.
    const clock = Object.assign(fakeClock(T0), { rate: 336 });
    const timed = timedSource({ 'schedule:x:1': T0 });
    const claims: TaskClaims = { claim: async () => ({ refused: 'held', retryInMs: 45_000 }) };
    const r = runner(clock, claims);
    r.register(timed.source);
    r.start();
    await vi.waitFor(() => expect(clock.pending()).toEqual([T0 + 45_000 * 336]));
  });

  it('keeps running the other sources when one cannot say what is due, and asks it again later', async () => {
    const clock = fakeClock(T0);
    const { claims } = await lone(clock);
    const log = spyLogger();
    const broken: DueSource = { due: () => Promise.reject(new Error('feeds file unreadable')) };
    const timed = timedSource({ 'schedule:a:1': T0 });
    const r = runner(clock, claims, log);
    r.register(broken);
    r.register(timed.source);
    r.start();
    await vi.waitFor(() => expect(timed.runs.get('schedule:a:1')).toBe(1));
    expect(log.error).toHaveBeenCalledWith(
      'Automation: a source could not say what is due; asked again later',
      expect.any(Error),
    );
    await vi.waitFor(() => expect(clock.pending()).toEqual([T0 + 30_000]));
  });
});
