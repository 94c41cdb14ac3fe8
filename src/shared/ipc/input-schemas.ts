// Schemas of the contract's hostile-input guards: ids that end up in paths or URLs, file paths
// handed to main, and photo bytes in socket-sized pieces. Pure zod: shared code has no node:path.
import { z } from 'zod';
import { segmentIdSchema } from '../domain/drafts';

// The guards of ids and paths live in shared/domain (stored feeds use them too); the contract's
// callers keep taking them from here.
export { absolutePathSchema, isSafeSegment, looksAbsolute, segmentIdSchema } from '../domain/drafts';

/** The largest photo file main takes in, by path or as bytes from the page. */
export const MAX_PHOTO_UPLOAD_BYTES = 50 * 1024 * 1024;

/**
 * Bytes of a photo carried in one call; a larger photo goes in pieces (uploads:begin/append), so
 * that one socket message stays far below the web shell's limit (MAX_SOCKET_MESSAGE_BYTES).
 */
export const PHOTO_CHUNK_BYTES = 4 * 1024 * 1024;

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
