// What the soak measures of a process and of a data folder: resident memory (VmRSS of
// /proc/<pid>/status), open descriptors (/proc/<pid>/fd), a heap read some other way (the renderer's,
// over CDP), and the size of the log and history folders against their rotation's bound.
// A process killed and started again is a new incarnation: each is measured from its own warm-up.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LOG_ROTATION } from '../../src/main/log/create-log';
import { FEED_HISTORY } from '../../src/main/feeds/run-store';

const MB = 1024 * 1024;

/** The resident memory of `pid` in bytes, or undefined when it is gone. */
export function rssOf(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** How many descriptors `pid` has open, or undefined when it is gone. */
export function fdsOf(pid: number): number | undefined {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined;
  }
}

interface Sample {
  at: number;
  bytes: number;
  fds?: number;
}

/** One life of a process (or of a page's heap) between its start and its kill or the end. */
class Incarnation {
  readonly samples: Sample[] = [];
  constructor(readonly startedAt: number) {}
}

/** The figures of one watched thing: growth after warm-up (worst life) and descriptors' drift. */
export interface Watched {
  name: string;
  /** The largest growth of a life from its first sample after warm-up to its last (bytes); undefined: none measured. */
  growth: number | undefined;
  /** The largest |descriptors − those at warm-up| of a life; undefined when not measured (a heap). */
  fdDrift: number | undefined;
  /** Lives measured (a kill starts a new one). */
  lives: number;
  samples: number;
}

/** Samples of one process (or heap) across its lives; `warmupMs` is waited after each start. */
export class Watch {
  private readonly lives: Incarnation[] = [];
  constructor(
    readonly name: string,
    private readonly warmupMs: number,
  ) {}

  /** A new life begins (a start, or a start after a kill). */
  started(at = Date.now()): void {
    this.lives.push(new Incarnation(at));
  }

  /** Adds a sample to the current life (ignored before the first start). */
  add(bytes: number | undefined, fds?: number, at = Date.now()): void {
    const life = this.lives.at(-1);
    if (!life || bytes === undefined) return;
    life.samples.push({ at, bytes, ...(fds !== undefined && { fds }) });
  }

  /** Samples a process by its pid (/proc). */
  sample(pid: number | undefined): void {
    if (pid === undefined) return;
    this.add(rssOf(pid), fdsOf(pid));
  }

  figures(): Watched {
    let growth: number | undefined;
    let fdDrift: number | undefined;
    let measured = 0;
    for (const life of this.lives) {
      const after = life.samples.filter((s) => s.at - life.startedAt >= this.warmupMs);
      if (after.length < 2) continue;
      measured += 1;
      const base = after[0]!;
      growth = Math.max(growth ?? -Infinity, after.at(-1)!.bytes - base.bytes);
      if (base.fds !== undefined)
        for (const s of after)
          if (s.fds !== undefined) fdDrift = Math.max(fdDrift ?? 0, Math.abs(s.fds - base.fds));
    }
    return {
      name: this.name,
      growth,
      fdDrift,
      lives: measured,
      samples: this.lives.reduce((sum, life) => sum + life.samples.length, 0),
    };
  }
}

/** Every file under `dir` (none when it does not exist): its count and bytes. */
export function folderSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true }) as string[];
  } catch {
    return { files, bytes };
  }
  for (const name of names) {
    try {
      const stat = statSync(path.join(dir, name));
      if (!stat.isFile()) continue;
      files += 1;
      bytes += stat.size;
    } catch {
      // Rotated or removed while counted.
    }
  }
  return { files, bytes };
}

/** A folder's figure beside its bound: what it holds and the most its rotation lets it hold. */
export interface FolderFigure {
  what: string;
  value: string;
  bound: string;
  ok: boolean;
}

// A line written as the file passes its size: the rotation checks before it writes, so a file may
// pass maxBytes by at most one line (the longest a log line is here, with its error's stack).
const LONGEST_LINE = 64 * 1024;

/** The log folder of a data folder against (kept + 1) files × their size. */
export function logFolder(dataDir: string, who: string): FolderFigure {
  const { files, bytes } = folderSize(path.join(dataDir, 'logs'));
  const boundBytes = (LOG_ROTATION.keep + 1) * (LOG_ROTATION.maxBytes + LONGEST_LINE);
  return {
    what: `${who}: log folder`,
    value: `${(bytes / MB).toFixed(2)} MB in ${files} files`,
    bound: `≤ ${(boundBytes / MB).toFixed(1)} MB in ≤ ${LOG_ROTATION.keep + 1} files`,
    ok: bytes <= boundBytes && files <= LOG_ROTATION.keep + 1,
  };
}

/** The feeds' run histories of a data folder against FEED_HISTORY runs per feed. */
export function feedRunsFolder(dataDir: string, who: string, feeds: number): FolderFigure {
  const { files } = folderSize(path.join(dataDir, 'feeds', 'runs'));
  const bound = FEED_HISTORY * Math.max(1, feeds);
  return {
    what: `${who}: feed run histories`,
    value: `${files} runs`,
    bound: `≤ ${bound} (${FEED_HISTORY} a feed)`,
    ok: files <= bound,
  };
}

/**
 * The publish jobs' folder: a record per job is kept (no rotation); a job's photo copies go once it
 * is published (engine-parts/tracked.ts). Bound: no photo folder of a published job.
 */
export function jobsFolder(dataDir: string, who: string): FolderFigure {
  const dir = path.join(dataDir, 'jobs');
  let records = 0;
  let folders = 0;
  let leftOver = 0;
  try {
    const entries = readdirSync(dir, { withFileTypes: true });
    const withPhotos = new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
    folders = withPhotos.size;
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
      records += 1;
      try {
        const record = JSON.parse(readFileSync(path.join(dir, entry.name), 'utf8')) as { state?: string };
        if (record.state === 'published' && withPhotos.has(entry.name.slice(0, -5))) leftOver += 1;
      } catch {
        // Being replaced while read.
      }
    }
  } catch {
    // No job yet.
  }
  const { bytes } = folderSize(dir);
  return {
    what: `${who}: job records (kept, not rotated) and photo copies`,
    value: `${records} records, ${folders} photo folders (${leftOver} of published jobs), ${(bytes / MB).toFixed(2)} MB`,
    bound: 'no photo folder of a published job',
    ok: leftOver === 0,
  };
}

export const inMb = (bytes: number | undefined) =>
  bytes === undefined ? '–' : `${(bytes / MB).toFixed(1)} MB`;
