// Schemas of the contract's hostile-input guards: ids that end up in paths or URLs, file paths
// handed to main, and photo bytes in socket-sized pieces. Pure zod: shared code has no node:path.
import { z } from 'zod';

/** The largest photo file main takes in, by path or as bytes from the page. */
export const MAX_PHOTO_UPLOAD_BYTES = 50 * 1024 * 1024;

/**
 * Bytes of a photo carried in one call; a larger photo goes in pieces (uploads:begin/append), so
 * that one socket message stays far below the web shell's limit (MAX_SOCKET_MESSAGE_BYTES).
 */
export const PHOTO_CHUNK_BYTES = 4 * 1024 * 1024;

// A listing uuid of '..' would turn `/v1/listings/{uuid}/media` into `/v1/media`: an id is one
// path segment or nothing. '%' is refused too, so that no decoding step can make one of '%2e%2e'.
// eslint-disable-next-line no-control-regex
const NOT_IN_SEGMENT = /[/\\%\u0000-\u001f\u007f]/;

/** True when `value` is safe as one segment of a path or URL. */
export function isSafeSegment(value: string): boolean {
  return value !== '' && value !== '.' && value !== '..' && !NOT_IN_SEGMENT.test(value);
}

/** An id (listing, publication, imprint, ticket, job, account, upload) that becomes a path segment. */
export const segmentIdSchema = z.string().min(1).max(100).refine(isSafeSegment, {
  message: 'must be an id, without “.”, “..”, “/”, “\\”, “%” or control characters',
});

// POSIX `/…`, Windows `C:\…` or `C:/…`, and UNC `\\server\share…` (which covers `\\?\C:\…`).
const ABSOLUTE_PATH = /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/])/;

/** True when `value` is an absolute file path on some platform (main checks its own, too). */
export function looksAbsolute(value: string): boolean {
  return ABSOLUTE_PATH.test(value) && !value.includes('\0');
}

/** A file or folder path given to main: absolute only, so it never depends on main's cwd. */
export const absolutePathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine(looksAbsolute, { message: 'must be an absolute path' });

/** Base64 text of at most `bytes` bytes. */
export function base64Schema(bytes: number) {
  return z
    .string()
    .max(Math.ceil(bytes / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');
}

// The generic object's output type hides these two fields from the refinement's parameter.
type Sources = { base64?: unknown; uploadId?: unknown };
const oneOf = (a: unknown, b: unknown) => (a !== undefined) !== (b !== undefined);

const photoBytesFields = {
  name: z.string().min(1).max(1000),
  size: z.int().nonnegative(),
  base64: base64Schema(PHOTO_CHUNK_BYTES).nullable().optional(),
  uploadId: segmentIdSchema.optional(),
};

/**
 * A call carrying one photo's bytes, with `ids` naming where it goes: either `base64` (one piece;
 * null when the page found the file too large to send) or `uploadId` (assembled from pieces).
 */
export function photoBytesSchema<Ids extends z.ZodRawShape>(ids: Ids) {
  return z
    .object({ ...ids, ...photoBytesFields })
    .strict()
    .refine((input) => oneOf((input as Sources).base64, (input as Sources).uploadId), {
      message: 'send either base64 or uploadId',
      path: ['uploadId'],
    });
}
