// A published draft stays linked to its listing: how the two differ (fields and photos), the
// difference sent as an update of that listing (never a new listing), and the link dropped when the
// listing is gone. The draft's `remote.photoUrls` says which listing URL shows which of its photos.
import type { Draft } from '../../shared/domain/draft';
import { DraftNotPublishableError, draftToListingCreateRequest } from '../../shared/domain/draft-requests';
import type { DraftLiveDiff } from '../../shared/domain/live';
import {
  compareWithListing,
  desiredOrder,
  liveDiffOf,
  type ListingFields,
} from '../../shared/domain/live-diff';
import type { Listing } from '../../shared/service';
import { AppError } from '../ipc/app-error';
import { mainI18n } from '../i18n';
import { appErrorOf } from '../drafts/drafts-service';
import type { DraftsStore } from '../storage/drafts-store';
import { fromDataPath } from '../storage/draft-files';
import { ServiceError } from '../service-client';
import { attachPhoto } from './attach-photo';
import type { LiveContext } from './live-context';
import { liveAppError, liveProblem, liveProblemOf, tooLargeMessage } from './live-errors';
import { updateRequestOf } from './listing-edits';

/** What the draft links need besides the live context. */
export interface DraftLinkDeps {
  store: DraftsStore;
  /** Tells the UI which drafts changed. */
  onChange(ids: string[]): void;
}

/** Drafts and their live listings. */
export interface DraftLinks {
  diff(id: string): Promise<DraftLiveDiff>;
  /** Sends the draft's difference to its listing: changed fields, removed and added photos, order. */
  push(id: string): Promise<DraftLiveDiff>;
  /** Forgets the draft's listing; the draft becomes a draft again. */
  unlink(id: string): Promise<Draft>;
}

interface Link {
  listingUuid: string;
  photoUrls: Record<string, string>;
}

// Linked once published: a listing alone (a publish that stopped half-way) belongs to its job.
function linkOf(draft: Draft): Link | null {
  const remote = draft.remote;
  if (!remote?.listingUuid || !remote.publicationUuid) return null;
  return { listingUuid: remote.listingUuid, photoUrls: { ...remote.photoUrls } };
}

const emptyDiff = (
  draft: Draft,
  state: DraftLiveDiff['state'],
  listingUuid: string | null,
): DraftLiveDiff => ({
  draftId: draft.id,
  listingUuid,
  state,
  fields: [],
  photos: { added: 0, removed: 0, reordered: false },
});

function fieldsOf(draft: Draft): ListingFields {
  const { urls: _urls, ...fields } = draftToListingCreateRequest(draft);
  return fields;
}

function notComplete(error: DraftNotPublishableError): AppError {
  const fields = [...new Set(error.issues.map((issue) => issue.field))].join(', ');
  return new AppError('invalid-input', mainI18n.t('errors:draftNotComplete', { fields }));
}

/** Builds the draft links over the shared live context. */
export function createDraftLinks(ctx: LiveContext, deps: DraftLinkDeps): DraftLinks {
  const { store } = deps;
  const read = async (id: string): Promise<Draft> => {
    try {
      return await store.get(id);
    } catch (error) {
      throw appErrorOf(error);
    }
  };
  const edit = async (id: string, change: (draft: Draft) => Draft): Promise<Draft> => {
    try {
      const saved = await store.update(id, change);
      deps.onChange([id]);
      return saved;
    } catch (error) {
      throw appErrorOf(error);
    }
  };
  const diffOf = (draft: Draft, link: Link, listing: Listing): DraftLiveDiff =>
    liveDiffOf(
      draft.id,
      link.listingUuid,
      compareWithListing(fieldsOf(draft), draft.photos, link.photoUrls, listing),
    );

  // Written as each photo attaches, so a push that stops half-way does not add it twice next time.
  const notePhotoUrl = (id: string, photoId: string, url: string) =>
    edit(id, (draft) =>
      draft.remote
        ? { ...draft, remote: { ...draft.remote, photoUrls: { ...draft.remote.photoUrls, [photoId]: url } } }
        : draft,
    );

  const push = async (draft: Draft, link: Link): Promise<DraftLiveDiff> => {
    const uuid = link.listingUuid;
    const { accountId, client } = ctx.clientOf(draft.accountId);
    let fields: ListingFields;
    try {
      fields = fieldsOf(draft);
    } catch (error) {
      throw error instanceof DraftNotPublishableError ? notComplete(error) : error;
    }
    return ctx.exclusive(uuid, () =>
      ctx.withWorkDir(async (dir) => {
        try {
          let listing = await client.getListing(uuid);
          const plan = compareWithListing(fields, draft.photos, link.photoUrls, listing);
          if (plan.fields.length > 0) {
            await client.updateListing(uuid, updateRequestOf(plan.update));
            // The update reaches every publication of the listing: the engine follows their
            // validation (from now, even if a later step of the push fails).
            await ctx.engine.retrack(uuid);
          }
          for (const url of plan.removedUrls) {
            try {
              await client.deleteMedia(uuid, [url]);
            } catch (error) {
              // Already gone ("Could not remove media."): that is what was wanted.
              if (!(error instanceof ServiceError && liveProblemOf(error) === 'media-not-removed'))
                throw error;
            }
          }
          if (plan.removedUrls.length > 0 || plan.addedPhotoIds.length > 0)
            listing = await client.getListing(uuid);
          const photoUrls: Record<string, string> = {};
          for (const photo of draft.photos) {
            const url = link.photoUrls[photo.id];
            if (url !== undefined && !plan.addedPhotoIds.includes(photo.id)) photoUrls[photo.id] = url;
          }
          for (const photoId of plan.addedPhotoIds) {
            const photo = draft.photos.find((p) => p.id === photoId)!;
            const outcome = await attachPhoto(
              client,
              uuid,
              {
                file: fromDataPath(ctx.dataDir, photo.file),
                mediaType: photo.mediaType,
                name: photo.originalName,
              },
              listing.urls,
              { workDir: dir },
            );
            if (!outcome.ok)
              throw liveAppError('media-too-large', undefined, tooLargeMessage(photo.originalName));
            listing = outcome.listing;
            photoUrls[photoId] = outcome.url;
            await notePhotoUrl(draft.id, photoId, outcome.url);
          }
          const order = desiredOrder(draft.photos, photoUrls, listing.urls);
          if (order.some((url, i) => listing.urls[i] !== url)) await client.orderMedia(uuid, order);
          listing = await client.getListing(uuid);
          await ctx.remember(accountId, listing);
          const saved = await edit(draft.id, (current) => ({
            ...current,
            status: 'published',
            remote: current.remote ? { ...current.remote, photoUrls } : current.remote,
          }));
          const savedLink = linkOf(saved);
          return savedLink ? diffOf(saved, savedLink, listing) : emptyDiff(saved, 'unlinked', null);
        } catch (error) {
          throw await ctx.fail(accountId, uuid, error);
        }
      }),
    );
  };

  return {
    async diff(id) {
      const draft = await read(id);
      const link = linkOf(draft);
      if (!link) return emptyDiff(draft, 'unlinked', null);
      let listing: Listing;
      try {
        listing = await ctx.clientOf(draft.accountId).client.getListing(link.listingUuid);
      } catch (error) {
        const problem = liveProblem(error);
        const state = problem.problem === 'listing-not-found' ? 'gone' : 'unknown';
        return { ...emptyDiff(draft, state, link.listingUuid), problem };
      }
      try {
        return diffOf(draft, link, listing);
      } catch (error) {
        if (!(error instanceof DraftNotPublishableError)) throw error;
        // An edit made the draft incomplete: it surely differs, and cannot be sent as it is.
        const fields = [...new Set(error.issues.map((issue) => issue.field.split('.')[0]!))];
        const problem = { problem: 'not-publishable', message: notComplete(error).message };
        return { ...emptyDiff(draft, 'differs', link.listingUuid), fields, problem };
      }
    },

    async push(id) {
      const draft = await read(id);
      const link = linkOf(draft);
      if (!link) {
        throw new AppError('conflict', mainI18n.t('errors:draftNotLinked'));
      }
      if (draft.status === 'publishing') {
        throw new AppError('conflict', mainI18n.t('errors:draftPublishingSend'));
      }
      return push(draft, link);
    },

    async unlink(id) {
      const draft = await read(id);
      if (draft.status === 'publishing') {
        throw new AppError('conflict', mainI18n.t('errors:draftPublishingUnlink'));
      }
      // 'draft' is settled to 'ready' by the store when the draft can be published.
      return edit(id, (current) => ({ ...current, remote: null, status: 'draft' }));
    },
  };
}
