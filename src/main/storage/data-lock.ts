// One process at a time per data folder (issue 17): the Electron app, the web shell or the command
// line takes `listing-desk.lock` in the folder before it opens anything, naming itself (pid, what it
// is, when it started). A second process reads who holds it and says so plainly. A lock left by a
// process that no longer runs (kill -9, a power cut) is taken over.
//
// The lock file appears complete or not at all: it is written under a temporary name first and
// then hard-linked to its name, which fails when the name exists (an atomic "create if absent").
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveLanguage, type UiLanguage } from '../../shared/i18n-language';
import { wordsIn } from '../i18n';
import { systemLocale } from '../paths';

export const LOCK_FILE = 'listing-desk.lock';

/** What holds the folder: the desktop app, the web shell or the command line. */
export type LockKind = 'app' | 'web' | 'cli';

export interface LockOwner {
  pid: number;
  kind: LockKind;
  /** When the owner started (ISO 8601). */
  startedAt: string;
  /** Tells this process's lock apart from another's with the same pid (a pid reused). */
  token: string;
}

/** The folder is held by another process that still runs. */
export class DataFolderLocked extends Error {
  constructor(
    readonly owner: LockOwner,
    readonly file: string,
  ) {
    super(`The data folder is in use by ${owner.kind} (pid ${owner.pid}, started ${owner.startedAt}).`);
    this.name = 'DataFolderLocked';
  }
}

export interface DataLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** Removes the lock file if it is still this process's; safe to call more than once. */
  release(): void;
}

export interface AcquireOptions {
  /** Release on the process's 'exit' (default true). */
  releaseOnExit?: boolean;
  /** Whether a pid runs (tests may replace it); default: signal 0. */
  isAlive?: (pid: number) => boolean;
}

/** True when a process with this pid runs (EPERM: it runs, as another user). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const kinds: readonly LockKind[] = ['app', 'web', 'cli'];

/** The owner a lock file names, or null when it names none that can be read. */
export function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (
      typeof value.pid === 'number' &&
      typeof value.kind === 'string' &&
      kinds.includes(value.kind) &&
      typeof value.startedAt === 'string' &&
      typeof value.token === 'string'
    )
      return { pid: value.pid, kind: value.kind, startedAt: value.startedAt, token: value.token };
  } catch {
    // Not JSON: a lock file that was damaged; nobody can be named as its owner.
  }
  return null;
}

/** The lock file's text, or undefined when there is none. */
function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

// `<name>.<12 hex>.tmp`: the form temp-sweep.ts removes at start if a crash left one behind.
const tempName = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;

/** Creates the lock file with `text` unless it exists; false when it does. */
function createIfAbsent(file: string, text: string): boolean {
  const temp = tempName(file);
  writeFileSync(temp, text);
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOENT: the holder's start swept our temporary file away meanwhile; look again.
    if (code === 'EEXIST' || code === 'ENOENT') return false;
    // A file system without hard links: an exclusive create, written at once.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EXDEV') {
      try {
        writeFileSync(file, text, { flag: 'wx' });
        return true;
      } catch (inner) {
        if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw inner;
      }
    }
    throw error;
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Moves a stale lock (whose text was `staleText`) out of the way. Moving is atomic, so of two
 * processes taking over the same stale lock one moves it; should the file moved turn out to be a
 * fresh lock another process made meanwhile, it is put back.
 */
function removeStale(file: string, staleText: string | undefined): void {
  const aside = tempName(file);
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readText(aside);
  if (moved !== staleText) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone made another meanwhile; theirs stands.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
}

/**
 * Takes the data folder for this process, or throws DataFolderLocked naming the process that holds
 * it. A lock whose process no longer runs, or that cannot be read, is taken over.
 */
export function acquireDataLock(dataDir: string, kind: LockKind, options: AcquireOptions = {}): DataLock {
  const isAlive = options.isAlive ?? pidAlive;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid,
    kind,
    startedAt: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  const text = `${JSON.stringify(owner)}\n`;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    if (createIfAbsent(file, text)) return heldLock(file, owner, options.releaseOnExit ?? true);
    const existing = readText(file);
    if (existing === undefined) continue; // released meanwhile: try again
    const holder = parseOwner(existing);
    if (holder && isAlive(holder.pid)) throw new DataFolderLocked(holder, file);
    removeStale(file, existing);
  }
  throw new Error(`The lock ${file} kept changing while it was taken; try again.`);
}

function heldLock(file: string, owner: LockOwner, releaseOnExit: boolean): DataLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const holder = parseOwner(readText(file) ?? '');
    if (holder?.token !== owner.token) return; // taken over by someone else: theirs now
    try {
      unlinkSync(file);
    } catch {
      // Gone already.
    }
  };
  if (releaseOnExit) process.on('exit', release);
  return { file, owner, release };
}

/** When the owner started, as the seller reads it: the time today, else date and time. */
function startedText(startedAt: string, language: UiLanguage, now: Date): string {
  const started = new Date(startedAt);
  if (Number.isNaN(started.getTime())) return startedAt;
  const locale = language === 'de' ? 'de-DE' : 'en-GB';
  const time = started.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (started.toDateString() === now.toDateString()) return time;
  return `${started.toLocaleDateString(locale, { day: 'numeric', month: 'short' })} ${time}`;
}

/**
 * The sentence a second process says, e.g. "Listing Desk (pid 1234, started 14:02) is using this
 * data folder; close it first."
 */
export function lockedMessage(owner: LockOwner, language: UiLanguage, now = new Date()): string {
  const t = wordsIn(language, 'dataLock');
  const detail = t('detail', { pid: owner.pid, started: startedText(owner.startedAt, language, now) });
  return t(owner.kind, { detail });
}

/**
 * What a shell calls before it opens the folder: the lock, or `refused` is called with the sentence
 * (in the system's language) naming who holds the folder; the shell says it and ends.
 */
export function takeDataFolder(
  dataDir: string,
  kind: LockKind,
  refused: (message: string, owner: LockOwner) => void,
  locale: string = systemLocale(),
): DataLock | undefined {
  try {
    return acquireDataLock(dataDir, kind);
  } catch (error) {
    if (!(error instanceof DataFolderLocked)) throw error;
    refused(lockedMessage(error.owner, resolveLanguage('system', locale)), error.owner);
    return undefined;
  }
}
