// Photos added to a draft: files dropped or picked (folders opened), or bytes uploaded by the web
// shell, taken in with progress and appended to the draft in the order given; what could not be
// taken is refused by name, and photos that look like ones the draft has are named (photo-duplicates.ts).
import { rm } from 'node:fs/promises';
import type { Draft, DraftPhoto, PhotoDuplicate } from '../../shared/domain/drafts';
import { MAX_PHOTO_UPLOAD_BYTES } from '../../shared/ipc/contract';
import type { AddPhotosResult, IntakeProgress, PhotoRefusal } from '../../shared/ipc/types';
import { collectDroppedFiles } from '../media/folder';
import { intakeFailure, type IntakeResult, type IntakeSource } from '../media/intake';
import { intakeMany } from '../media/intake-queue';
import { fromDataPath, photoFolder, toDataPath } from '../storage/draft-files';
import type { DraftsStore } from '../storage/drafts-store';
import { isWriteFailure } from '../storage/write-failure';
import { findDuplicates, withHashes } from './photo-duplicates';

export interface PhotoIntakeDeps {
  dataDir: string;
  store: DraftsStore;
  /** Longest edge of stored photos (the seller's setting; see media/intake). */
  maxEdge(): number;
  onProgress(progress: IntakeProgress): void;
  onChange(ids: string[]): void;
  log: { error(message: string, error?: unknown): void };
}

/** Takes sources in for a draft and appends what was stored, in the order given. */
async function intake(
  deps: PhotoIntakeDeps,
  draftId: string,
  batchId: string,
  sources: IntakeSource[],
  refused: PhotoRefusal[],
): Promise<AddPhotosResult> {
  const { store, dataDir } = deps;
  const toDraftPhoto = (result: Extract<IntakeResult, { ok: true }>): DraftPhoto => ({
    ...result.photo,
    file: toDataPath(dataDir, result.photo.file),
    thumb: toDataPath(dataDir, result.photo.thumb),
  });
  // Refuse at once when the draft is gone: nothing would hold the photos.
  await store.get(draftId);
  const results = await intakeMany(sources, {
    destDir: photoFolder(dataDir, draftId),
    maxEdge: deps.maxEdge(),
    onProgress: (done, total, last) =>
      deps.onProgress({
        draftId,
        batchId,
        done,
        total,
        name: last.ok ? last.photo.originalName : last.name,
      }),
  });
  const stored = results.flatMap((r) => (r.ok ? [toDraftPhoto(r)] : []));
  // A full or read-only disk refuses every photo alike: said once, naming the folder, as an error.
  const refusedWrite = results.find((r) => !r.ok && isWriteFailure(r.writeError));
  if (refusedWrite && stored.length === 0 && !refusedWrite.ok) throw refusedWrite.writeError;
  for (const r of results) {
    if (!r.ok)
      refused.push({ name: r.name, code: r.code, message: r.message, ...(r.label && { label: r.label }) });
  }
  let draft: Draft;
  let duplicates: PhotoDuplicate[] = [];
  try {
    // Compared inside the update: photos stored meanwhile by a batch sent alongside count too.
    draft = await store.update(draftId, async (current) => {
      const photos = stored.length > 0 ? await withHashes(dataDir, current.photos, deps.log) : current.photos;
      duplicates = findDuplicates(photos, stored);
      return { ...current, photos: [...photos, ...stored] };
    });
  } catch (error) {
    // The draft went to the trash or away while its photos were processed: drop the files.
    await Promise.all(
      stored.flatMap((p) => [p.file, p.thumb]).map((f) => rm(fromDataPath(dataDir, f), { force: true })),
    );
    throw error;
  }
  if (stored.length > 0) deps.onChange([draftId]);
  return { draft, added: stored.length, refused, duplicates };
}

/** Adds the photos at `paths` (files, and the photos in folders) to a draft. */
export async function addDroppedPhotos(
  deps: PhotoIntakeDeps,
  draftId: string,
  batchId: string,
  paths: string[],
): Promise<AddPhotosResult> {
  const dropped = await collectDroppedFiles(paths);
  const refused: PhotoRefusal[] = dropped.skipped.map(({ name, code, message }) => ({
    name,
    code,
    message,
  }));
  return intake(
    deps,
    draftId,
    batchId,
    dropped.files.map((path) => ({ path })),
    refused,
  );
}

/** Adds one uploaded photo to a draft; one missing or too large is refused without reading it. */
export async function addUploadedPhoto(
  deps: PhotoIntakeDeps,
  draftId: string,
  batchId: string,
  { name, size, bytes }: { name: string; size: number; bytes: Buffer | null },
): Promise<AddPhotosResult> {
  if (bytes === null || size > MAX_PHOTO_UPLOAD_BYTES) {
    const refusal = intakeFailure(name, 'too-large', { bytes: size, maxBytes: MAX_PHOTO_UPLOAD_BYTES });
    const draft = await deps.store.get(draftId);
    return {
      draft,
      added: 0,
      refused: [{ name, code: refusal.code, message: refusal.message }],
      duplicates: [],
    };
  }
  return intake(deps, draftId, batchId, [{ bytes, name }], []);
}
