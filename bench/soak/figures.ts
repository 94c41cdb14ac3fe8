// The soak's figures beside their targets (issue 38.3), for bench/soak/run.ts to print.
import { inMb } from './measure';
import type { SoakResult } from './soak';

const MB = 1024 * 1024;

/** One printed figure: what, its value, its target, whether it meets it. */
export interface Line {
  what: string;
  value: string;
  target: string;
  ok: boolean;
}

/** Every figure of the run beside its target. */
export function figureLines(result: SoakResult): Line[] {
  const lines: Line[] = [];
  for (const p of result.processes) {
    lines.push({
      what: `${p.name}: memory growth after warm-up (worst of ${p.lives} lives)`,
      value: inMb(p.growth),
      target: '≤ 30 MB',
      ok: p.growth !== undefined && p.growth <= 30 * MB,
    });
    if (!p.name.includes('heap'))
      lines.push({
        what: `${p.name}: open descriptors against the start`,
        value: p.fdDrift === undefined ? '–' : `± ${p.fdDrift}`,
        target: '± 10',
        ok: p.fdDrift !== undefined && p.fdDrift <= 10,
      });
  }
  for (const f of result.folders) lines.push({ what: f.what, value: f.value, target: f.bound, ok: f.ok });
  const { end } = result;
  lines.push(
    {
      what: 'jobs not final a minute after their lease ended',
      value: String(end.stuckJobs),
      target: '0',
      ok: end.stuckJobs === 0,
    },
    {
      what: 'references with more than one listing at the service',
      value: `${end.duplicates} (of ${end.listings} listings)`,
      target: '0',
      ok: end.duplicates === 0,
    },
    {
      what: 'feed runs of the week not finished',
      value: `${end.feedsUnfinished} of ${end.feedRuns} (${end.feeds} feed)`,
      target: '0',
      ok: end.feedsUnfinished === 0,
    },
  );
  return lines;
}
