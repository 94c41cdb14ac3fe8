// The draft learns how its job went: its status and where it lives on the service. Only `status`
// and `remote` are touched, inside the store's read-change-write step, so whatever the seller typed
// meanwhile stays as typed.
import type { Draft, DraftRemote, DraftStatus } from '../../../shared/domain/drafts';

export interface DraftsPort {
  get(id: string): Promise<Draft>;
  update(id: string, change: (draft: Draft) => Draft): Promise<Draft>;
  /** The drafts with their status (not in the trash): lets the start-up repair read only a few. */
  list?(): readonly { id: string; status: DraftStatus }[];
}

export interface DraftSync {
  /** Sets the draft's status (and remote, when given); a draft that is gone is only logged. */
  set(draftId: string, status: DraftStatus, remote?: DraftRemote): Promise<void>;
  /** Sets the status of a draft still linked to `listingUuid`, leaving its link as it is. */
  follow(draftId: string, status: DraftStatus, listingUuid: string): Promise<void>;
}

/** A DraftSync over the drafts store; `changed` tells the UI which drafts changed. */
export function createDraftSync(
  drafts: DraftsPort,
  log: { info(message: string): void },
  changed: (ids: string[]) => void,
): DraftSync {
  const change = async (draftId: string, edit: (draft: Draft) => Draft): Promise<void> => {
    try {
      await drafts.update(draftId, edit);
      changed([draftId]);
    } catch (error) {
      // Deleted or moved to the trash while it was being published: the job still stands.
      log.info(`Publish: draft ${draftId} could not be updated (${(error as Error).message})`);
    }
  };
  return {
    set: (draftId, status, remote) =>
      change(draftId, (draft) => ({
        ...draft,
        // 'draft' is settled to 'ready' by the store when the draft can be published.
        status,
        remote: remote === undefined ? draft.remote : remote,
      })),
    // A draft unlinked (or linked elsewhere) meanwhile is the seller's choice and stays as it is.
    follow: (draftId, status, listingUuid) =>
      change(draftId, (draft) => (draft.remote?.listingUuid === listingUuid ? { ...draft, status } : draft)),
  };
}

/** A DraftSync whose changes are not awaited; `idle` resolves once all of them are written. */
export function withoutWaiting(sync: DraftSync) {
  const writes = new Set<Promise<void>>();
  // The draft is told without waiting: its store handles one change at a time for every draft, and
  // a job must not hold its slot in that line. The store keeps the order of one draft's changes.
  const keep = (write: Promise<void>): void => {
    writes.add(write);
    void write.finally(() => writes.delete(write));
  };
  return {
    set: (...args: Parameters<DraftSync['set']>): void => keep(sync.set(...args)),
    follow: (...args: Parameters<DraftSync['follow']>): void => keep(sync.follow(...args)),
    idle: () => Promise.all([...writes]).then(() => undefined),
  };
}
