// A feed row's photos sent to its live ad (issue 25.1): taken in as a dropped photo is (the same
// intake, the same limits), attached in the row's order, then the ad's earlier photos removed. Run
// again after a crash it ends the same: the earlier photos are whatever the ad had before.
import path from 'node:path';
import type { AccountView } from '../../shared/ipc/types';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { attachPhoto } from '../live/attach-photo';
import type { LiveContext } from '../live/live-context';
import { liveError, tooLargeMessage } from '../live/live-errors';
import { intakeMany } from '../media/intake-queue';
import type { DownloadRefusal } from './download';
import type { PhotoDownloads } from './photo-downloads';

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

/** The files of `refs`: paths as they are, https URLs downloaded (refused ones throw, in words). */
async function filesOf(refs: readonly string[], downloads: PhotoDownloads): Promise<string[]> {
  const files: string[] = [];
  for (const ref of refs) {
    if (!/^https?:\/\//i.test(ref)) {
      files.push(ref);
      continue;
    }
    const got = await downloads.fetch(new URL(ref));
    if (!got.ok)
      throw new AppError('invalid-input', downloadRefusal(ref, got.reason, { ...got.detail }), {
        reason: `feed-${got.reason}`,
      });
    files.push(got.file);
  }
  return files;
}

/** Replaces the live ad's photos by `refs` (in order); throws an AppError naming a refused one. */
export async function replaceLivePhotos(
  ctx: Pick<LiveContext, 'clientOf' | 'exclusive' | 'withWorkDir' | 'maxEdge' | 'remember'>,
  account: AccountView,
  uuid: string,
  refs: readonly string[],
  downloads: PhotoDownloads,
): Promise<void> {
  const files = await filesOf(refs, downloads);
  const { client } = ctx.clientOf(account.id);
  await ctx.exclusive(uuid, () =>
    ctx.withWorkDir(async (dir) => {
      try {
        let listing = await client.getListing(uuid);
        const earlier = [...listing.urls];
        const taken = await intakeMany(
          files.map((file) => ({ path: file })),
          { destDir: dir, maxEdge: ctx.maxEdge() },
        );
        const refused = taken.find((result) => !result.ok);
        if (refused && !refused.ok)
          throw new AppError(
            'invalid-input',
            mainI18n.t('errors:feedPhotoRefused', { name: refused.name, why: refused.message }),
            { reason: 'photo-refused' },
          );
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
        if (earlier.length > 0) await client.deleteMedia(uuid, earlier);
        await ctx.remember(account.id, await client.getListing(uuid));
      } catch (error) {
        throw liveError(error);
      }
    }),
  );
}
