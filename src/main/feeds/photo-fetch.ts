// A feed row's photos (issue 25.1): each reference is a file name in the feed's photo folder or an
// https URL, and all of them go, in the row's order, through the drafts' own intake, the same one a
// dropped photo goes through. A feed may come from a server the seller does not control, so a name
// never reaches outside the photo folder and a URL is downloaded within limits.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AddPhotosResult, PhotoRefusal } from '../../shared/ipc/types';
import { mainI18n } from '../i18n';
import { httpsUrl, DownloadError, shownUrl, type DownloadRefusal } from './download';
import { photoNameOf, type PhotoDownloads } from './photo-downloads';

export interface FeedPhotoDeps {
  /** The feed's photo folder, where names are looked up; absent: the feed names photos by URL only. */
  photoDir?: string | undefined;
  /** The run's downloads (photo-downloads.ts): a URL named by several rows is fetched once. */
  downloads: PhotoDownloads;
  /** The drafts' intake of dropped files for the row's draft (DraftsService.addPhotos, bound to it). */
  intake(paths: string[]): Promise<AddPhotosResult>;
}

/** A photo of the row that could not be taken, named as the feed names it. */
export interface FeedPhotoRefusal extends PhotoRefusal {
  /** The reference as the feed's cell gave it (a URL without any credentials). */
  ref: string;
}

export interface FeedPhotosResult {
  /** The intake's result; undefined when no photo was left to take in. */
  taken: AddPhotosResult | undefined;
  /** Ids of the photos added now, in the row's order (the draft's last `added` photos). */
  added: string[];
  refused: FeedPhotoRefusal[];
}

type LookupRefusal = 'no-folder' | 'not-in-folder' | 'outside-folder';

const URLISH = /^[a-z][a-z\d+.-]*:\/\//i;

function words(reason: DownloadRefusal | LookupRefusal, values: Record<string, unknown>): string {
  const all: Record<DownloadRefusal | LookupRefusal, () => string> = {
    'not-https': () => mainI18n.t('errors:feedPhoto.notHttps', values),
    'credentials-in-url': () => mainI18n.t('errors:feedPhoto.credentialsInUrl', values),
    'needs-password': () => mainI18n.t('errors:feedPhoto.needsPassword', values),
    'password-refused': () => mainI18n.t('errors:feedPhoto.needsPassword', values),
    'not-found': () => mainI18n.t('errors:feedPhoto.notFound', values),
    'http-status': () => mainI18n.t('errors:feedPhoto.httpStatus', values),
    'too-large': () => mainI18n.t('errors:feedPhoto.tooLarge', values),
    'cut-off': () => mainI18n.t('errors:feedPhoto.cutOff', values),
    'timed-out': () => mainI18n.t('errors:feedPhoto.timedOut', values),
    'redirect-loop': () => mainI18n.t('errors:feedPhoto.redirectLoop', values),
    'wrong-type': () => mainI18n.t('errors:feedPhoto.wrongType', values),
    certificate: () => mainI18n.t('errors:feedPhoto.certificate', values),
    unreachable: () => mainI18n.t('errors:feedPhoto.unreachable', values),
    cancelled: () => mainI18n.t('errors:feedPhoto.cancelled', values),
    'private-address': () => mainI18n.t('errors:feedPhoto.privateAddress', values),
    'no-folder': () => mainI18n.t('errors:feedPhoto.noFolder', values),
    'not-in-folder': () => mainI18n.t('errors:feedPhoto.notInFolder', values),
    'outside-folder': () => mainI18n.t('errors:feedPhoto.outsideFolder', values),
  };
  return all[reason]();
}

function refusal(
  ref: string,
  name: string,
  reason: DownloadRefusal | LookupRefusal,
  detail: DownloadError['detail'] = {},
  folder?: string,
): FeedPhotoRefusal {
  const max = detail.maxBytes === undefined ? undefined : Math.round(detail.maxBytes / (1024 * 1024));
  const message = words(reason, { ref, name, folder, ...detail, max });
  return { ref, name, code: `feed-${reason}`, message };
}

function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** The file a name stands for inside the photo folder (links followed, but never out of it). */
async function lookUp(name: string, photoDir: string | undefined): Promise<{ file: string } | LookupRefusal> {
  if (photoDir === undefined) return 'no-folder';
  let root: string;
  try {
    root = await realpath(photoDir);
  } catch {
    return 'not-in-folder';
  }
  // An absolute name, '..' or a link out of the folder would let a feed pick any file on the disk.
  if (path.isAbsolute(name) || !isInside(root, path.resolve(root, name))) return 'outside-folder';
  try {
    const real = await realpath(path.resolve(root, name));
    if (!isInside(root, real)) return 'outside-folder';
    return (await stat(real)).isFile() ? { file: real } : 'not-in-folder';
  } catch {
    return 'not-in-folder';
  }
}

/**
 * Finds or downloads each of a row's photo references and takes them in for its draft through the
 * drafts' intake, in order; each photo that cannot be taken is refused with its reason in plain words.
 */
export async function resolveFeedPhotos(
  refs: readonly string[],
  deps: FeedPhotoDeps,
  signal?: AbortSignal,
): Promise<FeedPhotosResult> {
  const wanted = [...new Set(refs.map((ref) => ref.trim()).filter((ref) => ref !== ''))];
  const found = await Promise.all(
    wanted.map(async (raw): Promise<{ file: string } | FeedPhotoRefusal> => {
      if (!URLISH.test(raw)) {
        const found = await lookUp(raw, deps.photoDir);
        return typeof found === 'object' ? found : refusal(raw, path.basename(raw), found, {}, deps.photoDir);
      }
      const ref = shownUrl(raw);
      let url: URL;
      try {
        url = httpsUrl(raw);
      } catch (error) {
        return refusal(ref, ref, error instanceof DownloadError ? error.reason : 'not-https');
      }
      const got = await deps.downloads.fetch(url, signal);
      return got.ok ? { file: got.file } : refusal(ref, photoNameOf(url), got.reason, got.detail);
    }),
  );
  signal?.throwIfAborted();
  const refused = found.filter((item): item is FeedPhotoRefusal => !('file' in item));
  const files = found.flatMap((item) => ('file' in item ? [item.file] : []));
  if (files.length === 0) return { taken: undefined, added: [], refused };
  const taken = await deps.intake(files);
  const refOf = new Map(
    found.flatMap((item, i) => ('file' in item ? [[path.basename(item.file), wanted[i]!]] : [])),
  );
  for (const r of taken.refused) refused.push({ ...r, ref: refOf.get(r.name) ?? r.name });
  const added = taken.added === 0 ? [] : taken.draft.photos.slice(-taken.added).map((p) => p.id);
  return { taken, added, refused };
}
