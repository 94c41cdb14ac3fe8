// The write phase of an import: new drafts for new rows (and possible duplicates the seller chose),
// the changed fields of existing drafts, then every photo through the drafts' own intake.
import path from 'node:path';
import pLimit from 'p-limit';
import type {
  ImportPhotoRefusal,
  ImportProgress,
  ImportRecord,
  ImportRowPreview,
} from '../../shared/domain/tables';
import { applyChanges } from '../../shared/domain/tables';
import type { DraftTemplate } from '../../shared/domain/drafts';
import type { AccountView } from '../../shared/ipc/types';
import type { DraftsService } from '../drafts/drafts-service';
import { AppError } from '../errors/app-error';
import type { DraftsStore } from '../storage/drafts-store';
import { draftInitOf, rowName } from './draft-start';
import type { ImportBook } from './import-book';

// The record of a running import is written this often, so a crash leaves it undoable.
const RECORD_EVERY = 200;
const PROGRESS_EVERY = 25;

export interface RunRowsDeps {
  store: Pick<DraftsStore, 'create' | 'update'>;
  drafts: Pick<DraftsService, 'addPhotos' | 'setPhotos'>;
  log: { error(message: string, error?: unknown): void };
  photoDrafts?: number | undefined;
}

export interface RunRowsInput {
  runId: string;
  account: AccountView;
  template: DraftTemplate | undefined;
  /** The rows to create or update, as planned just now. */
  chosen: ImportRowPreview[];
  book: ImportBook;
  record: ImportRecord;
  progress(phase: ImportProgress['phase'], done: number, total: number): void;
  onChange(ids: string[]): void;
}

/** A draft written for a row, and whether its photos replace the draft's. */
interface Written {
  row: ImportRowPreview;
  draftId: string;
  replacePhotos: boolean;
}

/** Writes the chosen rows; returns what was written and each photo the intake refused. */
export async function runRows(deps: RunRowsDeps, input: RunRowsInput) {
  const { record, book, progress, chosen } = input;
  const written: Written[] = [];
  const updatedIds: string[] = [];
  const failed: { row: ImportRowPreview; message: string }[] = [];
  try {
    progress('drafts', 0, chosen.length);
    for (const row of chosen) {
      const init = draftInitOf(input.account, row.draft, input.template);
      if (row.action === 'update' && row.match?.draftId !== undefined) {
        const changes = row.changes ?? [];
        try {
          await deps.store.update(row.match.draftId, (current) => {
            // Checked again inside the write: a publish may have started since the preview.
            if (current.status === 'publishing') throw new AppError('conflict', 'draft-busy');
            return applyChanges(current, init, changes);
          });
        } catch (error) {
          deps.log.error(`Import ${record.id}: ${rowName(row)} could not update its draft`, error);
          failed.push({ row, message: error instanceof Error ? error.message : String(error) });
          continue;
        }
        updatedIds.push(row.match.draftId);
        written.push({
          row,
          draftId: row.match.draftId,
          replacePhotos: changes.some((c) => c.field === 'photos'),
        });
      } else {
        const draft = await deps.store.create(init);
        record.draftIds.push(draft.id);
        written.push({ row, draftId: draft.id, replacePhotos: false });
        if (record.draftIds.length % RECORD_EVERY === 0)
          await book.saveRecord({ ...record, created: record.draftIds.length });
      }
      if (written.length % PROGRESS_EVERY === 0) progress('drafts', written.length, chosen.length);
    }
  } finally {
    record.created = record.draftIds.length;
    await book.saveRecord({ ...record });
    const ids = written.map((w) => w.draftId);
    if (ids.length > 0) input.onChange(ids);
  }
  progress('drafts', written.length, chosen.length);
  const photos = await takePhotos(deps, input, written);
  return { written, updatedIds, failed, ...photos };
}

async function takePhotos(deps: RunRowsDeps, input: RunRowsInput, written: Written[]) {
  // An update whose photos are the draft's already leaves them; new drafts take every photo found.
  const withPhotos = written.filter(
    (w) => w.row.draft.photos.length > 0 && (w.row.action !== 'update' || w.replacePhotos),
  );
  const photoTotal = withPhotos.reduce((sum, w) => sum + w.row.draft.photos.length, 0);
  const photosRefused: ImportPhotoRefusal[] = [];
  let photosAdded = 0;
  let photosDone = 0;
  if (photoTotal > 0) input.progress('photos', 0, photoTotal);
  const limit = pLimit(deps.photoDrafts ?? 2);
  await Promise.all(
    withPhotos.map(({ row, draftId, replacePhotos }) =>
      limit(async () => {
        try {
          const result = await deps.drafts.addPhotos(draftId, input.runId, row.draft.photos);
          photosAdded += result.added;
          for (const r of result.refused)
            photosRefused.push({ index: row.index, draftId, name: r.name, code: r.code, message: r.message });
          // The row's photos replace the draft's, once they are in (never a draft left without).
          if (replacePhotos && result.added > 0) {
            const count = result.added;
            await deps.drafts.setPhotos(
              draftId,
              result.draft.photos.slice(-count).map((p) => p.id),
            );
          }
        } catch (error) {
          // The draft stays (without these photos); the seller sees each photo named with why.
          deps.log.error(`Import ${input.record.id}: photos of ${rowName(row)} were not taken in`, error);
          const message = error instanceof Error ? error.message : String(error);
          const code = error instanceof AppError ? error.code : 'failed';
          for (const file of row.draft.photos)
            photosRefused.push({ index: row.index, draftId, name: path.basename(file), code, message });
        }
        photosDone += row.draft.photos.length;
        input.progress('photos', photosDone, photoTotal);
      }),
    ),
  );
  return { photosAdded, photosRefused: photosRefused.sort((a, b) => a.index - b.index) };
}
