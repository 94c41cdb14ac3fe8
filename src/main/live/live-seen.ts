// The one way a change to a live listing reaches the draft linked to it (issue 23.1): whenever the
// app sees the listing as the service has it (after a live edit, a bulk change, a read of the list
// or of the listing), the linked draft is merged with it three ways against the version both last
// agreed on (shared/domain/live/live-merge.ts). Photos added live are fetched into the draft's folder.
import { isDeepStrictEqual } from 'node:util';
import type { Draft, DraftPhoto } from '../../shared/domain/drafts';
import { type BroughtPhotos, baseOf, fullCategory, liveAddedUrls, mergeLive } from '../../shared/domain/live';
import type { ListingShown } from '../../shared/domain/live';
import { intakeMany } from '../media/intake-queue';
import { createKeyedLock } from '../publish/pacing';
import { photoFolder, toDataPath } from '../storage/draft-files';
import type { DraftsStore } from '../storage/drafts-store';
import { download } from './draft-copy';
import { findLinkedDraft, type SentCategories } from './linked-draft';
import type { LiveContext } from './live-context';
import type { ChangeAuthors } from '../ports/change-authors';
import { SOURCE_DESK } from '../drafts/change-authors';
import { mainI18n } from '../i18n';

/** What bringing live changes into drafts needs. */
export interface LiveSeenDeps {
  store: DraftsStore;
  onChange(ids: string[]): void;
  /** Category paths live edits sent, which the service may show by their last segment only. */
  sentCategories?: SentCategories;
  /** Told of each field a live change brings in, so a save crossing it names the live ad (issue 32.1). */
  authors?: Pick<ChangeAuthors, 'note'>;
}

/** Brings what a listing shows into its linked draft. */
export interface LiveSeen {
  /**
   * The listing of `accountId` as read (at `readAt`, performance.now(); default now): its linked
   * draft (if any) takes in what changed live. `linked`: that draft as the caller has just written
   * it (a feed's update), so it is neither looked for nor read again.
   */
  seen(accountId: string, listing: ListingShown, readAt?: number, linked?: Draft): Promise<void>;
  /**
   * Merges draft `draftId` with its listing as read: the draft as saved, and what came in.
   * `known`: the draft as just written (else it is read).
   */
  merge(
    draftId: string,
    listing: ListingShown,
    readAt?: number,
    known?: Draft,
  ): Promise<{ draft: Draft; fromLive: string[] }>;
  /**
   * Listing `listingUuid` was linked to its draft just now (a publish job ended): a read of it that
   * started earlier shows it as it was while the job still changed it, never a change made live.
   */
  linked(listingUuid: string): void;
}

/**
 * `change`, telling `linked` of each link to a published listing that it makes or makes anew (the
 * base both agree on is new), so reads that started before it are not taken for live changes.
 */
export function noteLinks(
  change: (draft: Draft) => Draft,
  linked: (listingUuid: string) => void,
): (draft: Draft) => Draft {
  return (draft) => {
    const next = change(draft);
    const remote = next.remote;
    if (remote?.listingUuid && remote.publicationUuid !== undefined)
      if (!isDeepStrictEqual(remote.base, draft.remote?.base)) linked(remote.listingUuid);
    return next;
  };
}

const linkedTo = (draft: Draft, uuid: string) =>
  draft.remote?.listingUuid === uuid && draft.remote.publicationUuid !== undefined;

/** Builds the one path from a live listing to its draft. */
export function createLiveSeen(
  ctx: Pick<LiveContext, 'engine' | 'dataDir' | 'maxEdge' | 'log'>,
  deps: LiveSeenDeps,
): LiveSeen {
  const { store } = deps;
  const lock = createKeyedLock();
  // When the newest read merged of each listing started: an older read that arrives later (a list
  // fetched while the listing was being changed) would look like a live change undoing the newer one.
  const mergedReadAt = new Map<string, number>();

  /** The photos the listing shows that the draft has not got, fetched and taken in; a failure is logged. */
  const bring = async (draft: Draft, listing: ListingShown): Promise<BroughtPhotos> => {
    const urls = liveAddedUrls(baseOf(draft), draft.photos, draft.remote?.photoUrls ?? {}, listing);
    const brought: Record<string, DraftPhoto> = {};
    for (const url of urls) {
      try {
        const bytes = await download(url, listing.urls.indexOf(url) + 1);
        const [result] = await intakeMany(
          [{ bytes, name: `listing-photo-${listing.urls.indexOf(url) + 1}` }],
          {
            destDir: photoFolder(ctx.dataDir, draft.id),
            maxEdge: ctx.maxEdge(),
          },
        );
        if (!result?.ok) throw new Error(result ? `${result.code}: ${result.message}` : 'no result');
        brought[url] = {
          ...result.photo,
          file: toDataPath(ctx.dataDir, result.photo.file),
          thumb: toDataPath(ctx.dataDir, result.photo.thumb),
        };
      } catch (error) {
        // Not agreed on, so never removed by Publish changes: tried again when the listing is next seen.
        ctx.log.error(
          `Draft ${draft.id}: a photo added to its live ad could not be taken in (${url})`,
          error,
        );
      }
    }
    return brought;
  };

  const merge = (draftId: string, read: ListingShown, readAt = performance.now(), known?: Draft) =>
    lock(read.uuid, async () => {
      if (readAt < (mergedReadAt.get(read.uuid) ?? -Infinity)) {
        return { draft: known ?? (await store.get(draftId)), fromLive: [] as string[] };
      }
      mergedReadAt.set(read.uuid, readAt);
      return mergeRead(draftId, read, known);
    });

  const mergeRead = async (draftId: string, read: ListingShown, known?: Draft) => {
    const sent = deps.sentCategories?.get(read.uuid);
    const listing = sent ? { ...read, category: fullCategory(read.category, sent) } : read;
    // Any change since it was written is merged below all the same: the write reads it as it is.
    const before = known ?? (await store.get(draftId));
    if (!linkedTo(before, listing.uuid)) return { draft: before, fromLive: [] };
    const brought = await bring(before, listing);
    // Seen again unchanged (every read of the list): nothing is written.
    const first = mergeLive(baseOf(before), before, listing, brought);
    if (isDeepStrictEqual(first.draft, before)) return { draft: before, fromLive: [] };
    let changed = false;
    let fromLive: string[] = [];
    let was: Draft | undefined;
    const draft = await store.update(draftId, (current) => {
      if (!linkedTo(current, listing.uuid)) return current;
      const merged = mergeLive(baseOf(current), current, listing, brought);
      changed = !isDeepStrictEqual(merged.draft, current);
      fromLive = merged.fromLive;
      was = current;
      return changed ? merged.draft : current;
    });
    if (changed) {
      const by = { desk: SOURCE_DESK.live, deskName: mainI18n.t('shop:author.live'), at: draft.updatedAt };
      deps.authors?.note(was, draft, by);
      deps.onChange([draftId]);
      ctx.log.info(
        `Draft ${draftId} took in from listing ${listing.uuid}: ${fromLive.join(', ') || 'agreed'}`,
      );
    }
    return { draft, fromLive };
  };

  return {
    merge,
    linked(listingUuid) {
      mergedReadAt.set(listingUuid, Math.max(performance.now(), mergedReadAt.get(listingUuid) ?? -Infinity));
    },
    async seen(accountId, listing, readAt = performance.now(), linked) {
      try {
        const given =
          linked && linkedTo(linked, listing.uuid) && (linked.accountId ?? accountId) === accountId;
        const draft = given ? linked : await findLinkedDraft(ctx, store, accountId, listing.uuid);
        if (draft) await merge(draft.id, listing, readAt, given ? linked : undefined);
      } catch (error) {
        // The draft keeps its base: the same difference is found and shown the next time it is compared.
        ctx.log.error(`The draft of listing ${listing.uuid} could not take in its live changes`, error);
      }
    },
  };
}
