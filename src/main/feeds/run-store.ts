// A feed's runs on disk, under <dataDir>/feeds/runs/<runId>.json: each run's report, replaced
// atomically after every ad, so a crash or kill leaves it where it stood (and it resumes from there).
// The newest runs of each feed are kept as its history.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { FeedRun } from '../../shared/domain/feeds';
import { writeFileAtomic } from '../storage/atomic-file';
import { loadJsonFolder } from './json-folder';
import { marked } from './feed-store';
import type { FeedWillWrite } from '../ports/feed-team';

/** Runs kept per feed. */
export const FEED_HISTORY = 50;

// The report is the app's own writing; checked for its frame, its entries taken as written.
const runSchema = z.looseObject({
  id: z.string(),
  feedId: z.string(),
  feedName: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  state: z.enum(['running', 'done', 'held', 'failed']),
  trigger: z.enum(['seller', 'schedule']),
  counts: z.record(z.string(), z.number()),
  failed: z.number(),
  held: z.array(z.looseObject({ reason: z.string() })),
  entries: z.array(
    z.looseObject({ action: z.string(), outcome: z.enum(['pending', 'done', 'failed', 'held']) }),
  ),
});

const RUN_FILE = /^([A-Za-z0-9-]{1,100})\.json$/;

export interface RunStore {
  /** Every run, oldest first. */
  list(feedId?: string): FeedRun[];
  get(runId: string): FeedRun | undefined;
  /**
   * Writes the run as it is now. Writes of one run never overlap: one asked for while another runs
   * is folded into the next, which writes the newest state (so the caller may go on meanwhile).
   * The store keeps `run` itself (no copy), serialised as each write begins: the caller's later
   * changes to it go with the next save.
   */
  save(run: FeedRun): Promise<void>;
  /** Forgets a feed's runs. */
  removeFeed(feedId: string): Promise<void>;
  /** Another desk's version of a run (undefined: dropped) put in, unmarked (issue 37.3). */
  receive(runId: string, make: (current: FeedRun | undefined) => FeedRun | undefined): Promise<void>;
}

/** Opens the runs folder, loading every run. */
export async function openRunStore(
  dataDir: string,
  onProblem: (movedAside: string) => void,
  willWrite?: FeedWillWrite,
): Promise<RunStore> {
  const dir = path.join(dataDir, 'feeds', 'runs');
  const runs = await loadJsonFolder(
    dir,
    RUN_FILE,
    (value) => runSchema.parse(value) as unknown as FeedRun,
    onProblem,
  );
  const file = (id: string) => path.join(dir, `${id}.json`);
  const ordered = () => [...runs.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  // Per run: the write under way, and whether a newer state waits for the next one.
  const writers = new Map<string, { running: Promise<void>; again: boolean }>();
  const write = (id: string): Promise<void> => {
    const writer = writers.get(id);
    if (writer) {
      writer.again = true;
      return writer.running;
    }
    const next = { running: Promise.resolve(), again: false };
    next.running = (async () => {
      try {
        do {
          next.again = false;
          const run = runs.get(id);
          if (run)
            await marked(willWrite, 'feed-run', id, () => writeFileAtomic(file(id), JSON.stringify(run)));
        } while (next.again);
      } finally {
        writers.delete(id);
      }
    })();
    writers.set(id, next);
    return next.running;
  };
  return {
    list: (feedId) => ordered().filter((run) => feedId === undefined || run.feedId === feedId),
    get: (id) => runs.get(id),
    async save(run) {
      runs.set(run.id, run);
      await write(run.id);
      // Old reports go once a newer one is written; a running one is never dropped.
      const mine = ordered().filter((r) => r.feedId === run.feedId && r.state !== 'running');
      for (const old of mine.slice(0, Math.max(0, mine.length - FEED_HISTORY))) {
        runs.delete(old.id);
        await marked(willWrite, 'feed-run', old.id, () => rm(file(old.id), { force: true }));
      }
    },
    async removeFeed(feedId) {
      for (const run of ordered().filter((r) => r.feedId === feedId)) {
        runs.delete(run.id);
        await marked(willWrite, 'feed-run', run.id, () => rm(file(run.id), { force: true }));
      }
    },
    async receive(runId, make) {
      // After a write of this desk under way, so the two never cross.
      await writers.get(runId)?.running;
      const next = make(runs.get(runId));
      if (next === undefined) {
        runs.delete(runId);
        await rm(file(runId), { force: true });
        return;
      }
      const run = runSchema.parse({ ...next, id: runId }) as unknown as FeedRun;
      runs.set(runId, run);
      await writeFileAtomic(file(runId), JSON.stringify(run));
    },
  };
}
