// The runner of what is due (DESIGN.md "Automation"): asks every DueSource what is due, claims each
// task by its key (a lone desk at once, a shop in its database), runs it, and then sleeps until the
// earliest time a source names, or until a source says something changed. No polling: a pass runs
// only when woken, when a time named comes, or when a task held elsewhere may be free again.
import pLimit from 'p-limit';
import type { DueSource, DueTask } from './due';
import type { Clock } from './clock';
import { isRefusal, type TaskClaims } from './task-claims';

/** What became of one task of a pass. */
export interface TaskOutcome {
  key: string;
  kind: DueTask['kind'];
  label: string;
  dueAt: number;
  /** done: ran to its end; failed: threw (logged); stopped: given back unfinished; elsewhere: held by another desk. */
  state: 'done' | 'failed' | 'stopped' | 'elsewhere';
  error?: string;
}

export interface RunnerOptions {
  /** The claims now (lone, or the shop's while the desk is in one). */
  claims(): TaskClaims;
  clock: Clock;
  log: {
    info(message: string): void;
    warn(message: string): void;
    error(message: string, error?: unknown): void;
  };
  /** Tasks run at once (default 2: a long feed run must not hold a schedule back). */
  parallel?: number;
  /** After a source's failure to say what is due, it is asked again after this (default 60 s). */
  retryMs?: number;
}

export interface Runner {
  /** Adds a kind of automation (one line per kind); returns its removal. */
  register(source: DueSource): () => void;
  /** Something changed (a draft scheduled, a feed added): the running loop looks again now. */
  wake(): void;
  /** Runs every task due now (and waits for those already running); resolves with their outcomes. */
  runDue(): Promise<TaskOutcome[]>;
  /** The earliest time a source names after now (epoch ms), if any. */
  next(): Promise<number | undefined>;
  /** Keeps running what falls due until `stop`. */
  start(): void;
  /** Told of each task's outcome; returns the unsubscribe. */
  onOutcome(listener: (outcome: TaskOutcome) => void): () => void;
  /** Stops: running tasks are aborted and given back (run again later); resolves once they ended. */
  stop(): Promise<void>;
}

/** A runner with no sources yet. */
export function createRunner(options: RunnerOptions): Runner {
  const { clock, log } = options;
  const retryMs = options.retryMs ?? 60_000;
  const sources = new Set<DueSource>();
  const running = new Map<string, Promise<TaskOutcome>>();
  // Keys the claims said are done: not asked again in this process.
  const doneKeys = new Set<string>();
  const listeners = new Set<(outcome: TaskOutcome) => void>();
  const limit = pLimit(options.parallel ?? 2);
  const stopping = new AbortController();
  let wakeup = new AbortController();
  let loop: Promise<void> | undefined;
  // The earliest time a task held elsewhere, or a source that failed, is to be looked at again.
  let lookAgainAt = Infinity;

  const tell = (outcome: TaskOutcome) => {
    for (const listener of listeners) listener(outcome);
    return outcome;
  };

  const runOne = async (task: DueTask): Promise<TaskOutcome> => {
    const base = { key: task.key, kind: task.kind, label: task.label, dueAt: task.dueAt };
    if (stopping.signal.aborted) return { ...base, state: 'stopped' };
    const claim = await options.claims().claim(task.key);
    if (isRefusal(claim)) {
      if (claim.refused === 'done') {
        doneKeys.add(task.key);
        return { ...base, state: 'done' };
      }
      lookAgainAt = Math.min(lookAgainAt, clock.now() + claim.retryInMs);
      return { ...base, state: 'elsewhere' };
    }
    const signal = AbortSignal.any([stopping.signal, claim.signal]);
    log.info(`Automation: ${task.kind} ${task.key} (${task.label}) starts`);
    let error: unknown;
    try {
      await task.run(signal);
    } catch (thrown) {
      error = thrown;
    }
    if (signal.aborted) {
      log.info(`Automation: ${task.key} stopped before its end; it is run again later`);
      await claim
        .giveBack()
        .catch((e: unknown) => log.warn(`Automation: ${task.key} was not given back (${String(e)})`));
      return { ...base, state: 'stopped' };
    }
    // A task reports its own failures; one that throws is logged and not run again, so that a
    // broken task never repeats its side effects over and over.
    if (error !== undefined) log.error(`Automation: ${task.key} (${task.label}) failed`, error);
    try {
      await claim.done();
      doneKeys.add(task.key);
    } catch (e) {
      log.warn(`Automation: ${task.key} could not be marked done (${String(e)}); its source is asked again`);
    }
    if (error === undefined) log.info(`Automation: ${task.key} done`);
    return error === undefined
      ? { ...base, state: 'done' }
      : { ...base, state: 'failed', error: error instanceof Error ? error.message : String(error) };
  };

  const start = (task: DueTask): Promise<TaskOutcome> => {
    const run = limit(() => runOne(task))
      .catch((error: unknown): TaskOutcome => {
        // The claim itself failed (the shop out of reach): looked at again later.
        log.warn(`Automation: ${task.key} could not be claimed (${String(error)})`);
        lookAgainAt = Math.min(lookAgainAt, clock.now() + retryMs);
        return { key: task.key, kind: task.kind, label: task.label, dueAt: task.dueAt, state: 'stopped' };
      })
      .then(tell)
      .finally(() => {
        running.delete(task.key);
        wakeup.abort();
      });
    running.set(task.key, run);
    return run;
  };

  const dueNow = async (): Promise<DueTask[]> => {
    const now = clock.now();
    const tasks: DueTask[] = [];
    for (const source of [...sources]) {
      try {
        tasks.push(...(await source.due(now)));
      } catch (error) {
        log.error('Automation: a source could not say what is due; asked again later', error);
        lookAgainAt = Math.min(lookAgainAt, clock.now() + retryMs);
      }
    }
    return tasks.filter((task) => !doneKeys.has(task.key)).sort((a, b) => a.dueAt - b.dueAt);
  };

  // Starts what is due and not running yet; resolves with the tasks started now.
  const pass = async (): Promise<Promise<TaskOutcome>[]> => {
    lookAgainAt = Infinity;
    const started: Promise<TaskOutcome>[] = [];
    for (const task of await dueNow()) if (!running.has(task.key)) started.push(start(task));
    return started;
  };

  const next = async (): Promise<number | undefined> => {
    const now = clock.now();
    let earliest = Infinity;
    for (const source of [...sources]) {
      const at = await source.next?.(now).catch((error: unknown) => {
        log.error('Automation: a source could not say what falls due next', error);
        return now + retryMs;
      });
      if (at !== undefined) earliest = Math.min(earliest, at);
    }
    return Number.isFinite(earliest) ? earliest : undefined;
  };

  const keepRunning = async () => {
    while (!stopping.signal.aborted) {
      wakeup = new AbortController();
      await pass();
      const at = Math.min((await next()) ?? Infinity, lookAgainAt);
      if (stopping.signal.aborted) break;
      // Infinity: nothing known; only a wake (or a stop) ends the wait.
      const waitMs = Number.isFinite(at) ? Math.max(0, at - clock.now()) : 2 ** 31 - 1;
      await clock.wait(waitMs, AbortSignal.any([wakeup.signal, stopping.signal]));
    }
  };

  return {
    register(source) {
      sources.add(source);
      wakeup.abort();
      return () => void sources.delete(source);
    },
    wake: () => wakeup.abort(),
    async runDue() {
      const started = await pass();
      const outcomes = await Promise.all([
        ...started,
        ...[...running.values()].filter((r) => !started.includes(r)),
      ]);
      return outcomes;
    },
    next,
    start() {
      loop ??= keepRunning().catch((error: unknown) => log.error('Automation: the runner stopped', error));
    },
    onOutcome(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async stop() {
      stopping.abort();
      await loop;
      await Promise.allSettled([...running.values()]);
    },
  };
}
