// Sends photos to main for intake. Electron: all paths in one call (main walks folders, reports
// progress by events). Web shell: one call per file with its bytes (a big file in pieces first),
// a few in flight at once so main's intake stays busy without the page holding fifty photos.
import pLimit from 'p-limit';
import type { AddPhotosResult } from '../../../../shared/ipc/types';
import { call } from '../../../ipc/client';
import { inSellersWords, UnreadableFileError, photoBytesOf, type PhotoBytes } from '../../../ipc/photo-bytes';
import type { PhotoCallGate } from './photo-call-gate';

/** Files sent side by side in the web shell. */
export const FILES_IN_FLIGHT = 3;

/** One file's outcome in the web shell: main's answer, or why the page could not send it. */
export type FileOutcome =
  | { index: number; file: File; result: AddPhotosResult }
  | { index: number; file: File; code: 'unreadable' | 'call-failed'; error: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Sends paths of dropped files and folders (Electron); `take` gets the answer inside the gate. */
export function sendPaths(
  gate: PhotoCallGate,
  input: { draftId: string; batchId: string; paths: string[] },
  take: (result: AddPhotosResult) => void,
): Promise<void> {
  return gate.add(async () => take(await call('drafts:add-photos', input)));
}

async function sendOne(
  gate: PhotoCallGate,
  ids: { draftId: string; batchId: string },
  file: File,
  index: number,
  onEach: (outcome: FileOutcome) => void,
): Promise<void> {
  let bytes: PhotoBytes;
  try {
    bytes = await photoBytesOf(file, call);
  } catch (error) {
    // Unreadable since the drop (a removed USB stick, no permission), or its pieces were refused.
    const code = error instanceof UnreadableFileError ? 'unreadable' : 'call-failed';
    onEach({ index, file, code, error: messageOf(error) });
    return;
  }
  const input = { ...ids, name: file.name || 'unnamed file', size: file.size, ...bytes };
  await gate.add(async () => {
    let outcome: FileOutcome;
    try {
      outcome = { index, file, result: await call('drafts:add-photo-bytes', input) };
    } catch (error) {
      outcome = { index, file, code: 'call-failed', error: messageOf(inSellersWords(error)) };
    }
    onEach(outcome);
  });
}

/**
 * Sends each file's bytes (web shell), `FILES_IN_FLIGHT` at a time. `onEach` hears every outcome,
 * main's answers inside the gate, so a set-photos sent after it knows the new photo.
 */
export async function sendFiles(
  gate: PhotoCallGate,
  ids: { draftId: string; batchId: string },
  files: readonly File[],
  onEach: (outcome: FileOutcome) => void,
): Promise<void> {
  const limit = pLimit(FILES_IN_FLIGHT);
  await Promise.all(files.map((file, index) => limit(sendOne, gate, ids, file, index, onEach)));
}
