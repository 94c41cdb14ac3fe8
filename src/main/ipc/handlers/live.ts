import type { Live } from '../../live';
import type { ActivityLog } from '../../ports/activity-log';
import type { PhotoUploads } from '../../uploads/photo-uploads';
import { absolutePaths } from '../absolute-paths';
import type { Handlers } from '../router';
import { photoBytesOf } from './uploads';

type LiveChannels =
  | 'listings:update'
  | 'listings:add-photos'
  | 'listings:add-photo-bytes'
  | 'listings:remove-photo'
  | 'listings:undo-remove-photo'
  | 'listings:edit-source'
  | 'listings:order-photos'
  | 'listings:publications'
  | 'publications:get'
  | 'publications:update'
  | 'drafts:from-listing'
  | 'drafts:live-diff'
  | 'drafts:push-changes'
  | 'drafts:live-resolve'
  | 'drafts:unlink';

/** The channels of what is live: listing edits, their photos and publications, linked drafts. */
export type { LiveChannels };

/** Handlers of the live channels. */
export function liveHandlers(
  live: Live,
  uploads: PhotoUploads,
  activity?: Pick<ActivityLog, 'record'>,
): Pick<Handlers, LiveChannels> {
  const { edits, links, copy, context } = live;
  return {
    'listings:update': async ({ uuid, patch }) => {
      const accountId = context.clientOf().accountId;
      const updated = await edits.update(uuid, patch);
      // Issue 37.5: the seller's change of a live ad, once the service took it; the change stands
      // whatever the log does.
      await activity
        ?.record({
          kind: 'live-change',
          account: accountId,
          ad: uuid,
          changed: { fields: Object.keys(patch) },
        })
        .catch(() => undefined);
      return updated;
    },
    'listings:add-photos': ({ uuid, paths }) => edits.addPhotos(uuid, absolutePaths(paths)),
    'listings:add-photo-bytes': async ({ uuid, name, size, ...source }) =>
      edits.addPhotoBytes(uuid, { name, size, bytes: await photoBytesOf(uploads, source) }),
    'listings:remove-photo': ({ uuid, url }) => edits.removePhoto(uuid, url),
    'listings:undo-remove-photo': ({ uuid, undoId }) => edits.undoRemovePhoto(uuid, undoId),
    'listings:edit-source': ({ uuid }) => live.editSource(uuid),
    'listings:order-photos': ({ uuid, urls }) => edits.orderPhotos(uuid, urls),
    'listings:publications': ({ uuid }) => context.publications.ofListing(context.clientOf().client, uuid),
    'publications:get': ({ listingUuid, uuid }) =>
      context.publications.get(context.clientOf().client, listingUuid, uuid),
    'publications:update': ({ listingUuid, uuid, patch }) =>
      context.publications.update(context.clientOf().client, listingUuid, uuid, patch),
    'drafts:from-listing': ({ uuid }) => copy.fromListing(uuid),
    'drafts:live-diff': ({ id }) => links.diff(id),
    'drafts:push-changes': ({ id }) => links.push(id),
    'drafts:live-resolve': ({ id, field, pick }) => links.resolve(id, field, pick),
    'drafts:unlink': ({ id }) => links.unlink(id),
  };
}
