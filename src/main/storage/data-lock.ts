// One process at a time per data folder (issues 17 and 23.6): the Electron app, the web shell or the
// command line takes `listing-desk.lock` in the folder before it opens anything, naming itself (pid,
// what it is, its computer, when it started). A second process reads who holds it and says so.
//
// Whether the holder still runs: on the same computer, in the same boot and pid namespace, its
// process is looked at (gone, a zombie, or its pid now another program's: dead at once); a holder
// from another boot is dead at once; one on another computer (a network share) or in another
// container is judged by its heartbeat, the lock's time it refreshes every HEARTBEAT_MS, and is
// taken over once that is STALE_MS old. The layout on disk and the safe takeover: lock-dir.ts.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { currentBoot, judgeHolder, thisProcess, type ProcessIdentity } from './lock-identity';
import {
  createComplete,
  OWNER_FILE,
  readLock,
  removeIfStill,
  stealDeadLock,
  sweepLeftovers,
  type LockState,
} from './lock-dir';

export const LOCK_FILE = 'listing-desk.lock';
/** How often a holder shows it still runs. */
export const HEARTBEAT_MS = 5_000;
/** How long a holder judged by its heartbeat alone may stay silent before its lock is taken over. */
export const STALE_MS = 30_000;

/** What holds the folder: the desktop app, the web shell or the command line. */
export type LockKind = 'app' | 'web' | 'cli';

export interface LockOwner extends ProcessIdentity {
  kind: LockKind;
  /** When the owner started (ISO 8601). */
  startedAt: string;
  /** Tells this lock apart from every other, also one of the same pid. */
  token: string;
}

/** The folder is held by another process that still runs, or may (its heartbeat is recent). */
export class DataFolderLocked extends Error {
  constructor(
    readonly owner: LockOwner,
    readonly file: string,
    /** When the lock is taken over should the holder stay silent; only where its heartbeat tells. */
    readonly takeoverAt?: Date,
    /** The holder's last heartbeat. */
    readonly heartbeatAt?: Date,
  ) {
    super(
      `The data folder is in use by ${owner.kind} (pid ${owner.pid} on ${owner.computer}, started ${owner.startedAt}).`,
    );
    this.name = 'DataFolderLocked';
  }
}

export interface DataLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** Removes the lock if it is still this process's; safe to call more than once. */
  release(): void;
  /** Called once should another process take the folder over (this one must stop writing). */
  onLost(listener: (holder: LockOwner | undefined) => void): void;
}

export interface AcquireOptions {
  /** Release on the process's 'exit' (default true). */
  releaseOnExit?: boolean;
  /** Parts of this process's identity to record instead (tests: another boot, another computer). */
  identity?: Partial<Pick<ProcessIdentity, 'boot' | 'computer' | 'machineId'>>;
  heartbeatMs?: number;
  staleMs?: number;
}

const kinds: readonly LockKind[] = ['app', 'web', 'cli'];
const optionalText = ['machineId', 'pidNamespace', 'processStart'] as const;

/**
 * The owner a lock names, or null when it names none that can be read. A lock from before issue 23
 * names no computer or boot: it was made on this one, in this boot (it was not taken over then).
 */
export function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<Record<keyof LockOwner, unknown>>;
    if (
      typeof value.pid === 'number' &&
      typeof value.kind === 'string' &&
      kinds.includes(value.kind as LockKind) &&
      typeof value.startedAt === 'string' &&
      typeof value.token === 'string'
    ) {
      const owner: LockOwner = {
        pid: value.pid,
        kind: value.kind as LockKind,
        startedAt: value.startedAt,
        token: value.token,
        computer: typeof value.computer === 'string' ? value.computer : os.hostname(),
        boot: typeof value.boot === 'string' ? value.boot : currentBoot(),
      };
      for (const key of optionalText) if (typeof value[key] === 'string') owner[key] = value[key];
      return owner;
    }
  } catch {
    // Not JSON: a lock that was damaged; nobody can be named as its owner.
  }
  return null;
}

/** The name a lock goes by in guard names: its token, or (unreadable) its folder's inode. */
function keyOf(state: LockState): string {
  const token = parseOwner(state.text ?? '')?.token;
  return token && /^[0-9a-f]{8,64}$/.test(token) ? token : `x${state.ino}`;
}

interface Judgement {
  dead: boolean;
  holder?: LockOwner;
  takeoverAt?: number;
}

/** Whether a lock (or a guard) as read is its dead holder's; an unreadable one is nobody's. */
function judgeLock(state: LockState, me: ProcessIdentity, staleMs: number): Judgement {
  const holder = parseOwner(state.text ?? '');
  if (!holder) return { dead: true };
  const verdict = judgeHolder(holder, me);
  if (verdict !== 'heartbeat') return { dead: verdict === 'dead', holder };
  const takeoverAt = state.heartbeatMs + staleMs;
  return { dead: Date.now() >= takeoverAt, holder, takeoverAt };
}

// A short wait without giving up the thread: acquiring stays synchronous, before anything runs.
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes the data folder for this process, or throws DataFolderLocked naming the process that holds
 * it. A lock whose holder is gone (or that cannot be read) is taken over, by one process only.
 */
export function acquireDataLock(dataDir: string, kind: LockKind, options: AcquireOptions = {}): DataLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: ProcessIdentity = { ...thisProcess({ boot: options.identity?.boot }), ...options.identity };
  const staleMs = options.staleMs ?? STALE_MS;
  const owner: LockOwner = {
    ...me,
    kind,
    startedAt: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  const text = `${JSON.stringify(owner)}\n`;
  const isDead = (state: LockState) => judgeLock(state, me, staleMs).dead;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (createComplete(file, text)) {
      sweepLeftovers(file, owner.token, Date.now() - staleMs);
      return heldLock(file, owner, options);
    }
    const state = readLock(file);
    if (!state) continue; // released meanwhile: try again
    const judged = judgeLock(state, me, staleMs);
    if (!judged.dead && judged.holder) {
      const takeoverAt = judged.takeoverAt === undefined ? undefined : new Date(judged.takeoverAt);
      const heartbeatAt = judged.takeoverAt === undefined ? undefined : new Date(state.heartbeatMs);
      throw new DataFolderLocked(judged.holder, file, takeoverAt, heartbeatAt);
    }
    // Another process is taking this dead lock over: see what it made of it in a moment.
    if (stealDeadLock(file, keyOf(state), keyOf, isDead, text) === 'busy') pause(20);
  }
  throw new Error(`The lock ${file} kept changing while it was taken; try again.`);
}

function heldLock(file: string, owner: LockOwner, options: AcquireOptions): DataLock {
  const ownerFile = path.join(file, OWNER_FILE);
  let state: 'held' | 'released' | 'lost' = 'held';
  const listeners: ((holder: LockOwner | undefined) => void)[] = [];

  // The heartbeat also checks that the lock is still this process's: it is not once another computer
  // took it over while this one could not show it runs (asleep, cut off from the share).
  const beat = async () => {
    let text: string | undefined;
    try {
      text = await readFile(ownerFile, 'utf8');
    } catch (error) {
      // Anything but "not there" (a share out of reach): look again at the next beat.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    }
    if (state !== 'held') return;
    const holder = text === undefined ? null : parseOwner(text);
    if (holder?.token !== owner.token) {
      state = 'lost';
      clearInterval(timer);
      process.off('exit', release);
      for (const listener of listeners) listener(holder ?? undefined);
      return;
    }
    const now = new Date();
    await utimes(ownerFile, now, now).catch(() => undefined);
  };
  const timer = setInterval(() => void beat(), options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();

  function release(): void {
    if (state !== 'held') return;
    state = 'released';
    clearInterval(timer);
    process.off('exit', release);
    const current = readLock(file);
    // Taken over by someone else: theirs now.
    if (!current || keyOf(current) !== owner.token) return;
    removeIfStill(file, owner.token, keyOf);
  }
  if (options.releaseOnExit ?? true) process.on('exit', release);
  return {
    file,
    owner,
    release,
    onLost: (listener) => void listeners.push(listener),
  };
}
