// An ad's whole life (issue 15): deleting a live listing, plainly or as sold, and pausing or
// resuming one of its publications. After a delete the listing leaves the account's list, and each
// draft linked to it loses the link (so publishing it again makes a new ad): a plain delete makes it
// a draft again, a sale marks it 'ended'; its content stays either way. The same follows an end an
// approved request's job made (`ended`); in a team the drafts' change reaches the other desks as
// any draft edit does.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Draft } from '../../shared/domain/drafts';
import type {
  EndedDraft,
  ListingDeleteResult,
  PublicationStateRequest,
  PublicationView,
} from '../../shared/domain/live';
import type { PublicationStateView } from '../../shared/ipc/types';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { LiveCalls } from '../ports/live-calls';
import type { AdNews } from '../publish/jobs';
import type { DraftsStore } from '../storage/drafts-store';
import type { LiveContext } from './live-context';
import { runLiveCall } from './live-call-run';
import { liveError } from './live-errors';

/** What the lifecycle needs besides the live context. */
export interface LifecycleDeps {
  store: Pick<DraftsStore, 'get' | 'list' | 'update'>;
  /** Tells the UI which drafts changed. */
  onDraftsChanged(ids: string[]): void;
  /** Puts a publication's states on its listing's row in the listings view (when that view offers it). */
  notePublication?(accountId: string, listingUuid: string, state: PublicationStateView): Promise<void>;
  /** Tells the listing's publish jobs what became of the ad, so Publishing shows it (issue 23.5). */
  followAd?(listingUuid: string, news: AdNews): Promise<number>;
  /**
   * Where an ad ended, paused or resumed is recorded before the call and logged with the record
   * that settles it (issue 37.5).
   */
  calls?: LiveCalls;
  /** Reads after a pause or resume while the actual state has not followed yet (default 4, 500 ms apart). */
  settleReads?: { count: number; everyMs: number };
}

/** Deleting listings and pausing or resuming publications. */
export interface Lifecycle {
  /** Deletes a listing of the active account (or `accountId`'s); `sold` marks its linked drafts 'ended'. */
  deleteListing(uuid: string, sold: boolean, accountId?: string): Promise<ListingDeleteResult>;
  /**
   * What follows an ad's end made elsewhere (an approved request's job, issue 37.4), as after
   * `deleteListing`: the listing leaves the account's list, its jobs hear of it, and each draft
   * linked to it loses the link (marked 'ended' when `sold`). Not under the listing's lock: the
   * caller holds it.
   */
  ended(accountId: string, uuid: string, sold: boolean): Promise<EndedDraft[]>;
  /**
   * Asks for a publication to be paused or resumed; answers it as read afterwards. With `after`
   * (a feed's run), the reads until the state has followed, and what they tell the Listings view
   * and the jobs, are handed to it instead: the answer is the state asked for, as sent.
   */
  setPublicationState(
    listingUuid: string,
    uuid: string,
    state: PublicationStateRequest,
    accountId?: string,
    after?: (work: Promise<void>) => void,
  ): Promise<PublicationView>;
}

const DEFAULT_SETTLE_READS = { count: 4, everyMs: 500 };

/** Builds the lifecycle over the shared live context. */
export function createLifecycle(ctx: LiveContext, deps: LifecycleDeps): Lifecycle {
  const settleReads = deps.settleReads ?? DEFAULT_SETTLE_READS;

  // Drafts whose link points at the listing, found through the jobs that published it (a draft's
  // summary does not carry its link); a draft in the trash is left as it is.
  const linkedDrafts = async (accountId: string, listingUuid: string): Promise<Draft[]> => {
    const live = new Set(deps.store.list().map((summary) => summary.id));
    const ids = new Set<string>();
    for (const known of ctx.engine.publicationsOf(listingUuid)) {
      const draftId = ctx.engine.get(known.jobId)?.draftId;
      if (draftId !== undefined && live.has(draftId)) ids.add(draftId);
    }
    const drafts: Draft[] = [];
    for (const id of ids) {
      const draft = await deps.store.get(id).catch(() => null);
      if (draft?.remote?.listingUuid === listingUuid && (draft.accountId ?? accountId) === accountId)
        drafts.push(draft);
    }
    return drafts;
  };

  const endDrafts = async (drafts: Draft[], sold: boolean, listingUuid: string): Promise<EndedDraft[]> => {
    const ended: EndedDraft[] = [];
    for (const draft of drafts) {
      try {
        // 'draft' is settled to 'ready' by the store when the draft can be published.
        await deps.store.update(draft.id, (current) =>
          current.remote?.listingUuid === listingUuid
            ? { ...current, remote: null, status: sold ? 'ended' : 'draft' }
            : current,
        );
        ended.push({ id: draft.id, title: draft.title, outcome: sold ? 'ended' : 'unlinked' });
      } catch (error) {
        // The listing is gone whatever happens here; the draft keeps a dead link the editor reports.
        ctx.log.error(`Could not unlink draft ${draft.id} from deleted listing ${listingUuid}`, error);
      }
    }
    if (ended.length > 0) deps.onDraftsChanged(ended.map((draft) => draft.id));
    return ended;
  };

  // The ad's change is done whatever happens here; a job that keeps its old word is logged.
  const follow = (listingUuid: string, news: AdNews) =>
    deps
      .followAd?.(listingUuid, news)
      .catch((error: unknown) => ctx.log.error(`Could not tell the publish jobs of ${listingUuid}`, error));

  // An ad ended, however: it leaves the list, its jobs hear of it, its linked drafts lose the link.
  const afterEnd = async (accountId: string, uuid: string, sold: boolean, drafts: Draft[]) => {
    await ctx.listings.forget(accountId, uuid);
    await follow(uuid, { kind: 'deleted', sold });
    return endDrafts(drafts, sold, uuid);
  };

  return {
    async deleteListing(uuid, sold, of) {
      // A feed (issue 25) works on its own account, whichever the seller has selected.
      const { accountId, client } = ctx.clientOf(of);
      return ctx.exclusive(uuid, async () => {
        const drafts = await linkedDrafts(accountId, uuid);
        if (drafts.some((draft) => draft.status === 'publishing')) {
          throw new AppError('conflict', mainI18n.t('errors:adPublishingDelete'));
        }
        let outcome: ListingDeleteResult['outcome'];
        try {
          outcome = await runLiveCall({
            calls: deps.calls,
            call: { kind: 'end', account: accountId, ad: uuid, ...(sold && { sold }) },
            send: () => client.deleteListing(uuid),
            changed: (done) => ({ outcome: done, ...(sold && { sold }), drafts: drafts.length }),
            log: ctx.log,
          });
        } catch (error) {
          ctx.log.info(`Deleting listing ${uuid} of account ${accountId} failed: ${String(error)}`);
          throw liveError(error);
        }
        ctx.log.info(
          `Listing ${uuid} of account ${accountId} ${outcome === 'deleted' ? 'deleted' : 'was gone already'}` +
            `${sold ? ' (sold)' : ''}; ${drafts.length} linked draft(s)`,
        );
        return { uuid, outcome, sold, drafts: await afterEnd(accountId, uuid, sold, drafts) };
      });
    },

    async ended(accountId, uuid, sold) {
      const drafts = await linkedDrafts(accountId, uuid).catch((error: unknown) => {
        ctx.log.error(`Could not find the drafts linked to ended listing ${uuid}`, error);
        return [];
      });
      ctx.log.info(
        `Listing ${uuid} of account ${accountId} ended${sold ? ' (sold)' : ''}; ${drafts.length} linked draft(s)`,
      );
      return afterEnd(accountId, uuid, sold, drafts);
    },

    async setPublicationState(listingUuid, uuid, state, of, after) {
      const { accountId, client } = ctx.clientOf(of);
      try {
        await runLiveCall({
          calls: deps.calls,
          call: {
            kind: state === 'PAUSED' ? 'pause' : 'resume',
            account: accountId,
            ad: listingUuid,
            publication: uuid,
            state,
          },
          send: () => client.setPublicationState(listingUuid, uuid, state),
          changed: () => ({ publication: uuid, state }),
          log: ctx.log,
        });
      } catch (error) {
        ctx.log.info(
          `${state} of publication ${uuid} (listing ${listingUuid}, account ${accountId}) failed: ${String(error)}`,
        );
        throw liveError(error);
      }
      ctx.log.info(`${state} asked for publication ${uuid} (listing ${listingUuid}, account ${accountId})`);
      // The actual state follows asynchronously: read a few times while it differs from the request.
      const settle = async () => {
        let view: PublicationView;
        for (let read = 1; ; read += 1) {
          view = await ctx.publications.get(client, listingUuid, uuid);
          const settled = view.actualState !== null && view.actualState === view.requestedState;
          if (settled || read >= settleReads.count) break;
          await sleep(settleReads.everyMs);
        }
        await deps
          .notePublication?.(accountId, listingUuid, {
            uuid,
            requestedState: view.requestedState,
            actualState: view.actualState,
            adId: view.adId,
          })
          .catch((error: unknown) =>
            ctx.log.error('Could not put a publication state on its listing', error),
          );
        const { requestedState, actualState, adId } = view;
        await follow(listingUuid, {
          kind: 'states',
          publicationUuid: uuid,
          requestedState,
          actualState,
          adId,
        });
        return view;
      };
      if (!after) return settle();
      after(settle().then(() => undefined));
      return {
        listingUuid,
        uuid,
        requestedState: state,
        actualState: null,
        adId: null,
        postalCode: null,
        reason: null,
        checkedAt: null,
      };
    },
  };
}
