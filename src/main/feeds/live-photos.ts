// A feed row's photos sent to its live ad (issue 25.1): taken in as a dropped photo is (the same
// intake, the same limits), attached in the row's order, then the ad's earlier photos of the feed
// removed; those the seller added by hand stay after the feed's (issue 35.5). Run again after a
// crash it ends the same: the earlier photos are whatever the ad had before.
import path from 'node:path';
import type { AccountView } from '../../shared/ipc/types';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { attachPhoto } from '../live/attach-photo';
import type { LiveContext } from '../live/live-context';
import { liveError, tooLargeMessage } from '../live/live-errors';
import { intakeMany } from '../media/intake-queue';
import type { FeedMissedPhoto } from '../../shared/domain/feeds';
import { shownUrl, type DownloadRefusal } from './download';
import { photoNameOf, type PhotoDownloads } from './photo-downloads';

/** The words of a photo download's refusal (the feed sources' own, under errors:feedPhoto). */
function downloadRefusal(ref: string, reason: DownloadRefusal, detail: Record<string, unknown>): string {
  const values = { ref, ...detail };
  switch (reason) {
    case 'not-found':
      return mainI18n.t('errors:feedPhoto.notFound', values);
    case 'too-large':
      return mainI18n.t('errors:feedPhoto.tooLarge', {
        ...values,
        max: Math.round(Number(detail.maxBytes) / 1048576),
      });
    case 'timed-out':
      return mainI18n.t('errors:feedPhoto.timedOut', values);
    case 'wrong-type':
      return mainI18n.t('errors:feedPhoto.wrongType', values);
    case 'needs-password':
    case 'password-refused':
      return mainI18n.t('errors:feedPhoto.needsPassword', values);
    default:
      return mainI18n.t('errors:feedPhoto.unreachable', { ...values, cause: reason });
  }
}

/** The files of `refs` (paths as they are, https URLs downloaded), and the URLs that could not be. */
async function filesOf(
  refs: readonly string[],
  downloads: PhotoDownloads,
): Promise<{ files: string[]; missed: FeedMissedPhoto[] }> {
  const files: string[] = [];
  const missed: FeedMissedPhoto[] = [];
  for (const ref of refs) {
    if (!/^https?:\/\//i.test(ref)) {
      files.push(ref);
      continue;
    }
    const url = new URL(ref);
    const got = await downloads.fetch(url);
    if (got.ok) files.push(got.file);
    else
      missed.push({
        ref: shownUrl(ref),
        name: photoNameOf(url),
        message: downloadRefusal(shownUrl(ref), got.reason, { ...got.detail }),
      });
  }
  return { files, missed };
}

/**
 * Replaces the feed's photos of the live ad by `refs` (in order): the ad's first `feedCount` photos
 * are the feed's (absent: all of them); photos the seller added by hand after them stay, after the
 * feed's new ones (issue 35.5). A photo that cannot be fetched or taken in is left out and answered;
 * when none can be, the ad keeps the photos it has. Throws an AppError when the service refuses.
 */
export async function replaceLivePhotos(
  ctx: Pick<LiveContext, 'clientOf' | 'exclusive' | 'withWorkDir' | 'maxEdge' | 'remember'>,
  account: AccountView,
  uuid: string,
  refs: readonly string[],
  downloads: PhotoDownloads,
  feedCount?: number,
): Promise<FeedMissedPhoto[]> {
  const { files, missed } = await filesOf(refs, downloads);
  if (files.length === 0) return missed;
  const { client } = ctx.clientOf(account.id);
  await ctx.exclusive(uuid, () =>
    ctx.withWorkDir(async (dir) => {
      try {
        let listing = await client.getListing(uuid);
        const earlier = [...listing.urls];
        const feeds = earlier.slice(0, feedCount ?? earlier.length);
        const sellers = earlier.slice(feeds.length);
        const taken = await intakeMany(
          files.map((file) => ({ path: file })),
          { destDir: dir, maxEdge: ctx.maxEdge() },
        );
        for (const result of taken)
          if (!result.ok) missed.push({ ref: result.name, name: result.name, message: result.message });
        if (!taken.some((result) => result.ok)) return;
        const before = new Set(earlier);
        for (const result of taken) {
          if (!result.ok) continue;
          const { photo } = result;
          const outcome = await attachPhoto(
            client,
            uuid,
            { file: photo.file, mediaType: photo.mediaType, name: photo.originalName },
            listing.urls,
            { workDir: dir },
          );
          if (!outcome.ok)
            throw new AppError('invalid-input', tooLargeMessage(path.basename(photo.originalName)), {
              reason: 'media-too-large',
            });
          listing = outcome.listing;
        }
        const added = listing.urls.filter((url) => !before.has(url));
        if (feeds.length > 0) await client.deleteMedia(uuid, feeds);
        // The feed's photos first, in the row's order; the seller's after them.
        const order = [...added, ...sellers];
        listing = await client.getListing(uuid);
        if (sellers.length > 0 && order.some((url, i) => listing.urls[i] !== url))
          listing = await client.orderMedia(uuid, order);
        await ctx.remember(account.id, listing);
      } catch (error) {
        throw liveError(error);
      }
    }),
  );
  return missed;
}
