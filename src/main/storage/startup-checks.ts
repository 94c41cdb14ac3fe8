// What the app checks on its data folder at each start, beside the seller's work: the problems
// list (files moved aside because they did not parse), then, in the background, every draft file
// read once and stale temporary files removed from the photo folders.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppProblem } from '../../shared/ipc/types';
import { checkDraftFiles } from './drafts-check';
import { draftPaths } from './draft-files';
import type { DraftsStore } from './drafts-store';
import { openProblems, type ProblemsBook } from './problems';
import { sweepPhotoFolders } from './temp-sweep';

// Long enough for the window to open and show the first list with 10,000 drafts (bench/drafts).
const BACKGROUND_DELAY_MS = 2500;

export interface StorageChecks {
  problems: ProblemsBook;
  /** Resolves when the background pass is over (tests wait for it). */
  readonly background: Promise<void>;
  /** Stops the background pass and waits for it. */
  stop(): Promise<void>;
}

/** Opens the problems list and starts the background pass. */
export async function startStorageChecks(options: {
  dataDir: string;
  startedAt: number;
  log: { info(message: string): void; error(message: string, error?: unknown): void };
  draftsStore: DraftsStore;
  /** Files moved aside while the stores opened. */
  known: string[];
  onChange(problems: AppProblem[]): void;
  /** Wait before the background pass, so that the first list is not slowed by it. */
  delayMs?: number;
}): Promise<StorageChecks> {
  const { dataDir, log } = options;
  const problems = await openProblems(dataDir, { log, known: options.known });
  problems.onChange(options.onChange);
  const open = problems.list().length;
  if (open > 0) log.info(`${open} unreadable file(s) moved aside are shown to the seller until dismissed`);

  const abort = new AbortController();
  const background = (async () => {
    // Cut short by stop(); the timer does not keep the process alive.
    await sleep(options.delayMs ?? BACKGROUND_DELAY_MS, undefined, {
      signal: abort.signal,
      ref: false,
    }).catch(() => undefined);
    if (abort.signal.aborted) return;
    const bad = await checkDraftFiles(options.draftsStore, draftPaths(dataDir), abort.signal);
    if (bad.length > 0) log.error(`${bad.length} draft file(s) did not parse; moved aside`);
    if (abort.signal.aborted) return;
    const swept = await sweepPhotoFolders(dataDir, options.startedAt);
    if (swept > 0) log.info(`Removed ${swept} stale temporary photo file(s)`);
  })().catch((error: unknown) => log.error('Checking the data folder failed', error));

  return {
    problems,
    background,
    async stop() {
      abort.abort();
      await background;
    },
  };
}
