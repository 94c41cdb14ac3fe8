// The soak (bench/soak, issue 38.3) briefly: the same code as the benchmark, two days of a shop's
// work in well under a minute (desk A's web shell and its window in Chromium, desk B's `worker`, the
// shop on a PostgreSQL of its own restarted once, the listing service failing 5 % of calls, desk B's
// worker killed with SIGKILL on the first day and desk A's main on the second). Checked: the work
// was done (feed runs, scheduled publishes), nothing is left in between (no job open a minute after
// its lease, no reference with two listings, every feed's last run finished, no photo copies of a
// published job), and every figure was measured; their sizes are the benchmark's to print, never
// asserted here. Needs the built web shell (out/, as the e2e suite builds it) and Debian's chromium.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSoak } from '../../bench/soak/soak';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('a compressed week of a shop (the soak, short)', () => {
  it('ends with no stuck job, no duplicate and every feed run finished, with each figure measured', async () => {
    expect(existsSync(path.join(root, 'out/main/web.js')), 'build the web shell first (npm run build)').toBe(
      true,
    );
    const steps: string[] = [];
    const result = await runSoak({
      minutes: 0.75,
      days: 2,
      settleMs: 100_000,
      step: (what) => steps.push(what),
    });
    const { end } = result;
    // A failure says what the week was: its steps and its end state.
    const told = JSON.stringify({ steps, end }, null, 1);
    // The week happened: kills, the restart, hourly feed runs and the scheduled drafts.
    expect(end.kills, told).toEqual({ deskA: 1, deskB: 1, databaseRestarts: 1 });
    expect(end.dueDone.feed ?? 0, told).toBeGreaterThan(1);
    expect(end.dueDone.schedule, told).toBe(2);
    expect(end.jobsByState.published ?? 0, told).toBeGreaterThanOrEqual(2);
    // Its end state.
    expect(end.stuckJobs).toBe(0);
    expect(end.duplicates).toBe(0);
    expect(end.feeds).toBe(1);
    expect(end.feedsUnfinished).toBe(0);
    for (const folder of result.folders) expect(folder.ok, `${folder.what}: ${folder.value}`).toBe(true);
    // Each process measured, across its kill: desk A's main, its renderer's heap, desk B's worker.
    expect(result.processes.map((p) => p.name)).toEqual([
      'desk A: main (web shell)',
      'desk A: renderer heap',
      'desk B: worker',
    ]);
    for (const p of result.processes) {
      expect(p.lives, p.name).toBeGreaterThanOrEqual(1);
      expect(p.growth, p.name).toBeTypeOf('number');
      if (!p.name.includes('heap')) expect(p.fdDrift, p.name).toBeTypeOf('number');
    }
  }, 300_000);
});
