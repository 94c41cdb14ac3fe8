import type { Live } from '../../live';
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
export function liveHandlers(live: Live, uploads: PhotoUploads): Pick<Handlers, LiveChannels> {
  const { edits, links, copy, context } = live;
  return {
    // Issue 37.5: recorded before it is sent, logged with the record that settles it.
    'listings:update': ({ uuid, patch }) => live.change(uuid, patch),
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
