// Deleting ads (plainly or as sold) and pausing or resuming publications, one at a time or for the
// ticked listings one after another. A failure is kept next to the button it belongs to (keyed by
// the listing's or the publication's uuid); the list follows main's `listings:changed` by itself.
import { create } from 'zustand';
import type {
  ListingDeleteResult,
  PublicationStateRequest,
  PublicationView,
} from '../../../../shared/domain/live';
import type { LiveAsk } from '../../../../shared/domain/approvals';
import { call } from '../../../ipc/client';
import { useListingsStore } from '../../../store/listings-store';
import { failureOf, useLiveStore, type LiveFailure } from '../../../store/live-store';

/** Why an action failed: the problem code ('not-offered', ...) or null, and the service's words. */
export type LifecycleFailure = LiveFailure;

/** What a delete did, shown where the ad was (its title, since the ad itself is gone). */
export interface DeleteNotice {
  title: string;
  result: ListingDeleteResult;
}

/** The bulk action under way or just done, with one line per ad. */
export interface BulkRun {
  /** Tells one run from the next (focus moves to the results at each start). */
  id: number;
  action: 'delete' | PublicationStateRequest;
  total: number;
  results: { uuid: string; title: string; ok: boolean; failure?: LifecycleFailure; none?: boolean }[];
  running: boolean;
  /** Issue 37.4: this desk must ask, so each ad became a request (nothing was sent). */
  asks?: boolean;
}

interface LifecycleState {
  /** The action under way per uuid (a listing's for delete, a publication's for pause or resume). */
  busy: Record<string, 'delete' | 'sold' | PublicationStateRequest>;
  failures: Record<string, LifecycleFailure>;
  notice: DeleteNotice | null;
  bulk: BulkRun | null;
  /** Requests made here for a listing or publication (issue 37.4): waiting in Approvals. */
  asked: Record<string, true>;
  /** Asks another desk to approve a pause, resume or end (this desk must ask); resolves whether asked. */
  ask(uuid: string, ask: LiveAsk): Promise<boolean>;
  /** Deletes the ad (as sold or not); resolves whether it is gone. */
  deleteAd(listing: { uuid: string; title: string }, sold: boolean): Promise<boolean>;
  setPublicationState(listingUuid: string, uuid: string, state: PublicationStateRequest): Promise<void>;
  /**
   * Runs `action` on each listing, one after another; `asks` (this desk must ask, issue 37.4): asks
   * for it instead, one request per ad (a pause or resume of all its publications, or its end).
   */
  runBulk(
    action: BulkRun['action'],
    listings: { uuid: string; title: string }[],
    asks?: boolean,
  ): Promise<void>;
  dismissNotice(): void;
  dismissBulk(): void;
}

// The ad left the list: the detail pane and its publications no longer show it.
function closeDetail(uuid: string): void {
  if (useListingsStore.getState().selected === uuid)
    useListingsStore.setState({ selected: undefined, detail: undefined });
}

// The publication as just read replaces the one the detail pane shows.
function showPublication(view: PublicationView): void {
  const { publications } = useLiveStore.getState();
  if (publications.uuid !== view.listingUuid || !publications.items) return;
  const items = publications.items.map((item) => (item.uuid === view.uuid ? view : item));
  useLiveStore.setState({ publications: { uuid: publications.uuid, items } });
}

export const useLifecycleStore = create<LifecycleState>((set, get) => {
  const start = (uuid: string, action: LifecycleState['busy'][string]) => {
    const { [uuid]: _old, ...failures } = get().failures;
    set({ busy: { ...get().busy, [uuid]: action }, failures });
  };
  const finish = (uuid: string, failure?: LifecycleFailure) => {
    const { [uuid]: _done, ...busy } = get().busy;
    set({ busy, ...(failure && { failures: { ...get().failures, [uuid]: failure } }) });
  };
  const stateOf = async (listingUuid: string, uuid: string, state: PublicationStateRequest) => {
    const view = await call('publications:set-state', { listingUuid, uuid, state });
    showPublication(view);
    return view;
  };

  return {
    busy: {},
    failures: {},
    notice: null,
    bulk: null,
    asked: {},

    async ask(uuid, ask) {
      start(
        uuid,
        ask.kind === 'end' ? (ask.sold ? 'sold' : 'delete') : ask.kind === 'pause' ? ask.state : 'delete',
      );
      try {
        await call('approvals:ask', ask);
        finish(uuid);
        set({ asked: { ...get().asked, [uuid]: true } });
        return true;
      } catch (error) {
        finish(uuid, failureOf(error));
        return false;
      }
    },

    async deleteAd(listing, sold) {
      start(listing.uuid, sold ? 'sold' : 'delete');
      try {
        const result = await call('listings:delete', { uuid: listing.uuid, sold });
        finish(listing.uuid);
        closeDetail(listing.uuid);
        set({ notice: { title: listing.title, result }, bulk: get().bulk?.running ? get().bulk : null });
        return true;
      } catch (error) {
        finish(listing.uuid, failureOf(error));
        return false;
      }
    },

    async setPublicationState(listingUuid, uuid, state) {
      start(uuid, state);
      try {
        await stateOf(listingUuid, uuid, state);
        finish(uuid);
      } catch (error) {
        finish(uuid, failureOf(error));
      }
    },

    async runBulk(action, listings, asks = false) {
      const run: BulkRun = {
        id: (get().bulk?.id ?? 0) + 1,
        action,
        total: listings.length,
        results: [],
        running: true,
        ...(asks && { asks }),
      };
      set({ bulk: run, notice: null });
      const note = (result: BulkRun['results'][number]) => {
        run.results = [...run.results, result];
        set({ bulk: { ...run } });
      };
      for (const listing of listings) {
        try {
          if (asks) {
            await call(
              'approvals:ask',
              action === 'delete'
                ? { kind: 'end', listing: listing.uuid }
                : { kind: 'pause', listing: listing.uuid, state: action },
            );
            set({ asked: { ...get().asked, [listing.uuid]: true } });
            note({ ...listing, ok: true });
            continue;
          }
          if (action === 'delete') {
            await call('listings:delete', { uuid: listing.uuid });
            closeDetail(listing.uuid);
            note({ ...listing, ok: true });
            continue;
          }
          const publications = await call('listings:publications', { uuid: listing.uuid });
          const changeable = publications.filter((p) => p.problem === undefined);
          for (const publication of changeable) await stateOf(listing.uuid, publication.uuid, action);
          note({ ...listing, ok: changeable.length > 0, none: changeable.length === 0 });
        } catch (error) {
          note({ ...listing, ok: false, failure: failureOf(error) });
        }
      }
      set({ bulk: { ...run, running: false } });
      // What was deleted is no longer ticked; what failed stays ticked for another try.
      const gone = new Set(
        run.results.filter((r) => r.ok && action === 'delete' && !asks).map((r) => r.uuid),
      );
      if (gone.size > 0) {
        const { selectedUuids, setSelection } = useListingsStore.getState();
        setSelection([...selectedUuids].filter((uuid) => !gone.has(uuid)));
      }
    },

    dismissNotice: () => set({ notice: null }),
    dismissBulk: () => set({ bulk: null }),
  };
});
