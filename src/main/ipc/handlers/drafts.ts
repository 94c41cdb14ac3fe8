import type { DraftsService } from '../../drafts/drafts-service';
import type { Handlers } from '../router';
import type { LiveChannels } from './live';

// The drafts linked to live listings are handled with the rest of what is live (live.ts).
type DraftChannels = Exclude<Extract<keyof Handlers, `drafts:${string}`>, LiveChannels>;

/** Handlers of the `drafts:` channels. */
export function draftsHandlers(drafts: DraftsService): Pick<Handlers, DraftChannels> {
  return {
    'drafts:list': (input) => drafts.list(input ?? {}),
    'drafts:get': ({ id }) => drafts.get(id),
    'drafts:create': () => drafts.create(),
    'drafts:save': ({ draft }) => drafts.saveFields(draft),
    'drafts:duplicate': ({ id }) => drafts.duplicate(id),
    'drafts:trash': ({ ids }) => drafts.trash(ids),
    'drafts:restore': ({ ids }) => drafts.restore(ids),
    'drafts:empty-trash': () => drafts.emptyTrash(),
    'drafts:suggestions': () => drafts.suggestions(),
    'drafts:add-photos': ({ draftId, batchId, paths }) => drafts.addPhotos(draftId, batchId, paths),
    'drafts:add-photo-bytes': ({ draftId, batchId, name, size, base64 }) =>
      drafts.addPhotoBytes(draftId, batchId, { name, size, base64 }),
    'drafts:set-photos': ({ draftId, photoIds }) => drafts.setPhotos(draftId, photoIds),
  };
}
