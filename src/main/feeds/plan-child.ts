// A large feed's plan made in a process of its own (issue 35.8). Reading a feed of tens of
// thousands of items and planning each row makes a great deal of short-lived memory; in the app's
// process V8 keeps it as a large young generation, and the packaged app on Windows and macOS cannot
// start its main process with the flags that keep it small. A child is started with them
// (PLAN_CHILD_FLAGS), whichever shell runs the app, and ends with its plan.
//
// What crosses, as structured-clone messages: the feed's settings, the kept copy's path (or the
// seller's file), what exists (the feed's items, the account's drafts and listings, its template,
// the catalog, the mappings, the paths the service took); back comes the plan and the rows a run
// sends. No secret crosses: the download (keychain, access key, password) stays in the app's
// process; the kept copy's name is the address as shown (the key masked).
//
// The port has two starts (plan-child-node.ts: child_process.fork, for the web shell and the
// command line; shells/electron/plan-child-electron.ts: utilityProcess.fork); the child's code is
// plan-child-entry.ts in both. This file is the protocol and what a start's child is watched for.
import type { Catalog, CategoryMapping } from '../../shared/domain/catalog';
import { makeCatalogView } from '../../shared/domain/catalog';
import type { Feed, FeedCategoryContext, FeedPlan, FeedRow } from '../../shared/domain/feeds';
import type { IpcErrorCode } from '../../shared/ipc/envelope';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { Log } from '../log/log';
import type { KeptSource } from './source';
import type { PlanWorld, RowsPlan } from './plan-rows';

/**
 * Below this size a kept source is planned in the app's process. Measured with
 * bench/feed/google-xml.ts (BENCH_ITEMS, BENCH_PLAN_CHILD_MIN_BYTES; two cores, loaded): a child's
 * start, its modules and the messages cost some 0.35-0.55 s. A 1.6 MB feed planned in 0.9 s here
 * and 1.2 s in a child (a delay the seller sees, for no memory worth saving); an 8.2 MB one in
 * 3.6 s here and 4.2 s in a child, the app's peak RSS 155 MB against 128. From 8 MB on, the child's
 * start is a small part of the plan and the app's process keeps its memory.
 */
export const PLAN_CHILD_MIN_BYTES = 8 * 1024 * 1024;

/** What a plan made elsewhere is given. */
export interface PlanJob {
  feed: Feed;
  now: Date;
  keepRows: boolean;
  kept: KeptSource;
  world: PlanWorld;
}

/** Where a large feed's plan is made. */
export interface PlanChild {
  /** Whether a kept source of `bytes` is planned in a child (a small one is planned in the app's process). */
  wants(bytes: number): boolean;
  /** Plans in a child; rejects with an AppError in the seller's words when the child fails. */
  plan(job: PlanJob, signal?: AbortSignal): Promise<RowsPlan>;
  /** Kills every child still planning and waits until each has ended. */
  close(): Promise<void>;
}

/** The category context as data: the view is made again from the catalog in the child. */
export interface ContextOnWire {
  catalog: Catalog;
  mappings: CategoryMapping[];
  conditionWords: Record<string, string>;
  /** Every path the service took for the account (undefined: none is asked). */
  knownGood?: string[];
}

/** The message the child is sent, once. */
export interface PlanRequest {
  kind: 'plan';
  language: string;
  feed: Feed;
  now: string;
  keepRows: boolean;
  kept: KeptSource;
  world: Omit<PlanWorld, 'context'> & { context?: ContextOnWire };
}

/** The child's one answer. */
export type PlanReply =
  | {
      kind: 'planned';
      plan: FeedPlan;
      rows: Map<string, FeedRow & { photos: string[] }>;
      mapping: RowsPlan['mapping'];
      priceChangeAt?: number;
      /** The child's peak resident memory (VmHWM, kB) where the system tells it. */
      peakRssKb?: number;
    }
  | { kind: 'failed'; error: { code: IpcErrorCode; message: string; details?: unknown } };

/** The context as data, or null when it holds what cannot cross (a check that is only a function). */
export function contextOnWire(context: FeedCategoryContext | undefined): ContextOnWire | undefined | null {
  if (context === undefined) return undefined;
  if (context.knownGood !== undefined && context.knownGoodPaths === undefined) return null;
  return {
    catalog: context.view.catalog,
    mappings: [...context.mappings],
    conditionWords: { ...context.conditionWords },
    ...(context.knownGoodPaths && { knownGood: [...context.knownGoodPaths()] }),
  };
}

/** The context again from its data (in the child). */
export function contextOffWire(wire: ContextOnWire | undefined): FeedCategoryContext | undefined {
  if (wire === undefined) return undefined;
  const knownGood = wire.knownGood && new Set(wire.knownGood);
  return {
    view: makeCatalogView(wire.catalog),
    mappings: wire.mappings,
    conditionWords: wire.conditionWords,
    ...(knownGood && { knownGood: (path: string) => knownGood.has(path.trim()) }),
  };
}

/** A started child as both starts give it. */
export interface ChildHandle {
  readonly pid: number | undefined;
  /** What it writes to standard error (where piped): the last of it goes to the log. */
  readonly stderr: NodeJS.ReadableStream | null | undefined;
  send(message: PlanRequest): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Once, when it has ended (reaped): its exit code or the signal that ended it. */
  onExit(listener: (end: ChildEnd) => void): void;
  /** Failed to start at all (no process). */
  onError(listener: (error: Error) => void): void;
  kill(): void;
}

export interface ChildEnd {
  code: number | null;
  signal: string | null;
  /** What a fatal error of V8 named before the end (Electron's utility process reports it so). */
  fatal?: string;
}

const STDERR_KEPT = 4096;

/** Why a child that gave no plan ended, in the seller's words, and the reason the log names. */
function endedWords(end: ChildEnd, stderr: string, cancelled: boolean): { message: string; reason: string } {
  const t = (key: string, words?: Record<string, unknown>) =>
    mainI18n.t(`errors:feedPlanChild.${key}`, words);
  if (cancelled) return { message: t('cancelled'), reason: 'cancelled' };
  // V8 writes this before it aborts the process (SIGABRT, exit code 134 where a shell reports it).
  if (/out of memory/i.test(stderr) || /memory|heap|allocation/i.test(end.fatal ?? ''))
    return { message: t('outOfMemory'), reason: 'out-of-memory' };
  if (end.signal !== null)
    return end.signal === 'SIGABRT'
      ? { message: t('outOfMemory'), reason: 'out-of-memory' }
      : { message: t('killed', { signal: end.signal }), reason: 'killed' };
  return { message: t('ended', { code: end.code ?? '?' }), reason: 'ended' };
}

/** A reply the child may send: a plan with its parts, or a failure with its words. */
function readable(message: unknown): PlanReply | null {
  if (typeof message !== 'object' || message === null) return null;
  const reply = message as Partial<Record<string, unknown>>;
  if (reply.kind === 'failed') {
    const error = reply.error as Partial<Record<string, unknown>> | undefined;
    return typeof error?.code === 'string' && typeof error.message === 'string'
      ? (message as PlanReply)
      : null;
  }
  if (reply.kind !== 'planned' || !(reply.rows instanceof Map) || !Array.isArray(reply.mapping)) return null;
  const plan = reply.plan as Partial<FeedPlan> | undefined;
  if (typeof plan !== 'object' || plan === null || !Array.isArray(plan.entries)) return null;
  if (typeof plan.rows !== 'number' || !Array.isArray(plan.held) || typeof plan.counts !== 'object')
    return null;
  return message as PlanReply;
}

/** What the child's environment may hold: where things are, the language; no token, key or password. */
const PASSED_ENV = [
  'PATH',
  'Path',
  'SystemRoot',
  'TEMP',
  'TMP',
  'TMPDIR',
  'HOME',
  'USERPROFILE',
  'LANG',
  'LC_ALL',
];

/** The child's environment, whichever shell starts it: only the names above, as this process has them. */
export function childEnv(): Record<string, string> {
  return Object.fromEntries(
    PASSED_ENV.flatMap((name) => {
      const value = process.env[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/**
 * The port over a way to start a child. `minBytes`: the size from which a kept source is planned in
 * a child (PLAN_CHILD_MIN_BYTES; 0: every one).
 */
export function planChildOf(
  start: () => ChildHandle | Promise<ChildHandle>,
  log: Log,
  minBytes = PLAN_CHILD_MIN_BYTES,
): PlanChild {
  const live = new Set<{ kill(): void; ended: Promise<void> }>();

  const plan = async (job: PlanJob, signal?: AbortSignal): Promise<RowsPlan> => {
    const { world, feed } = job;
    const context = contextOnWire(world.context);
    if (context === null) throw new AppError('internal', 'the category context cannot reach a plan process');
    const request: PlanRequest = {
      kind: 'plan',
      language: mainI18n.language,
      feed,
      now: job.now.toISOString(),
      keepRows: job.keepRows,
      kept: job.kept,
      world: { ...world, context },
    };
    if (signal?.aborted) throw new AppError('unavailable', mainI18n.t('errors:feedPlanChild.cancelled'));
    let child: ChildHandle;
    try {
      child = await start();
    } catch (error) {
      log.error(`Feed ${feed.name}: the plan's process could not start`, error);
      throw new AppError('unavailable', mainI18n.t('errors:feedPlanChild.notStarted'), {
        reason: 'not-started',
      });
    }
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    let reply: PlanReply | null | undefined;
    let cancelled = false;
    let startError: Error | undefined;
    const kill = () => {
      try {
        child.kill();
      } catch {
        // Ended meanwhile.
      }
    };
    const ended = new Promise<ChildEnd>((resolve) => child.onExit(resolve));
    const entry = {
      kill: () => {
        cancelled = true;
        kill();
      },
      ended: ended.then(() => undefined),
    };
    live.add(entry);
    const onAbort = () => entry.kill();
    signal?.addEventListener('abort', onAbort, { once: true });
    child.onError((error) => {
      startError = error;
    });
    child.onMessage((message) => {
      if (reply !== undefined) return;
      reply = readable(message);
      // One answer is all a child gives: it is done (or unreadable) and goes now.
      kill();
    });
    try {
      child.send(request);
    } catch (error) {
      startError = error instanceof Error ? error : new Error(String(error));
      kill();
    }
    const started = performance.now();
    const where = `Feed ${feed.name}: the plan's process${child.pid === undefined ? '' : ` ${child.pid}`}`;
    const end = await ended;
    live.delete(entry);
    signal?.removeEventListener('abort', onAbort);
    if (reply?.kind === 'planned') {
      const { plan: made, rows, mapping, priceChangeAt, peakRssKb } = reply;
      log.info(`${where} planned ${made.rows} rows`, {
        ms: Math.round(performance.now() - started),
        ...(peakRssKb !== undefined && { peakRssMb: Math.round(peakRssKb / 1024) }),
      });
      return { plan: made, rows, mapping, ...(priceChangeAt !== undefined && { priceChangeAt }) };
    }
    if (reply?.kind === 'failed') {
      // The planner's own refusal (a broken file, a source changed meanwhile), in its words.
      log.info(`${where} refused the plan: ${reply.error.message}`);
      throw new AppError(reply.error.code, reply.error.message, reply.error.details);
    }
    if (reply === null) {
      log.error(`${where} answered something unreadable`, undefined, { ...end });
      throw new AppError('internal', mainI18n.t('errors:feedPlanChild.unreadable'), {
        reason: 'unreadable',
      });
    }
    if (startError !== undefined && !cancelled) {
      log.error(`${where} could not start`, startError);
      throw new AppError('unavailable', mainI18n.t('errors:feedPlanChild.notStarted'), {
        reason: 'not-started',
      });
    }
    const { message, reason } = endedWords(end, stderr, cancelled);
    const fields = {
      code: end.code,
      signal: end.signal,
      ...(stderr !== '' && { stderr: stderr.trim().slice(-1000) }),
    };
    if (cancelled) log.info(`${where} was ended: the plan was cancelled`, fields);
    else log.error(`${where} ended without a plan (${reason})`, undefined, fields);
    throw new AppError(cancelled ? 'unavailable' : 'internal', message, { reason, ...end });
  };

  return {
    wants: (bytes) => bytes >= minBytes,
    plan,
    async close() {
      const all = [...live];
      for (const child of all) child.kill();
      await Promise.all(all.map((child) => child.ended));
    },
  };
}
