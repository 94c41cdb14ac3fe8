// Managing what is live (issue 7): edits of live listings and their photos, their publications,
// and drafts linked to listings. One object per app, over the accounts, listings cache, drafts
// store and publish engine.
import type { ListingPatch } from '../../shared/domain/live';
import type { DraftsStore } from '../storage/drafts-store';
import { createDraftCopy, type DraftCopy } from './draft-copy';
import { createDraftLinks, type DraftLinks } from './draft-link';
import { liveEditSource, type SentCategories } from './linked-draft';
import { createLifecycle, type Lifecycle, type LifecycleDeps } from './lifecycle';
import { createListingEdits, updateRequestOf, type ListingEdits } from './listing-edits';
import { sentValues, settleLiveCall } from './live-call-settle';
import { runLiveCall } from './live-call-run';
import type { LiveCall } from '../ports/live-calls';
import { createLiveContext, type LiveContext, type LiveDeps } from './live-context';
import { createLiveSeen, type LiveSeen } from './live-seen';
import type { ChangeAuthors } from '../ports/change-authors';
import { createPhotoUndo, type PhotoUndoDeps } from './photo-undo';

/** The live services. */
export interface Live {
  context: LiveContext;
  edits: ListingEdits;
  links: DraftLinks;
  copy: DraftCopy;
  /** The one way a change to a live listing reaches its linked draft (issue 23.1). */
  seen: LiveSeen;
  /** Deleting ads (plainly or as sold) and pausing or resuming publications (issue 15). */
  lifecycle: Lifecycle;
  /** What a live listing's edit form starts from (issue 15: the same editor as drafts). */
  editSource(uuid: string): ReturnType<typeof liveEditSource>;
  /** The seller's change of a live ad (its fields), recorded and logged as a live call (issue 37.5). */
  change(uuid: string, patch: ListingPatch): ReturnType<ListingEdits['update']>;
  /** What a call whose row was never written did, read back from the service (issue 37.5). */
  settleCall(call: LiveCall): Promise<Record<string, unknown> | null>;
}

/** Builds the live services. */
export function createLive(
  deps: LiveDeps & {
    store: DraftsStore;
    onDraftsChanged(ids: string[]): void;
    /** The clock of the photo undo's window (tests move it). */
    now?: () => number;
    /** Told of each field a live change brings into a draft (issue 32.1). */
    authors?: Pick<ChangeAuthors, 'note'>;
  } & Pick<LifecycleDeps, 'notePublication' | 'settleReads' | 'followAd' | 'calls'>,
): Live {
  const drafts = { store: deps.store, onChange: deps.onDraftsChanged };
  const shared = createLiveContext(deps);
  const sentCategories: SentCategories = new Map();
  const seen = createLiveSeen(shared, {
    ...drafts,
    sentCategories,
    ...(deps.authors && { authors: deps.authors }),
  });
  // Every live change and read ends by remembering the listing as the service has it: its linked
  // draft follows there, whoever made the change (a live edit, a bulk change, a push).
  const context: LiveContext = {
    ...shared,
    async remember(accountId, listing, linked) {
      await shared.remember(accountId, listing);
      await seen.seen(accountId, listing, undefined, linked);
    },
  };
  const photoUndo: PhotoUndoDeps = { ...drafts, ...(deps.now && { now: deps.now }) };
  const edits = createListingEdits(context, createPhotoUndo(context, photoUndo), sentCategories);
  const lifecycle = createLifecycle(context, {
    store: deps.store,
    onDraftsChanged: deps.onDraftsChanged,
    ...(deps.notePublication && { notePublication: deps.notePublication }),
    ...(deps.settleReads && { settleReads: deps.settleReads }),
    ...(deps.followAd && { followAd: deps.followAd }),
    ...(deps.calls && { calls: deps.calls }),
  });
  // An approved end's job (bulk/) ends the ad: its drafts follow as after the lifecycle's own end.
  context.ended = async (accountId, listingUuid, sold) => {
    await lifecycle.ended(accountId, listingUuid, sold);
  };
  return {
    context,
    edits,
    change(uuid, patch) {
      const accountId = context.clientOf().accountId;
      return runLiveCall({
        calls: deps.calls,
        call: {
          kind: 'live-change',
          account: accountId,
          ad: uuid,
          ...sentValues({ ...updateRequestOf(patch) }),
        },
        send: () => edits.update(uuid, patch, accountId),
        changed: () => ({ fields: Object.keys(patch) }),
        log: deps.log,
      });
    },
    settleCall: (call) => settleLiveCall(context, call),
    seen,
    links: createDraftLinks(context, { ...drafts, seen }),
    copy: createDraftCopy(context, { ...drafts, sentCategories }),
    lifecycle,
    async editSource(uuid) {
      const source = await liveEditSource(context, deps.store, uuid, sentCategories);
      // The listing read fresh is seen: its linked draft follows what changed live.
      await seen.seen(context.clientOf().accountId, source.listing);
      return source;
    },
  };
}
