// Reads a dropped file's bytes for intake, refusing what must not be read whole: an empty file, one
// over the size limit (checked before reading, so a 60 MB PNG costs nothing), and anything that is
// not a regular file.
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { IntakeErrorCode, MessageDetail } from './intake-messages';

/** A file on disk (Electron: its path from preload) or bytes sent by the web shell's page. */
export type IntakeSource = { path: string } | { bytes: Uint8Array; name: string };

export type SourceRead =
  { ok: true; bytes: Uint8Array } | { ok: false; code: IntakeErrorCode; detail: MessageDetail };

// A FIFO swapped in after the stat would otherwise block one of libuv's few threads forever.
// Windows has no O_NONBLOCK; it has no FIFOs in the file system either.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

const REASONS: Record<string, string> = {
  ENOENT: 'it no longer exists',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'too many links',
  ENAMETOOLONG: 'the name is too long',
  EIO: 'the disk reported an error',
};

/** The name to show for a source: the file's own name, never the folders above it. */
export function sourceName(source: IntakeSource): string {
  const raw = 'path' in source ? source.path : source.name;
  // A page-supplied name may carry either separator; only its last part names the file.
  const last = raw.split(/[\\/]/).filter(Boolean).pop();
  return last ?? 'unnamed file';
}

function sizeCheck(size: number, maxBytes: number): SourceRead | undefined {
  if (size === 0) return { ok: false, code: 'empty', detail: {} };
  if (size > maxBytes) return { ok: false, code: 'too-large', detail: { bytes: size, maxBytes } };
  return undefined;
}

function kindOf(info: { isDirectory(): boolean }): string {
  return info.isDirectory() ? 'a folder' : 'not a regular file';
}

/** Reads the source's bytes, or says why it cannot be taken. */
export async function readSource(source: IntakeSource, maxBytes: number): Promise<SourceRead> {
  if (!('path' in source))
    return sizeCheck(source.bytes.byteLength, maxBytes) ?? { ok: true, bytes: source.bytes };
  let handle: FileHandle | undefined;
  try {
    const before = await stat(source.path);
    if (!before.isFile()) return { ok: false, code: 'not-a-file', detail: { label: kindOf(before) } };
    const early = sizeCheck(before.size, maxBytes);
    if (early) return early;
    handle = await open(source.path, OPEN_FLAGS);
    const now = await handle.stat();
    if (!now.isFile()) return { ok: false, code: 'not-a-file', detail: { label: kindOf(now) } };
    const bytes = await handle.readFile();
    // The file may have changed between the stat and the read.
    return sizeCheck(bytes.byteLength, maxBytes) ?? { ok: true, bytes };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EISDIR') return { ok: false, code: 'not-a-file', detail: { label: 'a folder' } };
    return { ok: false, code: 'unreadable', detail: { reason: REASONS[code] ?? (code || 'unknown reason') } };
  } finally {
    await handle?.close();
  }
}
