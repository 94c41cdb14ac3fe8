// The drafts as the renderer uses them: the list with its filter, the editor's saves (fields only;
// photos have their own calls so a save never drops photos that arrived meanwhile), new drafts
// filled from the active account's defaults, and photo intake with progress. A draft belongs to
// one account (issue 15.1): the list shows one account's drafts or all, suggestions come from the
// draft's account, and a draft moves to another account only when the seller asks.
import { rm } from 'node:fs/promises';
import type { Draft, DraftFields, DraftInit, DraftPhoto } from '../../shared/domain/drafts';
import {
  type DraftAccountScope,
  type DraftFilter,
  type DraftSummary,
  type MoveAccountResult,
  type MoveStep,
  compactRows,
  countByAccount,
  filterDrafts,
  moveDraft,
  planMove,
} from '../../shared/domain/drafts';
import { mergeSave, newConflictFields, type ShopAuthor } from '../../shared/domain/shop';
import type { CatalogWarning, CatalogWarningCode, CategoryFacts } from '../../shared/domain/catalog';
import type {
  AccountView,
  AddPhotosResult,
  DraftListItem,
  DraftsListResult,
  DraftSuggestions,
  IntakeProgress,
} from '../../shared/ipc/types';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { addDroppedPhotos, addUploadedPhoto } from './photo-intake';
import { DraftStoreError, type DraftsStore } from '../storage/drafts-store';
import { fromDataPath } from '../storage/draft-files';
import type { AccountUpgrade } from '../storage/drafts-account-upgrade';
import { dismissShopRestored, pickShopConflict } from './shop-settle';
import type { ChangeAuthors, LocalSaver } from '../ports/change-authors';
import { SOURCE_DESK, saveSides } from './change-authors';
import type { SuggestionsBook, SuggestionSource } from './suggestions';

export interface DraftsServiceDeps {
  dataDir: string;
  store: DraftsStore;
  suggestions: SuggestionsBook;
  /** The active account (its defaults fill new drafts). */
  activeAccount(): AccountView;
  /** Every account there is (a draft may name one that was removed). */
  accounts(): AccountView[];
  /** An account's last known listings, for suggestions. */
  knownListings(accountId: string): Promise<SuggestionSource[]>;
  /** The note about drafts given an account at upgrade; null before the upgrade ran. */
  accountUpgrade(): AccountUpgrade | null;
  onChange(ids: string[]): void;
  onProgress(progress: IntakeProgress): void;
  log: { error(message: string, error?: unknown): void; info?(message: string): void };
  /** Longest edge of stored photos (the seller's setting; see media/intake). */
  maxEdge(): number;
  /** Who made what a field holds (a save's conflict names the other side by it); none: not known. */
  authors?: ChangeAuthors;
  /** The catalog's warnings of a draft (issue 33.6); none: no check. Called per listed row: keep it a lookup. */
  catalogWarnings?: (facts: CategoryFacts) => CatalogWarning[];
}

export interface DraftsService {
  list(
    filter: Omit<DraftFilter, 'accountId'> & {
      trash?: boolean;
      account?: DraftAccountScope;
      /** Only the first rows; `matched` counts them all. */
      first?: number;
      /** The rows in compact form (`rows`), `items` left empty. */
      compact?: boolean;
    },
  ): DraftsListResult;
  get(id: string): Promise<Draft>;
  create(): Promise<Draft>;
  /**
   * Saves the fields; with `base`, merged three ways against the draft as stored (see mergeSave):
   * the saver is named in a conflict as this desk, or on a lone desk as what saves (`source`).
   */
  saveFields(fields: DraftFields, base?: DraftFields, source?: LocalSaver): Promise<Draft>;
  duplicate(id: string): Promise<Draft>;
  trash(ids: string[]): Promise<{ count: number }>;
  restore(ids: string[]): Promise<{ count: number }>;
  emptyTrash(): Promise<{ count: number }>;
  /** For a draft: its account's listings; without one, the active account's. */
  suggestions(draftId?: string): Promise<DraftSuggestions>;
  /** Moves drafts to another account; with `dryRun`, only says what it would do. */
  moveAccount(ids: string[], accountId: string, dryRun?: boolean): Promise<MoveAccountResult>;
  dismissAccountUpgrade(): Promise<{ done: boolean }>;
  addPhotos(draftId: string, batchId: string, paths: string[]): Promise<AddPhotosResult>;
  addPhotoBytes(
    draftId: string,
    batchId: string,
    file: { name: string; size: number; bytes: Buffer | null },
  ): Promise<AddPhotosResult>;
  setPhotos(draftId: string, photoIds: string[]): Promise<Draft>;
  /** The seller's pick in a shop conflict (issue 24.4; shop-settle.ts). */
  pickShopValue(id: string, field: string, index: number): Promise<Draft>;
  /** The seller read the note that the draft came back after a deletion. */
  dismissShopRestored(id: string): Promise<Draft>;
}

/** Turns the store's refusals into errors the renderer can show. */
export function appErrorOf(error: unknown): unknown {
  if (!(error instanceof DraftStoreError)) return error;
  const code =
    error.code === 'not-found' ? 'not-found' : error.code === 'invalid' ? 'invalid-input' : 'conflict';
  // In the app's language; an invalid draft keeps the store's own words (what the check refused).
  const message = error.code === 'invalid' ? error.message : mainI18n.t(`errors:draftStore.${error.code}`);
  return new AppError(code, message);
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw appErrorOf(error);
  }
}

// The price rule's next time is the index's, for the runner (issue 25.5): no row shows it; nor the
// category and kind keys, which the catalog check reads (issue 33.6).
function listItem(summary: DraftSummary, catalogWarning: CatalogWarningCode | null): DraftListItem {
  const {
    searchText: _search,
    sortTitle: _sort,
    priceRuleDue: _due,
    category: _category,
    kindKeys: _kinds,
    ...item
  } = summary;
  return { ...item, catalogWarning };
}

/** A new draft's fields from an account's defaults (empty defaults leave the spec's blanks). */
export function draftInitFromDefaults(account: AccountView): DraftInit {
  const d = account.defaults;
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  const footer = d.descriptionFooter.trim();
  return {
    accountId: account.id,
    email: d.email.trim(),
    phoneNumber: orNull(d.phoneNumber),
    contactPerson: orNull(d.contactPerson),
    description: footer === '' ? '' : `\n\n${footer}`,
    publication: {
      street: d.street.trim(),
      city: d.city.trim(),
      district: orNull(d.district),
      postalCode: d.postalCode.trim(),
      availabilityRadiusInKm: orNull(d.availabilityRadiusInKm),
      imprintUuid: account.defaultImprintUuid,
    },
  };
}

/** Thrown inside a store update when a draft changed so that it can no longer move. */
class MoveOvertaken extends Error {
  constructor(readonly step: MoveStep) {
    super('The draft changed before it could move.');
  }
}

/** Builds the drafts service over an open store. */
export function createDraftsService(deps: DraftsServiceDeps): DraftsService {
  const { store, dataDir } = deps;

  // The two sides of a save's conflict: the saver, and whoever made the stored value (issue 32.1).
  const saverOf = (source: LocalSaver): ShopAuthor => {
    const [at, name] = [new Date().toISOString(), mainI18n.t(`shop:author.${source}`)];
    return deps.authors?.saver(at, source, name) ?? { desk: SOURCE_DESK[source], deskName: name, at };
  };

  return {
    list({ trash = false, account = 'all', first, compact = false, ...filter }) {
      const live = store.list();
      const source = trash ? store.listTrash() : live;
      const known = new Set(deps.accounts().map((a) => a.id));
      const accountId =
        account === 'selected' ? deps.activeAccount().id : account === 'removed' ? null : undefined;
      const matches = filterDrafts(source, { ...filter, accountId }, known);
      const shown = first === undefined ? matches : matches.slice(0, first);
      const warningOf = (summary: DraftSummary) => deps.catalogWarnings?.(summary)[0]?.code ?? null;
      return {
        items: compact ? [] : shown.map((summary) => listItem(summary, warningOf(summary))),
        ...(compact && { rows: compactRows(shown, warningOf) }),
        matched: matches.length,
        total: live.length,
        trashCount: trash ? source.length : store.listTrash().length,
        problems: store.problems.map(({ file, movedAside }) => ({ file, movedAside })),
        accountCounts: countByAccount(live),
        accountUpgrade: deps.accountUpgrade()?.notice() ?? null,
      };
    },

    get: (id) => guarded(() => store.get(id)),

    create: () =>
      guarded(async () => {
        const draft = await store.create(draftInitFromDefaults(deps.activeAccount()));
        deps.onChange([draft.id]);
        return draft;
      }),

    saveFields: (fields, base, source = 'editor') =>
      guarded(async () => {
        let found: string[] = [];
        let before: Draft | undefined;
        const mine = saverOf(source);
        const saved = await store.update(fields.id, (current) => {
          before = current;
          if (!base) return { ...current, ...fields };
          const sides = saveSides(deps.authors, current, mine, mainI18n.t('shop:author.elsewhere'));
          const merged = mergeSave(current, fields, base, sides);
          found = newConflictFields(current, merged);
          return merged;
        });
        // The saver is who made these values now: a change crossing them later names it.
        deps.authors?.note(before, saved, mine);
        if (found.length > 0)
          deps.log.info?.(`Draft ${saved.id}: a save met a change made meanwhile in ${found.join(', ')}`);
        deps.suggestions.note(saved);
        deps.onChange([saved.id]);
        return saved;
      }),

    pickShopValue: (id, field, index) => guarded(() => pickShopConflict(deps, id, field, index)),
    dismissShopRestored: (id) => guarded(() => dismissShopRestored(deps, id)),

    duplicate: (id) =>
      guarded(async () => {
        const copy = await store.duplicate(id);
        deps.onChange([copy.id]);
        return copy;
      }),

    trash: (ids) =>
      guarded(async () => {
        const before = store.listTrash().length;
        await store.trash(ids);
        deps.onChange(ids);
        return { count: store.listTrash().length - before };
      }),

    restore: (ids) =>
      guarded(async () => {
        const before = store.list().length;
        await store.restore(ids);
        deps.onChange(ids);
        return { count: store.list().length - before };
      }),

    emptyTrash: () =>
      guarded(async () => {
        const count = await store.emptyTrash();
        deps.onChange([]);
        return { count };
      }),

    async suggestions(draftId) {
      let listings: SuggestionSource[] = [];
      try {
        const accountId =
          draftId === undefined ? deps.activeAccount().id : (await store.get(draftId)).accountId;
        // A removed account's listings are gone with it: the seller's own history still helps.
        if (accountId !== null && deps.accounts().some((a) => a.id === accountId))
          listings = await deps.knownListings(accountId);
      } catch (error) {
        deps.log.error('Could not read the listings for suggestions', error);
      }
      return deps.suggestions.read(listings);
    },

    moveAccount: (ids, accountId, dryRun = false) =>
      guarded(async () => {
        const target = deps.accounts().find((a) => a.id === accountId);
        if (!target) throw new AppError('not-found', mainI18n.t('errors:accountGone'));
        const steps: MoveStep[] = [];
        for (const id of new Set(ids)) {
          let step = planMove(await store.get(id), target);
          if (!dryRun && step.outcome === 'moved') {
            try {
              // Planned again inside the update: a publish may have started since the read.
              await store.update(id, (current) => {
                const again = planMove(current, target);
                if (again.outcome !== 'moved') throw new MoveOvertaken(again);
                step = again;
                return moveDraft(current, target);
              });
            } catch (error) {
              if (!(error instanceof MoveOvertaken)) throw error;
              step = error.step;
            }
          }
          steps.push(step);
        }
        const moved = steps.filter((step) => step.outcome === 'moved').map((step) => step.id);
        if (!dryRun && moved.length > 0) deps.onChange(moved);
        return { dryRun, accountId, steps };
      }),

    async dismissAccountUpgrade() {
      return { done: (await deps.accountUpgrade()?.dismiss()) ?? false };
    },

    addPhotos: (draftId, batchId, paths) => guarded(() => addDroppedPhotos(deps, draftId, batchId, paths)),

    addPhotoBytes: (draftId, batchId, file) => guarded(() => addUploadedPhoto(deps, draftId, batchId, file)),

    setPhotos: (draftId, photoIds) =>
      guarded(async () => {
        let removed: DraftPhoto[] = [];
        const draft = await store.update(draftId, (current) => {
          const byId = new Map(current.photos.map((p) => [p.id, p]));
          const kept = [...new Set(photoIds)].flatMap((id) => byId.get(id) ?? []);
          const keptIds = new Set(kept.map((p) => p.id));
          removed = current.photos.filter((p) => !keptIds.has(p.id));
          return { ...current, photos: kept };
        });
        // Files go after the draft no longer names them: a crash in between leaves a stray file,
        // never a draft naming a missing photo.
        await Promise.all(
          removed.flatMap((p) => [p.file, p.thumb]).map((f) => rm(fromDataPath(dataDir, f), { force: true })),
        );
        deps.onChange([draftId]);
        return draft;
      }),
  };
}
