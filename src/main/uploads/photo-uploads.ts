// A photo too big for one socket message arrives in pieces (web shell): each upload is assembled
// in a temporary file under <dataDir>/uploads, in order, bounded in size and in number, and read
// whole once complete. Nothing is kept in memory between pieces.
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { MAX_PHOTO_UPLOAD_BYTES } from '../../shared/ipc/input-schemas';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';

/** Uploads open at once (the page sends three photos at a time; a second tab may add more). */
export const MAX_OPEN_UPLOADS = 12;
/** The declared sizes of all open uploads together: the most the folder can hold at once. */
export const MAX_OPEN_UPLOAD_BYTES = 6 * MAX_PHOTO_UPLOAD_BYTES;
/** An upload without a piece for this long was abandoned (page closed, tab crashed). */
export const UPLOAD_IDLE_MS = 10 * 60_000;

export interface PhotoUploads {
  /** Starts an upload of `size` bytes. */
  begin(size: number): Promise<{ uploadId: string }>;
  /** Writes the next piece; `offset` must be the count received so far. */
  append(uploadId: string, offset: number, bytes: Buffer): Promise<{ received: number }>;
  /** The complete upload's bytes, once; the upload is gone afterwards. */
  take(uploadId: string): Promise<Buffer>;
  /** Drops an upload; `done` false when there was none. */
  cancel(uploadId: string): Promise<{ done: boolean }>;
  /** Drops every upload and its file. */
  close(): Promise<void>;
}

interface Upload {
  file: string;
  size: number;
  received: number;
  touched: number;
  /** A piece is being written: a second one at the same time would interleave. */
  busy: boolean;
}

/** Why an upload was refused, in `details.upload`: the page words it in the seller's language. */
export type UploadRefusal = 'size' | 'busy' | 'unknown' | 'out-of-order' | 'too-long' | 'incomplete';

const refused = (code: 'invalid-input' | 'conflict' | 'not-found', upload: UploadRefusal, message: string) =>
  new AppError(code, message, { upload });

const unknownUpload = () => refused('not-found', 'unknown', mainI18n.t('errors:uploadUnknown'));

export interface PhotoUploadsOptions {
  now?: () => number;
  idleMs?: number;
}

/** The uploads of `dataDir` (its `uploads` folder), after removing what an earlier run left there. */
export async function openPhotoUploads(
  dataDir: string,
  options: PhotoUploadsOptions = {},
): Promise<PhotoUploads> {
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? UPLOAD_IDLE_MS;
  const dir = path.join(dataDir, 'uploads');
  // Pieces of an earlier run cannot be completed: its page and its upload ids are gone. Best
  // effort: a read-only disk must not keep the app from starting (begin then says what failed).
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  const uploads = new Map<string, Upload>();

  const drop = async (uploadId: string) => {
    const upload = uploads.get(uploadId);
    if (!upload) return false;
    uploads.delete(uploadId);
    await rm(upload.file, { force: true });
    return true;
  };
  const sweep = async () => {
    const stale = [...uploads].filter(([, u]) => !u.busy && now() - u.touched > idleMs).map(([id]) => id);
    await Promise.all(stale.map(drop));
  };
  const find = (uploadId: string): Upload => {
    const upload = uploads.get(uploadId);
    if (!upload) throw unknownUpload();
    return upload;
  };

  return {
    async begin(size) {
      if (!Number.isSafeInteger(size) || size < 1 || size > MAX_PHOTO_UPLOAD_BYTES) {
        throw refused(
          'invalid-input',
          'size',
          mainI18n.t('errors:uploadSize', { max: MAX_PHOTO_UPLOAD_BYTES }),
        );
      }
      await sweep();
      const reserved = [...uploads.values()].reduce((sum, u) => sum + u.size, 0);
      if (uploads.size >= MAX_OPEN_UPLOADS || reserved + size > MAX_OPEN_UPLOAD_BYTES) {
        throw refused('conflict', 'busy', mainI18n.t('errors:uploadBusy'));
      }
      const uploadId = randomUUID();
      const file = path.join(dir, `${uploadId}.part`);
      uploads.set(uploadId, { file, size, received: 0, touched: now(), busy: false });
      try {
        await mkdir(dir, { recursive: true });
        await appendFile(file, Buffer.alloc(0));
      } catch (error) {
        uploads.delete(uploadId);
        throw error;
      }
      return { uploadId };
    },

    async append(uploadId, offset, bytes) {
      const upload = find(uploadId);
      if (upload.busy || offset !== upload.received) {
        throw refused(
          'conflict',
          'out-of-order',
          mainI18n.t('errors:uploadOutOfOrder', { offset, expected: upload.received }),
        );
      }
      if (upload.received + bytes.length > upload.size) {
        await drop(uploadId);
        throw refused('invalid-input', 'too-long', mainI18n.t('errors:uploadTooLong', { size: upload.size }));
      }
      upload.busy = true;
      try {
        await appendFile(upload.file, bytes);
      } catch (error) {
        // The file may hold part of the piece: this upload cannot continue.
        await drop(uploadId);
        throw error;
      }
      upload.busy = false;
      if (uploads.get(uploadId) !== upload) {
        // Cancelled while the piece was written: the write may have made the file again.
        await rm(upload.file, { force: true });
        throw unknownUpload();
      }
      upload.received += bytes.length;
      upload.touched = now();
      return { received: upload.received };
    },

    async take(uploadId) {
      const upload = find(uploadId);
      if (upload.busy || upload.received !== upload.size) {
        throw refused(
          'invalid-input',
          'incomplete',
          mainI18n.t('errors:uploadIncomplete', { received: upload.received, size: upload.size }),
        );
      }
      upload.busy = true;
      try {
        return await readFile(upload.file);
      } finally {
        await drop(uploadId);
      }
    },

    cancel: async (uploadId) => ({ done: await drop(uploadId) }),

    async close() {
      uploads.clear();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
