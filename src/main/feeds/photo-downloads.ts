// A feed run's photo downloads: each https URL fetched once per run (rows of one product share its
// photos), within limits, into a folder of the run's own that is removed when the run ends. What
// a URL gives is only ever handed on as a file to the drafts' intake, which judges it by its bytes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { download, DownloadError, type DownloadRefusal } from './download';

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
  { ok: true; file: string } | { ok: false; reason: DownloadRefusal; detail: DownloadError['detail'] };

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
    try {
      const got = await download(url, {
        maxBytes: limits.maxBytes,
        timeoutMs: limits.timeoutMs,
        accepts: (type) => PHOTO_TYPES.has(type),
        ca: options.ca,
        signal,
      });
      // A folder per download: two URLs ending in the same name must not overwrite each other.
      const file = path.join(await folder(), String(index), photoNameOf(url));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, got.bytes);
      return { ok: true, file };
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
