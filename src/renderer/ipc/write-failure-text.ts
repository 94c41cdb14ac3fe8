// A write the disk refused (full, read-only, not allowed) in the seller's language, with the folder
// main named. Applied to every failed call as it is unwrapped, so whichever view shows the error
// (a banner, the editor's save line, a form) shows these words.
import i18next from 'i18next';
import type { IpcErrorData } from '../../shared/ipc/envelope';

const WRITE_FAILURES = new Set(['disk-full', 'read-only', 'no-permission']);

/** The error with its message in the UI's language when it is a refused write; else unchanged. */
export function localizeWriteFailure(error: IpcErrorData): IpcErrorData {
  if (!WRITE_FAILURES.has(error.code) || !i18next.isInitialized) return error;
  const folder = (error.details as { folder?: unknown } | undefined)?.folder;
  if (typeof folder !== 'string') return error;
  const message = i18next.t(`storage.errors.${error.code}`, { folder, defaultValue: error.message });
  return { ...error, message };
}
