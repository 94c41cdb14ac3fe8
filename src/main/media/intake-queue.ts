// Many photos at once (a dropped folder of fifty): a few intakes run side by side, each on sharp's
// worker threads, with progress after each photo and a way to stop. Nothing here waits on the event
// loop's thread, so the window keeps answering while the photos are processed.
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { loadSharp } from './load-sharp';
import { intakeFailure, intakePhoto } from './intake';
import type { IntakeOptions, IntakeResult, IntakeSource } from './intake';
import { sourceName } from './read-source';

export interface IntakeQueueOptions extends IntakeOptions {
  /** Photos processed at the same time; see defaultIntakeConcurrency. */
  concurrency?: number;
  /** Called after each photo that was processed; `done` counts up to `total`. Must not throw. */
  onProgress?: (done: number, total: number, last: IntakeResult) => void;
}

// Each sharp call holds one of libuv's threads until it finishes, and the rest of the main process
// (saving drafts, reading settings) needs that same pool for its file system calls.
function threadPoolSize(): number {
  return Number(process.env.UV_THREADPOOL_SIZE) || 4;
}

/** Photos processed at once by default: the number of CPUs, at least 2, leaving one libuv thread free. */
export function defaultIntakeConcurrency(): number {
  return Math.max(1, Math.min(Math.max(2, availableParallelism()), threadPoolSize() - 1));
}

let configured = false;

/** Sets sharp's process-wide knobs for intake once: threads per image and no operation cache. */
async function configureSharp(): Promise<void> {
  if (configured) return;
  configured = true;
  const sharp = await loadSharp();
  // Parallelism comes from several photos at once; more libvips threads per photo than the CPUs
  // left for it would only contend (sharp's own default on glibc is already 1, against
  // memory fragmentation, and is kept).
  const perImage = Math.max(1, Math.floor(availableParallelism() / defaultIntakeConcurrency()));
  sharp.concurrency(Math.min(sharp.concurrency(), perImage));
  // Every photo is decoded once; libvips' cache of recent operations would only hold memory.
  sharp.cache(false);
}

/**
 * Takes in `sources` a few at a time. Results come in the sources' order. After `signal` aborts,
 * photos not yet started are reported as 'cancelled'; those already stored are kept.
 */
export async function intakeMany(
  sources: readonly IntakeSource[],
  options: IntakeQueueOptions,
): Promise<IntakeResult[]> {
  await configureSharp();
  const { concurrency = defaultIntakeConcurrency(), onProgress, signal: outer, ...intake } = options;
  // Stops the other photos when one fails unexpectedly (a bug, or a throwing onProgress).
  const stop = new AbortController();
  const signal = outer ? AbortSignal.any([outer, stop.signal]) : stop.signal;
  const total = sources.length;
  const results = new Array<IntakeResult>(total);
  let done = 0;
  let failure: { error: unknown } | undefined;

  const takeOne = async (source: IntakeSource, index: number): Promise<void> => {
    if (signal.aborted) {
      results[index] = intakeFailure(sourceName(source), 'cancelled');
      return;
    }
    try {
      const result = await intakePhoto(source, { ...intake, signal });
      results[index] = result;
      done += 1;
      onProgress?.(done, total, result);
    } catch (error) {
      results[index] ??= intakeFailure(sourceName(source), 'cancelled');
      failure ??= { error };
      stop.abort();
    }
  };

  const limit = pLimit(Math.max(1, Math.floor(concurrency)));
  await Promise.all(sources.map((source, index) => limit(takeOne, source, index)));
  if (failure) throw failure.error;
  return results;
}
