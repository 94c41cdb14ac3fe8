// A feed's download (issue 35.1, 35.4): to a temporary file in <data>/feeds/cache/, never into
// memory whole, up to a limit counted after decompression (gzip as a content encoding or as the
// file itself), so a gzip bomb stops at the limit. Like a good client it asks conditionally with
// the validators of its last whole download (<id>.json: ETag, Last-Modified) and takes a 304 as
// "unchanged"; the kept copy <id>.body is replaced only once a new download arrived whole.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { makeFolder, moveFile, readJsonFile, writeFileAtomic } from '../../storage/atomic-file';
import { ACCESS_KEY_MASK } from '../../../shared/domain/feeds';
import { DownloadError, openDownload, shownUrl, type DownloadOptions } from '../download';

/** What a feed's download may grow to, unpacked. */
export const FEED_DOWNLOAD_MAX_BYTES = 500 * 1024 * 1024;

const validatorsSchema = z.object({
  /** The address the validators belong to, as it may be shown (no key or password). */
  url: z.string(),
  etag: z.string().optional(),
  lastModified: z.string().optional(),
});
type Validators = z.infer<typeof validatorsSchema>;

export interface FeedFetchOptions extends Omit<DownloadOptions, 'headers'> {
  /** <data>/feeds/cache */
  cacheDir: string;
  feedId: string;
  /**
   * Secrets the body may repeat (a Shopware export names its own address, access key included):
   * written to the kept copy as ACCESS_KEY_MASK, so no file of the data folder holds them.
   */
  mask?: readonly string[] | undefined;
}

export type FeedFetch =
  | { unchanged: true; /** The kept copy. */ file: string; bytes: number }
  | {
      unchanged: false;
      /** The kept copy, now the new download. */
      file: string;
      type: string;
      url: string;
      /** Size after decompression. */
      bytes: number;
    };

/** Where a feed's kept copy and its validators live. */
export function feedCacheFiles(cacheDir: string, feedId: string): { body: string; validators: string } {
  return { body: path.join(cacheDir, `${feedId}.body`), validators: path.join(cacheDir, `${feedId}.json`) };
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** Counts what passes and stops past `max` with a DownloadError. */
function limiter(max: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      counted.bytes += chunk.byteLength;
      if (counted.bytes > max) done(new DownloadError('too-large', { maxBytes: max }));
      else done(null, chunk);
    },
  });
}

/** Replaces each of `secrets` by `mask` in what passes, also where one spans two chunks. */
export function masker(secrets: readonly string[], mask: string): Transform {
  const wanted = secrets.filter((secret) => secret.length > 0).map((secret) => Buffer.from(secret));
  const replacement = Buffer.from(mask);
  const keep = Math.max(0, ...wanted.map((secret) => secret.length - 1));
  let carry = Buffer.alloc(0);
  const replaceAll = (bytes: Buffer): Buffer => {
    let out = bytes;
    for (const secret of wanted) {
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = out.indexOf(secret); at >= 0; at = out.indexOf(secret, from)) {
        parts.push(out.subarray(from, at), replacement);
        from = at + secret.length;
      }
      if (parts.length > 0) out = Buffer.concat([...parts, out.subarray(from)]);
    }
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      // Most chunks hold no secret, neither inside nor across the seam with the held-back bytes:
      // they pass without a copy (a copy of each chunk left tens of MB for the collector).
      const seam = Buffer.concat([carry, chunk.subarray(0, keep)]);
      const clean = wanted.every((secret) => seam.indexOf(secret) < 0 && chunk.indexOf(secret) < 0);
      if (clean && chunk.length >= keep) {
        if (carry.length > 0) this.push(carry);
        carry = Buffer.from(chunk.subarray(chunk.length - keep));
        done(null, chunk.subarray(0, chunk.length - keep));
        return;
      }
      const all = replaceAll(Buffer.concat([carry, chunk]));
      // The last bytes may be a secret's beginning: held back until the next chunk says.
      const cut = Math.max(0, all.length - keep);
      carry = Buffer.from(all.subarray(cut));
      done(null, all.subarray(0, cut));
    },
    flush(done: TransformCallback) {
      done(null, replaceAll(carry));
    },
  });
}

/** The body with its first chunk looked at: whether it is gzip-packed. */
async function peek(body: AsyncIterable<Buffer>): Promise<{ gzip: boolean; stream: Readable }> {
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : first.value;
  const gzip = head.length >= 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  async function* all(): AsyncGenerator<Buffer> {
    if (first.done) return;
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const stream = Readable.from(all(), { objectMode: false });
  // A consumer that stops early (the limit) ends the download too.
  stream.once('close', () => void iterator.return?.());
  return { gzip, stream };
}

async function readValidators(file: string, url: string): Promise<Validators | undefined> {
  const read = await readJsonFile(file, (value) => validatorsSchema.parse(value)).catch(() => undefined);
  return read?.state === 'ok' && read.value.url === url ? read.value : undefined;
}

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fetches the feed at `url` (its access key in it, never written anywhere) into its kept copy, or
 * answers `unchanged` when the server says the kept copy is current. Throws a DownloadError.
 */
export async function fetchFeed(url: URL, options: FeedFetchOptions): Promise<FeedFetch> {
  const files = feedCacheFiles(options.cacheDir, options.feedId);
  const shown = shownUrl(url.href);
  const keptBytes = await sizeOf(files.body);
  const known = keptBytes === undefined ? undefined : await readValidators(files.validators, shown);
  const headers: Record<string, string> = {};
  if (known?.etag !== undefined) headers['if-none-match'] = known.etag;
  if (known?.lastModified !== undefined) headers['if-modified-since'] = known.lastModified;
  const opened = await openDownload(url, { ...options, headers });
  if (opened.status === 304) {
    // Only asked with validators of a kept copy; a server answering 304 unasked sent nothing to use.
    if (known === undefined || keptBytes === undefined)
      throw new DownloadError('http-status', { status: 304 });
    return { unchanged: true, file: files.body, bytes: keptBytes };
  }
  await makeFolder(options.cacheDir);
  const temp = path.join(options.cacheDir, `${options.feedId}.${randomBytes(6).toString('hex')}.tmp`);
  const counted = { bytes: 0 };
  try {
    const { gzip, stream } = await peek(opened.body);
    const limit = limiter(options.maxBytes, counted);
    // Flushed to the disk before it replaces the kept copy, so a power cut leaves one whole copy or the other.
    const out = createWriteStream(temp, { flags: 'wx', flush: true });
    const hide = masker(options.mask ?? [], ACCESS_KEY_MASK);
    if (gzip) await pipeline(stream, createGunzip(), limit, hide, out);
    else await pipeline(stream, limit, hide, out);
    await moveFile(temp, files.body);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    if (error instanceof DownloadError) throw error;
    // zlib's words for a gzip file that breaks off or is not one.
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw new DownloadError('cut-off', { cause: code });
    throw error;
  }
  const etag = opened.headers.etag;
  const lastModified = opened.headers['last-modified'];
  const validators: Validators = {
    url: shown,
    ...(typeof etag === 'string' && { etag }),
    ...(typeof lastModified === 'string' && { lastModified }),
  };
  await writeFileAtomic(files.validators, `${JSON.stringify(validators)}\n`);
  return { unchanged: false, file: files.body, type: opened.type, url: opened.url, bytes: counted.bytes };
}

/** Forgets a feed's kept copy and validators (a removed feed). */
export async function forgetFeedCache(cacheDir: string, feedId: string): Promise<void> {
  const files = feedCacheFiles(cacheDir, feedId);
  await rm(files.body, { force: true });
  await rm(files.validators, { force: true });
}
