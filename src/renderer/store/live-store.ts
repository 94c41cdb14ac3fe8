// Managing the open live listing: changes to its fields, its photos and its publications. Every
// answer is the listing as the service has it afterwards, and that is what the detail pane shows.
import { create } from 'zustand';
import type {
  ListingPatch,
  PhotoUndoOffer,
  PublicationPatch,
  PublicationView,
} from '../../shared/domain/live';
import type { ListingView, PhotoRefusal } from '../../shared/ipc/types';
import { call } from '../ipc/client';
import { inSellersWords, photoBytesOf } from '../ipc/photo-bytes';
import { failureOf, type LiveFailure } from './live-failure';
import { useListingsStore } from './listings-store';

// Apart, so that the Change… button of the first view need not load this store (issue 18.4).
export { failureOf, type LiveFailure };

interface LiveState {
  /** The action under way ('save', 'photos', 'publication', 'copy'), one at a time. */
  busy: string | null;
  failure: LiveFailure | null;
  /** What the last action did, for a short confirmation. */
  done: string | null;
  publications: { uuid: string; items: PublicationView[] | null };
  adding: { done: number; total: number } | null;
  refused: PhotoRefusal[];
  /** The undo of the last photo removal, while it is offered (until `until`, a Date.now() time). */
  photoUndo: (PhotoUndoOffer & { listingUuid: string; until: number }) | null;
  /** What the last undo did: the photo is back, or its time had passed. */
  undone: { result: 'restored' | 'expired'; position: number } | null;
  update(uuid: string, patch: ListingPatch): Promise<boolean>;
  /**
   * Asks another desk to approve the change instead (this desk must ask, issue 37.4): a change
   * request carrying exactly `patch`; resolves whether it was asked.
   */
  askChange(uuid: string, patch: ListingPatch): Promise<boolean>;
  /** Removes a photo; its undo is then offered for a while. */
  removePhoto(uuid: string, url: string): Promise<void>;
  /** Sends the removed photo back to its place. */
  undoRemovePhoto(): Promise<void>;
  /** Stops offering the undo (its time is up, or another listing was opened). */
  dropUndo(): void;
  orderPhotos(uuid: string, urls: string[]): Promise<void>;
  addPhotos(uuid: string, files: File[]): Promise<void>;
  loadPublications(uuid: string): Promise<void>;
  updatePublication(listingUuid: string, uuid: string, patch: PublicationPatch): Promise<boolean>;
  /** A new draft copied from the listing; resolves with its id. */
  copyToDraft(uuid: string): Promise<string | null>;
  dismiss(): void;
}

// After these the photos shown are out of date: the listing is read again.
const RELOAD_AFTER = new Set(['invalid-ordering', 'media-not-removed']);

/** Shows `listing` in the detail pane (and in the list, until its next refresh). */
function show(listing: ListingView): void {
  const listings = useListingsStore.getState();
  if (listings.detail?.uuid === listing.uuid) {
    useListingsStore.setState({ detail: { ...listings.detail, listing, loading: false } });
  }
  if (listings.state) {
    const items = listings.state.listings.map((item) => (item.uuid === listing.uuid ? listing : item));
    useListingsStore.setState({ state: { ...listings.state, listings: items } });
  }
}

export const useLiveStore = create<LiveState>((set, get) => {
  /** Runs one action; a failure is kept for the pane, and stale photos are reloaded. */
  const act = async <T>(name: string, uuid: string, run: () => Promise<T>): Promise<T | null> => {
    set({ busy: name, failure: null, done: null });
    try {
      return await run();
    } catch (error) {
      const failure = failureOf(error);
      set({ failure });
      if (failure.problem && RELOAD_AFTER.has(failure.problem)) await useListingsStore.getState().open(uuid);
      return null;
    } finally {
      set({ busy: null });
    }
  };

  return {
    busy: null,
    failure: null,
    done: null,
    publications: { uuid: '', items: null },
    adding: null,
    refused: [],
    async update(uuid, patch) {
      const result = await act('save', uuid, () => call('listings:update', { uuid, patch }));
      if (!result) return false;
      show(result.listing);
      set({ done: 'saved', publications: { uuid, items: result.publications } });
      return true;
    },
    async askChange(uuid, patch) {
      const asked = await act('save', uuid, () =>
        call('approvals:ask', { kind: 'change', listing: uuid, patch }),
      );
      if (!asked) return false;
      set({ done: 'asked' });
      return true;
    },
    photoUndo: null,
    undone: null,
    async removePhoto(uuid, url) {
      set({ photoUndo: null, undone: null });
      const removal = await act('photos', uuid, () => call('listings:remove-photo', { uuid, url }));
      if (!removal) return;
      show(removal.listing);
      const { undo } = removal;
      if (undo) set({ photoUndo: { ...undo, listingUuid: uuid, until: Date.now() + undo.windowMs } });
    },
    async undoRemovePhoto() {
      const offer = get().photoUndo;
      if (!offer) return;
      const uuid = offer.listingUuid;
      set({ busy: 'photos', failure: null, done: null, undone: null });
      try {
        show(await call('listings:undo-remove-photo', { uuid, undoId: offer.id }));
        set({ photoUndo: null, undone: { result: 'restored', position: offer.position } });
      } catch (error) {
        const failure = failureOf(error);
        // Too late is said beside the photos, in the seller's language; anything else as any failure.
        if (failure.problem === 'undo-expired')
          set({ photoUndo: null, undone: { result: 'expired', position: offer.position } });
        else set({ failure });
      } finally {
        set({ busy: null });
      }
    },
    dropUndo: () => set({ photoUndo: null, undone: null }),
    async orderPhotos(uuid, urls) {
      const listing = await act('photos', uuid, () => call('listings:order-photos', { uuid, urls }));
      if (listing) show(listing);
    },
    async addPhotos(uuid, files) {
      set({ refused: [], adding: { done: 0, total: files.length } });
      await act('photos', uuid, async () => {
        const refused: PhotoRefusal[] = [];
        const pathOf = window.api?.pathForFile;
        const paths = pathOf ? files.map((file) => pathOf(file) ?? '') : [];
        if (paths.length > 0 && paths.every((path) => path !== '')) {
          // Electron: main reads the files itself.
          const result = await call('listings:add-photos', { uuid, paths });
          show(result.listing);
          refused.push(...result.refused);
        } else {
          // Web shell: one file's bytes at a time (a big one in pieces), each attached before the
          // next is read.
          for (const [index, file] of files.entries()) {
            const result = await call('listings:add-photo-bytes', {
              uuid,
              name: file.name || 'photo',
              size: file.size,
              ...(await photoBytesOf(file, call)),
            }).catch((error: unknown) => {
              throw inSellersWords(error);
            });
            show(result.listing);
            refused.push(...result.refused);
            set({ adding: { done: index + 1, total: files.length } });
          }
        }
        set({ refused });
      });
      set({ adding: null });
    },
    async loadPublications(uuid) {
      set({
        publications: { uuid, items: get().publications.uuid === uuid ? get().publications.items : null },
      });
      try {
        const items = await call('listings:publications', { uuid });
        if (useListingsStore.getState().selected === uuid) set({ publications: { uuid, items } });
      } catch (error) {
        set({ failure: failureOf(error), publications: { uuid, items: [] } });
      }
    },
    async updatePublication(listingUuid, uuid, patch) {
      const publication = await act('publication', listingUuid, () =>
        call('publications:update', { listingUuid, uuid, patch }),
      );
      if (!publication) return false;
      const current = get().publications;
      const items = (current.items ?? []).map((item) => (item.uuid === uuid ? publication : item));
      set({ done: 'publication-saved', publications: { uuid: listingUuid, items } });
      return true;
    },
    async copyToDraft(uuid) {
      const draft = await act('copy', uuid, () => call('drafts:from-listing', { uuid }));
      return draft?.id ?? null;
    },
    dismiss: () => set({ failure: null, done: null, refused: [] }),
  };
});
