// A dropped file's bytes for the web shell's photo calls: one piece when it fits in one message,
// else an upload sent piece by piece (uploads:begin/append) that main assembles on disk. Only one
// piece of the file is in the page's memory at a time.
import {
  MAX_PHOTO_UPLOAD_BYTES,
  PHOTO_CHUNK_BYTES,
  type InputOf,
  type OutputOf,
} from '../../shared/ipc/contract';
import i18next from 'i18next';
import { IpcError } from '../../shared/ipc/envelope';
import { bytesToBase64 } from '../views/drafts/photos/base64';

type UploadChannel = 'uploads:begin' | 'uploads:append' | 'uploads:cancel';

/** The renderer's `call` (ipc/client), passed in so that this file runs under plain Node too. */
export type UploadCall = <C extends UploadChannel>(channel: C, input: InputOf<C>) => Promise<OutputOf<C>>;

/** The bytes part of a photo-bytes call: `base64` (null: too large to send) or `uploadId`. */
export type PhotoBytes = { base64: string | null } | { uploadId: string };

/**
 * `error` with main's English refusal of an upload (its `details.upload` names why) in the UI's
 * language; any other error as it is.
 */
export function inSellersWords(error: unknown): unknown {
  if (!(error instanceof IpcError) || !i18next.isInitialized) return error;
  const reason = (error.details as { upload?: unknown } | undefined)?.upload;
  const key = `photos.upload.${String(reason)}`;
  if (typeof reason !== 'string' || !i18next.exists(key)) return error;
  return new IpcError({ code: error.code, message: i18next.t(key), details: error.details });
}

/** The file could not be read (a call that fails throws its own IpcError instead). */
export class UnreadableFileError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'UnreadableFileError';
  }
}

async function readSlice(file: Blob, start: number, end: number): Promise<string> {
  try {
    return bytesToBase64(new Uint8Array(await file.slice(start, end).arrayBuffer()));
  } catch (error) {
    // Gone or unreadable since the drop (a removed USB stick, no permission).
    throw new UnreadableFileError(error);
  }
}

async function sendPieces(file: Blob, call: UploadCall, chunkBytes: number): Promise<string> {
  const { uploadId } = await call('uploads:begin', { size: file.size }).catch((error: unknown) => {
    throw inSellersWords(error);
  });
  try {
    for (let offset = 0; offset < file.size; offset += chunkBytes) {
      const base64 = await readSlice(file, offset, Math.min(offset + chunkBytes, file.size));
      await call('uploads:append', { uploadId, offset, base64 });
    }
    return uploadId;
  } catch (error) {
    // Main would drop it after a while anyway; say so now (on a lost connection this fails too).
    await call('uploads:cancel', { uploadId }).catch(() => undefined);
    throw inSellersWords(error);
  }
}

/** The bytes of `file` for drafts:/listings:add-photo-bytes; throws UnreadableFileError or IpcError. */
export async function photoBytesOf(
  file: Blob,
  call: UploadCall,
  chunkBytes = PHOTO_CHUNK_BYTES,
): Promise<PhotoBytes> {
  // Main words the refusal of a file too large, with its name and size.
  if (file.size > MAX_PHOTO_UPLOAD_BYTES) return { base64: null };
  if (file.size <= chunkBytes) return { base64: await readSlice(file, 0, file.size) };
  return { uploadId: await sendPieces(file, call, chunkBytes) };
}
