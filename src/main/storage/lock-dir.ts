// The data folder's lock on disk (issue 23.6): a folder `listing-desk.lock` holding `owner.json`,
// whose modification time is the holder's heartbeat. It appears complete or not at all: it is
// built under a temporary name and renamed into place, and a rename onto a folder that exists (and
// is not empty) fails, which makes it an atomic "create if absent", on a network share too.
//
// Removing a lock whose holder is gone is where two processes could both get in: both judge the
// same dead lock, one removes it and takes the folder, the other then removes that fresh lock. So
// a dead lock is removed only by the one process holding a guard named after that very lock
// (`<lock>.steal-<key>-<n>`, made the same atomic way), which looks once more under the guard. A
// guard's holder that died is judged like a lock's, and the next one takes guard n + 1: a guard is
// never removed while its lock is there, so no name is reused while it could be mistaken.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const OWNER_FILE = 'owner.json';

/** A lock (or guard) as read: its owner's text (undefined: unreadable), heartbeat and inode. */
export interface LockState {
  text: string | undefined;
  heartbeatMs: number;
  ino: number;
}

const suffix = () => randomBytes(6).toString('hex');

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** Makes `target` a folder holding `owner.json` with `text`, complete or not at all; false when it exists. */
export function createComplete(target: string, text: string): boolean {
  const temp = `${target}.${suffix()}.new`;
  mkdirSync(temp);
  try {
    writeFileSync(path.join(temp, OWNER_FILE), text);
    renameSync(temp, target);
    return true;
  } catch (error) {
    const c = code(error);
    // ENOTDIR: an older version's lock file has the name; Windows says EPERM for a folder there.
    if (c === 'EEXIST' || c === 'ENOTEMPTY' || c === 'ENOTDIR') return false;
    if (process.platform === 'win32' && (c === 'EPERM' || c === 'EACCES')) return false;
    throw error;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** The lock at `target` as it is now, or undefined when there is none. */
export function readLock(target: string): LockState | undefined {
  let folder;
  try {
    folder = statSync(target);
  } catch (error) {
    if (code(error) === 'ENOENT') return undefined;
    throw error;
  }
  // A file: the lock of a version before issue 23, which held the owner itself.
  const file = folder.isDirectory() ? path.join(target, OWNER_FILE) : target;
  try {
    const text = readFileSync(file, 'utf8');
    return { text, heartbeatMs: statSync(file).mtimeMs, ino: folder.ino };
  } catch (error) {
    if (code(error) !== 'ENOENT') throw error;
    // Moved away meanwhile, or a folder without its owner (damaged): the caller tells which.
    if (!statSync(target, { throwIfNoEntry: false })) return undefined;
    return { text: undefined, heartbeatMs: folder.mtimeMs, ino: folder.ino };
  }
}

/**
 * Removes the lock at `target` if it is still the one with `key`: it is moved aside first (atomic,
 * so of two removers one has it) and put back should it turn out to be another. True when removed.
 */
export function removeIfStill(target: string, key: string, keyOf: (state: LockState) => string): boolean {
  const aside = `${target}.${suffix()}.old`;
  try {
    renameSync(target, aside);
  } catch (error) {
    if (code(error) === 'ENOENT') return false;
    throw error;
  }
  const moved = readLock(aside);
  if (moved && keyOf(moved) !== key) {
    try {
      renameSync(aside, target);
    } catch {
      // Another lock was made meanwhile; its holder stands, and the one moved aside finds out at its
      // next heartbeat that it lost the folder.
      rmSync(aside, { recursive: true, force: true });
    }
    return false;
  }
  rmSync(aside, { recursive: true, force: true });
  return true;
}

/** What became of a dead lock: removed; another process is removing it; it changed meanwhile. */
export type StealOutcome = 'removed' | 'busy' | 'changed';

/**
 * Removes the lock at `target` (whose key is `key`) once judged dead, under that lock's own guard;
 * `isDead` judges the lock again under the guard, and judges guards whose holder may have died.
 */
export function stealDeadLock(
  target: string,
  key: string,
  keyOf: (state: LockState) => string,
  isDead: (state: LockState) => boolean,
  guardText: string,
): StealOutcome {
  const guardName = (n: number) => `${target}.steal-${key}-${n}`;
  for (let n = 1; n <= 50; n += 1) {
    if (createComplete(guardName(n), guardText)) {
      try {
        const now = readLock(target);
        if (!now || keyOf(now) !== key || !isDead(now)) return 'changed';
        return removeIfStill(target, key, keyOf) ? 'removed' : 'changed';
      } finally {
        // Guards 1..n-1 were judged dead, n is this process's: none is in use by a live process.
        for (let k = n; k >= 1; k -= 1) rmSync(guardName(k), { recursive: true, force: true });
      }
    }
    const guard = readLock(guardName(n));
    // Removed meanwhile: its holder is done with this lock, so look at the lock again.
    if (!guard) return 'changed';
    if (!isDead(guard)) return 'busy';
  }
  return 'busy';
}

/**
 * Removes what crashed processes left beside the lock at `target`: guards of locks that are gone
 * (every lock but `ownKey`'s, which this process holds) and temporary folders older than `beforeMs`.
 */
export function sweepLeftovers(target: string, ownKey: string, beforeMs: number): void {
  const folder = path.dirname(target);
  const base = path.basename(target);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(`${base}.`)) continue;
    const rest = name.slice(base.length + 1);
    const file = path.join(folder, name);
    if (/[0-9a-f]{12}\.(?:new|old)$/.test(rest)) {
      // Newer ones may be another process's lock or guard being made, or a lock being removed.
      const written = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity;
      if (written < beforeMs) rmSync(file, { recursive: true, force: true });
      continue;
    }
    const guardOf = /^steal-(.+)-\d+$/.exec(rest)?.[1];
    if (guardOf !== undefined && guardOf !== ownKey) rmSync(file, { recursive: true, force: true });
  }
}
