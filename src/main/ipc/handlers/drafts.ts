import type { DraftsService } from '../../drafts/drafts-service';
import type { PhotoUploads } from '../../uploads/photo-uploads';
import { absolutePaths } from '../absolute-paths';
import type { Handlers } from '../router';
import type { LiveChannels } from './live';
import { photoBytesOf } from './uploads';

// The drafts linked to live listings are handled with the rest of what is live (live.ts).
type DraftChannels = Exclude<Extract<keyof Handlers, `drafts:${string}`>, LiveChannels>;

/** Handlers of the `drafts:` channels. */
export function draftsHandlers(drafts: DraftsService, uploads: PhotoUploads): Pick<Handlers, DraftChannels> {
  return {
    'drafts:list': (input) => drafts.list(input ?? {}),
    'drafts:get': ({ id }) => drafts.get(id),
    'drafts:create': () => drafts.create(),
    'drafts:save': ({ draft, base }) => drafts.saveFields(draft, base),
    'drafts:duplicate': ({ id }) => drafts.duplicate(id),
    'drafts:trash': ({ ids }) => drafts.trash(ids),
    'drafts:restore': ({ ids }) => drafts.restore(ids),
    'drafts:empty-trash': () => drafts.emptyTrash(),
    'drafts:suggestions': (input) => drafts.suggestions(input?.draftId),
    'drafts:move-account': ({ ids, accountId, dryRun }) => drafts.moveAccount(ids, accountId, dryRun),
    'drafts:dismiss-account-upgrade': () => drafts.dismissAccountUpgrade(),
    'drafts:add-photos': ({ draftId, batchId, paths }) =>
      drafts.addPhotos(draftId, batchId, absolutePaths(paths)),
    'drafts:add-photo-bytes': async ({ draftId, batchId, name, size, ...source }) =>
      drafts.addPhotoBytes(draftId, batchId, { name, size, bytes: await photoBytesOf(uploads, source) }),
    'drafts:set-photos': ({ draftId, photoIds }) => drafts.setPhotos(draftId, photoIds),
    'drafts:shop-pick': ({ id, field, index }) => drafts.pickShopValue(id, field, index),
    'drafts:shop-dismiss-restored': ({ id }) => drafts.dismissShopRestored(id),
  };
}
