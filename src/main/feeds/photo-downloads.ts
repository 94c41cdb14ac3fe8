// A feed run's photo downloads: each https URL fetched once per run (rows of one product share its
// photos), within limits, into a folder of the run's own that is removed when the run ends. What
// a URL gives is only ever handed on as a file to the drafts' intake, which judges it by its bytes.
// Across runs (issue 35.4) a photo is kept in <data>/feeds/cache/photos/ under a hash of its URL
// (the URL itself is written nowhere) and asked for conditionally: while its ETag or its bytes
// stay the same, it is the same photo (`reused`, with the same `digest`).
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import { DownloadError, openDownload, type DownloadRefusal } from './download';

export interface PhotoDownloadLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Downloads at the same time. */
  concurrency: number;
}

/** A shop's product photo is a few MB; the intake takes up to 50 MB from disk, but a download is bounded tighter. */
export const PHOTO_DOWNLOAD_LIMITS: PhotoDownloadLimits = {
  maxBytes: 25 * 1024 * 1024,
  timeoutMs: 30_000,
  concurrency: 4,
};

// The types the intake takes (media/sniff.ts); octet-stream and none too, since many file hosts name
// no better type, and the intake sniffs the bytes whatever the server says.
const PHOTO_TYPES = new Set([
  '',
  'application/octet-stream',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/png',
  'image/apng',
  'image/webp',
  'image/gif',
  'image/tiff',
  'image/avif',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
]);

export type PhotoDownload =
  | {
      ok: true;
      file: string;
      /** SHA-256 of the photo's bytes (hex): the same digest is the same photo. */
      digest: string;
      /** The photo kept from an earlier run still stands (a 304, or the same bytes again). */
      reused: boolean;
    }
  | { ok: false; reason: DownloadRefusal; detail: DownloadError['detail'] };

export interface PhotoDownloads {
  /** The URL's photo as a file, fetched at most once per run; or why it could not be. */
  fetch(url: URL, signal?: AbortSignal): Promise<PhotoDownload>;
  /** How many downloads were started (for the run's report and the tests). */
  readonly started: number;
  /** Removes every downloaded file. */
  dispose(): Promise<void>;
}

export interface PhotoDownloadsOptions {
  /** A folder the run's downloads go under (in a new folder of their own). */
  parentDir: string;
  limits?: Partial<PhotoDownloadLimits> | undefined;
  /** Certificates to trust besides the system's. */
  ca?: string | Buffer | undefined;
  /** The photos may be on a private, loopback or link-local address (the feed's allowance). */
  allowPrivateAddresses?: boolean | undefined;
  /** Addresses let through wherever they are (a test's server). */
  trustedAddresses?: readonly string[] | undefined;
  /** Where photos are kept between runs (<data>/feeds/cache/photos); absent: fetched anew each run. */
  cacheDir?: string | undefined;
}

const keptSchema = z.object({
  digest: z.string(),
  etag: z.string().optional(),
  lastModified: z.string().optional(),
});
type Kept = z.infer<typeof keptSchema>;

const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A kept photo's files, named by a hash of its URL. */
function keptFiles(cacheDir: string, url: URL): { meta: string; photo: string } {
  const name = createHash('sha256').update(url.href).digest('hex');
  return { meta: path.join(cacheDir, `${name}.json`), photo: path.join(cacheDir, `${name}.photo`) };
}

async function readKept(files: { meta: string; photo: string }): Promise<Kept | undefined> {
  try {
    if (!(await stat(files.photo)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const read = await readJsonFile(files.meta, (value) => keptSchema.parse(value)).catch(() => undefined);
  return read?.state === 'ok' ? read.value : undefined;
}

/** The last part of the URL's path as a safe file name (the name the seller sees for the photo). */
export function photoNameOf(url: URL): string {
  let last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // A broken escape is kept as written.
  }
  const safe = last.replace(/[\\/\0:*?"<>|]/g, '_').replace(/^\.+/, '');
  return safe === '' ? 'photo' : safe.slice(0, 120);
}

/** Starts a run's photo downloads. */
export function createPhotoDownloads(options: PhotoDownloadsOptions): PhotoDownloads {
  const limits = { ...PHOTO_DOWNLOAD_LIMITS, ...options.limits };
  const limit = pLimit(Math.max(1, limits.concurrency));
  const cache = new Map<string, Promise<PhotoDownload>>();
  let dir: Promise<string> | undefined;
  let started = 0;

  const folder = () =>
    (dir ??= mkdir(options.parentDir, { recursive: true }).then(() =>
      mkdtemp(path.join(options.parentDir, 'photos-')),
    ));

  const fetchOnce = async (url: URL, signal: AbortSignal | undefined): Promise<PhotoDownload> => {
    started += 1;
    const index = started;
    const files = options.cacheDir === undefined ? undefined : keptFiles(options.cacheDir, url);
    const kept = files && (await readKept(files));
    try {
      const opened = await openDownload(url, {
        maxBytes: limits.maxBytes,
        timeoutMs: limits.timeoutMs,
        accepts: (type) => PHOTO_TYPES.has(type),
        ca: options.ca,
        allowPrivateAddresses: options.allowPrivateAddresses,
        trustedAddresses: options.trustedAddresses,
        headers: {
          ...(kept?.etag !== undefined && { 'if-none-match': kept.etag }),
          ...(kept?.lastModified !== undefined && { 'if-modified-since': kept.lastModified }),
        },
        signal,
      });
      // A folder per download: two URLs ending in the same name must not overwrite each other.
      const file = path.join(await folder(), String(index), photoNameOf(url));
      await mkdir(path.dirname(file), { recursive: true });
      if (opened.status === 304) {
        if (!kept || !files) throw new DownloadError('http-status', { status: 304 });
        await copyFile(files.photo, file);
        return { ok: true, file, digest: kept.digest, reused: true };
      }
      const chunks: Buffer[] = [];
      for await (const chunk of opened.body) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      await writeFile(file, bytes);
      const digest = digestOf(bytes);
      if (files) {
        const { etag, 'last-modified': lastModified } = opened.headers;
        const meta: Kept = {
          digest,
          ...(typeof etag === 'string' && { etag }),
          ...(typeof lastModified === 'string' && { lastModified }),
        };
        if (kept?.digest !== digest) await writeFileAtomic(files.photo, bytes);
        await writeFileAtomic(files.meta, `${JSON.stringify(meta)}\n`);
      }
      return { ok: true, file, digest, reused: kept?.digest === digest };
    } catch (error) {
      if (!(error instanceof DownloadError)) throw error;
      return { ok: false, reason: error.reason, detail: error.detail };
    }
  };

  return {
    fetch(url, signal) {
      const key = url.href;
      let pending = cache.get(key);
      if (!pending) {
        pending = limit(() => fetchOnce(url, signal));
        cache.set(key, pending);
        // A download stopped by its caller is not this URL's answer: a later row may ask again.
        void pending.then(
          (result) => !result.ok && result.reason === 'cancelled' && cache.delete(key),
          () => cache.delete(key),
        );
      }
      return pending;
    },
    get started() {
      return started;
    },
    async dispose() {
      cache.clear();
      const made = dir;
      dir = undefined;
      if (made) await rm(await made, { recursive: true, force: true });
    },
  };
}
