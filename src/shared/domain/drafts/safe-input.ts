// Guards of input that ends up in a path: an id that becomes one segment of a path or URL (the
// service's, or a file's in the data folder) and a file path handed to main. Pure zod: shared code
// has no node:path. The contract's input schemas (shared/ipc) and the stored feeds use them.
import { z } from 'zod';

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
