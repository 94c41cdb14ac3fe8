// The runner of what is due (DESIGN.md "Automation"): asks every DueSource what is due, claims each
// task by its key (a lone desk at once, a shop in its database), runs it, and then sleeps until the
// earliest time a source names, or until a source says something changed. No polling: a pass runs
// only when woken, when a time named comes, or when a task held elsewhere may be free again.
import pLimit from 'p-limit';
import type { ActivityInput } from '../../shared/domain/activity';
import type { DueSource, DueTask } from './due';
import type { Clock } from './clock';
import { isRefusal, type ClaimRefusal, type TaskClaim, type TaskClaims } from '../ports/task-claims';

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
  /**
   * Whether this desk may run a task of `kind` (issue 37.2: a prepare desk runs none; they wait for
   * a desk allowed to). A task it may not run is not claimed and is looked at again after `retryMs`.
   */
  mayRun?(kind: DueTask['kind']): boolean;
}

/** Real time over which wakes after the first share one look (see Runner.wake). */
export const WAKE_GATHER_MS = 100;

export interface Runner {
  /** Adds a kind of automation (one line per kind); returns its removal. */
  register(source: DueSource): () => void;
  /**
   * Something changed (a draft scheduled, a feed added): the running loop looks again now. Wakes
   * that follow within WAKE_GATHER_MS share one look, at that span's end (a feed's run changes its
   * drafts one after another: one look for many, not one per ad).
   */
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
  // Retries and a claim's lease are real spans; on a fast clock (bench/soak) they span rate × as much.
  const later = (ms: number, from = clock.now()) => from + ms * (clock.rate ?? 1);
  const sources = new Set<DueSource>();
  const running = new Map<string, Promise<TaskOutcome>>();
  // Keys the claims said are done: not asked again in this process.
  const doneKeys = new Set<string>();
  const listeners = new Set<(outcome: TaskOutcome) => void>();
  const limit = pLimit(options.parallel ?? 2);
  const stopping = new AbortController();
  let wakeup = new AbortController();
  let loop: Promise<void> | undefined;
  // The span after a wake in which more wakes gather (undefined: none), and whether one came.
  let gathering: ReturnType<typeof setTimeout> | undefined;
  let wokenMeanwhile = false;
  const wake = (): void => {
    if (gathering !== undefined) {
      wokenMeanwhile = true;
      return;
    }
    wakeup.abort();
    gathering = setTimeout(() => {
      gathering = undefined;
      if (!wokenMeanwhile) return;
      wokenMeanwhile = false;
      wake();
    }, WAKE_GATHER_MS);
    gathering.unref?.();
  };
  // Tasks held elsewhere (or whose claim failed): not asked for again before this time.
  const notBefore = new Map<string, number>();
  // A source that failed to say what is due is asked again at this time.
  let sourcesAgainAt = Infinity;

  const tell = (outcome: TaskOutcome) => {
    for (const listener of listeners) listener(outcome);
    return outcome;
  };

  const baseOf = (task: DueTask) => ({
    key: task.key,
    kind: task.kind,
    label: task.label,
    dueAt: task.dueAt,
  });

  // The claim, or the outcome when there is none to be had here now.
  const claimOne = async (task: DueTask): Promise<TaskClaim | TaskOutcome> => {
    const base = baseOf(task);
    if (stopping.signal.aborted) return { ...base, state: 'stopped' };
    let claim: TaskClaim | ClaimRefusal;
    try {
      claim = await options.claims().claim(task.key);
    } catch (error) {
      // The shop out of reach: looked at again later.
      log.warn(`Automation: ${task.key} could not be claimed (${String(error)})`);
      notBefore.set(task.key, later(retryMs));
      return { ...base, state: 'stopped' };
    }
    if (!isRefusal(claim)) return claim;
    if (claim.refused === 'done') {
      doneKeys.add(task.key);
      return { ...base, state: 'done' };
    }
    notBefore.set(task.key, later(claim.retryInMs));
    return { ...base, state: 'elsewhere' };
  };

  const runClaimed = async (task: DueTask, claim: TaskClaim): Promise<TaskOutcome> => {
    const base = baseOf(task);
    const signal = AbortSignal.any([stopping.signal, claim.signal]);
    log.info(`Automation: ${task.kind} ${task.key} (${task.label}) starts`);
    let error: unknown;
    let activity: readonly ActivityInput[] = [];
    try {
      if (!signal.aborted) activity = (await task.run(signal)) ?? [];
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
      await claim.done(activity);
      doneKeys.add(task.key);
    } catch (e) {
      // Its source is asked again later (a task finds its own work done and ends at once).
      log.warn(
        `Automation: ${task.key} could not be marked done (${String(e)}); it is looked at again later`,
      );
      notBefore.set(task.key, later(retryMs));
    }
    if (error === undefined) log.info(`Automation: ${task.key} done`);
    return error === undefined
      ? { ...base, state: 'done' }
      : { ...base, state: 'failed', error: error instanceof Error ? error.message : String(error) };
  };

  // Claims at once (so the loop knows what is held elsewhere before it sleeps); runs within the limit.
  const start = (task: DueTask): { claimed: Promise<unknown>; outcome: Promise<TaskOutcome> } => {
    const claimed = claimOne(task);
    const outcome = claimed
      .then((claim) => ('state' in claim ? claim : limit(() => runClaimed(task, claim))))
      .then(tell)
      .then((told) => {
        running.delete(task.key);
        // A task that ran may have changed what its source offers next; one held elsewhere has
        // its own time to be looked at again (no polling).
        if (told.state === 'done' || told.state === 'failed') wakeup.abort();
        return told;
      });
    running.set(task.key, outcome);
    return { claimed, outcome };
  };

  const dueNow = async (): Promise<DueTask[]> => {
    const now = clock.now();
    const tasks: DueTask[] = [];
    for (const source of [...sources]) {
      try {
        tasks.push(...(await source.due(now)));
      } catch (error) {
        log.error('Automation: a source could not say what is due; asked again later', error);
        sourcesAgainAt = Math.min(sourcesAgainAt, later(retryMs));
      }
    }
    return tasks.filter((task) => !doneKeys.has(task.key)).sort((a, b) => a.dueAt - b.dueAt);
  };

  // The kinds this desk leaves for another, said once in the log when they start to wait.
  const waiting = new Set<DueTask['kind']>();
  const mayRun = (task: DueTask): boolean => {
    if (options.mayRun?.(task.kind) ?? true) {
      if (waiting.delete(task.kind)) log.info(`Automation: this desk runs ${task.kind} tasks again`);
      return true;
    }
    if (!waiting.has(task.kind)) {
      waiting.add(task.kind);
      log.info(
        `Automation: ${task.kind} tasks wait for a desk allowed to publish (this desk's role may not)`,
      );
    }
    notBefore.set(task.key, later(retryMs));
    return false;
  };

  // Starts what is due and not running yet; resolves with the tasks started now.
  const pass = async (): Promise<ReturnType<typeof start>[]> => {
    sourcesAgainAt = Infinity;
    const now = clock.now();
    for (const [key, at] of notBefore) if (at <= now) notBefore.delete(key);
    const started: ReturnType<typeof start>[] = [];
    for (const task of await dueNow())
      if (!running.has(task.key) && !notBefore.has(task.key) && mayRun(task)) started.push(start(task));
    return started;
  };

  const next = async (): Promise<number | undefined> => {
    const now = clock.now();
    let earliest = Infinity;
    for (const source of [...sources]) {
      const at = await source.next?.(now).catch((error: unknown) => {
        log.error('Automation: a source could not say what falls due next', error);
        return later(retryMs, now);
      });
      if (at !== undefined) earliest = Math.min(earliest, at);
    }
    return Number.isFinite(earliest) ? earliest : undefined;
  };

  const keepRunning = async () => {
    while (!stopping.signal.aborted) {
      wakeup = new AbortController();
      // The claims are asked for before the time to sleep is known: a task held elsewhere names its own.
      await Promise.all((await pass()).map((task) => task.claimed));
      const at = Math.min((await next()) ?? Infinity, sourcesAgainAt, ...notBefore.values());
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
    wake,
    async runDue() {
      const started = (await pass()).map((task) => task.outcome);
      const others = [...running.values()].filter((outcome) => !started.includes(outcome));
      return Promise.all([...started, ...others]);
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
      clearTimeout(gathering);
      await loop;
      await Promise.allSettled([...running.values()]);
    },
  };
}
