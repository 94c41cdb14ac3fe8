// Files the seller chose or dropped in the web shell's page (issue 26.1): main keeps each under
// <dataDir>/received/<id>/<name>, so that an import reads it by path like any other file. What an
// earlier run left is removed at start, and only the last few are kept.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeSegment } from '../../shared/ipc/input-schemas';

/** How many received files are kept at once (the seller imports one at a time). */
export const KEPT_RECEIVED_FILES = 10;

export interface ReceivedFiles {
  /** Writes `bytes` as a file named like `name`; answers its path. */
  keep(name: string, bytes: Buffer): Promise<{ path: string }>;
  /** Removes every received file. */
  close(): Promise<void>;
}

/** The page's name as a file name of one segment: no folders, no control characters. */
export function receivedName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const last = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f%]/g, '').trim();
  const cut = last.length > 200 ? last.slice(last.length - 200) : last;
  return isSafeSegment(cut) ? cut : 'file';
}

/** The received files of `dataDir`, after removing what an earlier run left. */
export async function openReceivedFiles(dataDir: string): Promise<ReceivedFiles> {
  const dir = path.join(dataDir, 'received');
  // Best effort: a read-only disk must not keep the app from starting (keep then says what failed).
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  const kept: string[] = [];
  return {
    async keep(name, bytes) {
      const folder = path.join(dir, randomUUID());
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, receivedName(name));
      await writeFile(file, bytes);
      kept.push(folder);
      while (kept.length > KEPT_RECEIVED_FILES) await rm(kept.shift()!, { recursive: true, force: true });
      return { path: file };
    },
    async close() {
      kept.length = 0;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
