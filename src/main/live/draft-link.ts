// A published draft stays linked to its listing: how the two differ (fields and photos), the
// draft's own changes since the two last agreed sent as an update of that listing (never a new
// listing, never a value the draft merely had not caught up with: issue 23.1), a conflict picked
// by the seller, and the link dropped when the listing is gone. The draft's `remote.photoUrls` says
// which listing URL shows which of its photos.
import type { Draft } from '../../shared/domain/drafts';
import { DraftNotPublishableError, draftToListingCreateRequest } from '../../shared/domain/drafts';
import type { DraftLiveDiff } from '../../shared/domain/live';
import {
  type ListingFields,
  type MergeField,
  baseOf,
  compareWithListing,
  conflictsOf,
  desiredOrder,
  mergeLive,
  mergedDiff,
  resolveConflict,
} from '../../shared/domain/live';
import type { Listing } from '../../shared/service';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { appErrorOf } from '../drafts/drafts-service';
import type { DraftsStore } from '../storage/drafts-store';
import { fromDataPath } from '../storage/draft-files';
import { ServiceError } from '../service-client';
import { attachPhoto } from './attach-photo';
import type { LiveContext } from './live-context';
import type { LiveSeen } from './live-seen';
import { liveAppError, liveProblem, liveProblemOf, tooLargeMessage } from './live-errors';
import { updateRequestOf } from './listing-edits';

/** What the draft links need besides the live context. */
export interface DraftLinkDeps {
  store: DraftsStore;
  /** Tells the UI which drafts changed. */
  onChange(ids: string[]): void;
  /** Takes what the listing shows into the draft (the one way live changes reach it). */
  seen: LiveSeen;
}

/** Drafts and their live listings. */
export interface DraftLinks {
  diff(id: string): Promise<DraftLiveDiff>;
  /** Sends what the draft changed since the two last agreed: fields, removed and added photos, order. */
  push(id: string): Promise<DraftLiveDiff>;
  /** The seller's pick in a conflict: the live value into the draft, or the draft's to be sent. */
  resolve(id: string, field: MergeField, pick: 'live' | 'draft'): Promise<DraftLiveDiff>;
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
  rows: [],
  fromLive: [],
});

function fieldsOf(draft: Draft): ListingFields {
  const { urls: _urls, ...fields } = draftToListingCreateRequest(draft);
  return fields;
}

function conflictError(fields: string[]): AppError {
  const names = fields.map((field) => mainI18n.t(`errors:liveField.${field}`)).join(', ');
  const message = mainI18n.t('errors:liveConflicts', { fields: names });
  return new AppError('conflict', message, { problem: 'live-conflict', message, fields });
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
  /** The diff of a draft already merged with `listing`; `fromLive` says what the merge took in. */
  const diffOf = (draft: Draft, listing: Listing, fromLive: string[] = []): DraftLiveDiff => {
    const diff = { ...mergedDiff(mergeLive(baseOf(draft), draft, listing), listing), fromLive };
    if (diff.state !== 'differs') return diff;
    try {
      fieldsOf(draft);
      return diff;
    } catch (error) {
      if (!(error instanceof DraftNotPublishableError)) throw error;
      // An edit made the draft incomplete: it cannot be sent as it is.
      return { ...diff, problem: { problem: 'not-publishable', message: notComplete(error).message } };
    }
  };

  /** Merges the draft with its listing as read now; answers with the draft and what came in. */
  const follow = (draft: Draft, listing: Listing) => deps.seen.merge(draft.id, listing);

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
    return ctx.exclusive(uuid, () =>
      ctx.withWorkDir(async (dir) => {
        try {
          let listing = await client.getListing(uuid);
          // What changed live comes in first: only the draft's own changes are then left to send.
          draft = (await follow(draft, listing)).draft;
          const known = draft.remote?.photoUrls ?? {};
          const conflicts = conflictsOf(draft);
          if (conflicts.length > 0) throw conflictError(conflicts.map((c) => c.field));
          let fields: ListingFields;
          try {
            fields = fieldsOf(draft);
          } catch (error) {
            throw error instanceof DraftNotPublishableError ? notComplete(error) : error;
          }
          const merge = mergeLive(baseOf(draft), draft, listing);
          const full = compareWithListing(fields, draft.photos, known, listing);
          const plan = {
            ...full,
            fields: full.fields.filter((field) => merge.pending.includes(field)),
            // A photo the listing shows that was never agreed on is not the draft's to remove.
            removedUrls: full.removedUrls.filter((url) => merge.pendingPhotos.removedUrls.includes(url)),
          };
          const update = Object.fromEntries(plan.fields.map((field) => [field, fields[field]]));
          if (plan.fields.length > 0) {
            await client.updateListing(uuid, updateRequestOf(update));
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
            const url = known[photo.id];
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
          const saved = await edit(draft.id, (current) => ({
            ...current,
            status: 'published',
            remote: current.remote ? { ...current.remote, photoUrls } : current.remote,
          }));
          // Remembering the listing merges it into the draft: what was sent is now agreed on.
          await ctx.remember(accountId, listing);
          if (!linkOf(saved)) return emptyDiff(saved, 'unlinked', null);
          return diffOf(await read(saved.id), listing);
        } catch (error) {
          throw error instanceof AppError ? error : await ctx.fail(accountId, uuid, error);
        }
      }),
    );
  };

  /** Reads the draft's listing; a failure is the diff's state. */
  const readListing = async (
    draft: Draft,
    link: Link,
  ): Promise<{ listing: Listing } | { failed: DraftLiveDiff; error: unknown }> => {
    try {
      return { listing: await ctx.clientOf(draft.accountId).client.getListing(link.listingUuid) };
    } catch (error) {
      const problem = liveProblem(error);
      const state = problem.problem === 'listing-not-found' ? 'gone' : 'unknown';
      return { failed: { ...emptyDiff(draft, state, link.listingUuid), problem }, error };
    }
  };

  return {
    async diff(id) {
      const draft = await read(id);
      const link = linkOf(draft);
      if (!link) return emptyDiff(draft, 'unlinked', null);
      const got = await readListing(draft, link);
      if ('failed' in got) return got.failed;
      const { listing } = got;
      // Reading the listing is seeing it: what changed live reaches the draft now.
      const { draft: merged, fromLive } = await follow(draft, listing);
      return diffOf(merged, listing, fromLive);
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

    async resolve(id, field, pick) {
      const draft = await read(id);
      const link = linkOf(draft);
      if (!link) throw new AppError('conflict', mainI18n.t('errors:draftNotLinked'));
      const got = await readListing(draft, link);
      if ('failed' in got)
        throw await ctx.fail(draft.accountId ?? ctx.clientOf().accountId, link.listingUuid, got.error);
      const { listing } = got;
      // Against the listing as it is now: a pick made on values that have moved since is not taken.
      const { draft: merged } = await follow(draft, listing);
      if (!conflictsOf(merged).some((c) => c.field === field)) return diffOf(merged, listing);
      const saved = await edit(id, (current) => resolveConflict(current, field, pick) ?? current);
      return diffOf(saved, listing);
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
