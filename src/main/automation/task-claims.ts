// The right to run a due task on a lone desk (the port: ports/task-claims.ts). It is granted at
// once, and each key done is written to a file in the data folder, so that a key done is never run
// again after a restart; a desk in a shop claims it in the shop's database (shop/claims/due-claims.ts).
import path from 'node:path';
import { z } from 'zod';
import type { ActivityLog } from '../ports/activity-log';
import type { TaskClaims } from '../ports/task-claims';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import { createSerialQueue } from '../storage/serial-queue';

const fileSchema = z.object({ version: z.literal(1), done: z.record(z.string(), z.iso.datetime()) });

// Keys name their own time; a key done this long ago can no longer be offered again.
const KEEP_DONE_MS = 400 * 24 * 3_600_000;

/** The lone desk's claims; `onUnreadable` is told of a done-keys file that did not parse (moved aside). */
export async function openLoneTaskClaims(
  dataDir: string,
  options: {
    now: () => number;
    onUnreadable(movedAside: string): void;
    /** Where what a task did is logged (issue 37.5: the lone desktop's activity file). */
    activity?: Pick<ActivityLog, 'record'>;
  },
): Promise<TaskClaims> {
  const file = path.join(dataDir, 'automation', 'done-tasks.json');
  const read = await readJsonFile(file, (value) => fileSchema.parse(value));
  if (read.state === 'unreadable') options.onUnreadable(read.movedAside);
  const done = new Map(Object.entries(read.state === 'ok' ? read.value.done : {}));
  const held = new Set<string>();
  const writes = createSerialQueue();
  const never = new AbortController().signal;
  const save = () =>
    writes.run(async () => {
      const oldest = options.now() - KEEP_DONE_MS;
      for (const [key, at] of done) if (Date.parse(at) < oldest) done.delete(key);
      await writeFileAtomic(file, JSON.stringify({ version: 1, done: Object.fromEntries(done) }));
    });
  return {
    async claim(key) {
      if (done.has(key)) return { refused: 'done' };
      // Only this process runs here (the data folder's lock): the runner looks again when it ends.
      if (held.has(key)) return { refused: 'held', retryInMs: 60_000 };
      held.add(key);
      return {
        signal: never,
        async done(activity = []) {
          done.set(key, new Date(options.now()).toISOString());
          try {
            await save();
            for (const input of activity) await options.activity?.record(input);
          } finally {
            held.delete(key);
          }
        },
        async giveBack() {
          held.delete(key);
        },
      };
    },
  };
}
