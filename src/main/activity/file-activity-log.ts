// A lone desktop's activity log: JSON lines in <data>/activity, one file per month (2026-12.jsonl),
// appended to and flushed to disk before `record` resolves. A line is never rewritten; a month past
// two years goes as a whole file. A crash mid-line leaves a torn last line: the next append starts
// on a fresh line, and reading skips any line that does not parse (it is counted in the log).
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  ACTIVITY_KEPT_MONTHS,
  ACTIVITY_LIMIT,
  activityMatches,
  isActivityKind,
  type ActivityEntry,
  type ActivityInput,
} from '../../shared/domain/activity';
import type { ActivityLog } from '../ports/activity-log';
import { syncFolder } from '../storage/atomic-file';
import { createSerialQueue } from '../storage/serial-queue';

export interface FileActivityLogOptions {
  dataDir: string;
  /** This desktop as the rows name it (it is its own owner and only desk). */
  desk: { id: string; name: string };
  now?: () => Date;
  log?: { warn(message: string): void };
}

const MONTH_FILE = /^(\d{4})-(\d{2})\.jsonl$/;

const monthOf = (at: Date) => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

/** The month files older than two years before `now` (the month itself is kept whole). */
function expired(name: string, now: Date): boolean {
  const match = MONTH_FILE.exec(name);
  if (!match) return false;
  const months = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const fileMonths = Number(match[1]) * 12 + Number(match[2]) - 1;
  return months - fileMonths > ACTIVITY_KEPT_MONTHS;
}

export function openFileActivityLog(options: FileActivityLogOptions): ActivityLog {
  const folder = path.join(options.dataDir, 'activity');
  const now = options.now ?? (() => new Date());
  const writes = createSerialQueue();
  let prunedMonth = '';

  const prune = async (at: Date) => {
    if (prunedMonth === monthOf(at)) return;
    prunedMonth = monthOf(at);
    for (const name of await readdir(folder).catch(() => [] as string[]))
      if (expired(name, at)) await rm(path.join(folder, name), { force: true });
  };

  const append = async (entry: ActivityEntry, at: Date) => {
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${monthOf(at)}.jsonl`);
    const handle = await open(file, 'a+');
    try {
      const { size } = await handle.stat();
      let torn = false;
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        torn = last[0] !== 0x0a;
      }
      await handle.write(`${torn ? '\n' : ''}${JSON.stringify(entry)}\n`);
      await handle.sync();
      if (size === 0) await syncFolder(folder);
    } finally {
      await handle.close();
    }
  };

  return {
    record(input: ActivityInput) {
      return writes.run(async () => {
        const at = now();
        const desk = options.desk;
        const entry: ActivityEntry = {
          id: randomUUID(),
          kind: input.kind,
          desk,
          asking: input.asking
            ? { id: input.asking, name: input.asking === desk.id ? desk.name : input.asking }
            : null,
          approving: input.approving ? { id: input.approving, name: input.approving } : null,
          running: desk,
          account: input.account ?? null,
          ad: input.ad ?? null,
          draft: input.draft ?? null,
          job: input.job ?? null,
          changed: input.changed ?? {},
          madeAt: input.madeAt && input.madeAt < at.toISOString() ? input.madeAt : at.toISOString(),
          recordedAt: at.toISOString(),
        };
        await append(entry, at);
        await prune(at);
      });
    },
    async list(filter) {
      await writes.run(() => prune(now()));
      const names = (await readdir(folder).catch(() => [] as string[]))
        .filter((name) => MONTH_FILE.test(name))
        .sort()
        .reverse();
      const limit = filter.limit ?? ACTIVITY_LIMIT;
      const found: ActivityEntry[] = [];
      let torn = 0;
      for (const name of names) {
        if (filter.since && `${name.slice(0, 7)}-31T99` < filter.since) break;
        const text = await readFile(path.join(folder, name), 'utf8');
        const lines = text.split('\n').filter((line) => line !== '');
        for (let i = lines.length - 1; i >= 0 && found.length < limit; i -= 1) {
          let entry: ActivityEntry;
          try {
            entry = JSON.parse(lines[i]!) as ActivityEntry;
          } catch {
            torn += 1;
            continue;
          }
          if (isActivityKind(entry.kind) && activityMatches(entry, filter)) found.push(entry);
        }
        if (found.length >= limit) break;
      }
      if (torn > 0) options.log?.warn(`Activity: ${torn} line(s) of the activity log could not be read`);
      return found.sort((a, b) => (a.recordedAt < b.recordedAt ? 1 : a.recordedAt > b.recordedAt ? -1 : 0));
    },
  };
}
