// A write the disk refused (full, read-only, not allowed) said in plain words: what happened, in
// which folder, and what to do. The router turns any such error into an AppError with one of these
// codes, whichever channel it escaped from; `details` lets the renderer word it in its language.
import path from 'node:path';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';

export type WriteFailureCode = 'disk-full' | 'read-only' | 'no-permission';

const CODES: Record<string, WriteFailureCode> = {
  ENOSPC: 'disk-full',
  EDQUOT: 'disk-full',
  EROFS: 'read-only',
  EACCES: 'no-permission',
  EPERM: 'no-permission',
};

/** What the renderer gets in `details` of a write failure. */
export interface WriteFailureDetails {
  /** The folder the app could not write to. */
  folder: string;
  /** The system's error code (ENOSPC, EROFS, ...). */
  errno: string;
}

// Syscalls whose path is the folder itself rather than a file in it.
const FOLDER_CALLS = new Set(['mkdir', 'opendir', 'scandir', 'rmdir']);

function errnoOf(error: unknown): NodeJS.ErrnoException | undefined {
  // A wrapped error (a job step, a library) may carry the system's error as its cause.
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 4; depth++) {
    const code = (at as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code in CODES) return at as NodeJS.ErrnoException;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for an error of a write the disk refused (ENOSPC, EDQUOT, EROFS, EACCES, EPERM). */
export function isWriteFailure(error: unknown): boolean {
  return errnoOf(error) !== undefined;
}

/**
 * The AppError for a refused write, naming the folder (from the error's path, else `fallbackFolder`),
 * or undefined when `error` is not one.
 */
export function writeFailureError(error: unknown, fallbackFolder: string): AppError | undefined {
  if (error instanceof AppError) return undefined;
  const errno = errnoOf(error);
  if (!errno) return undefined;
  const code = CODES[errno.code!]!;
  const file = typeof errno.path === 'string' ? errno.path : undefined;
  const folder =
    file === undefined ? fallbackFolder : FOLDER_CALLS.has(errno.syscall ?? '') ? file : path.dirname(file);
  const details: WriteFailureDetails = { folder, errno: errno.code! };
  // In the app's language; the renderer words it in its own from `details` too.
  return new AppError(code, mainI18n.t(`errors:write.${code}`, { folder }), details);
}
