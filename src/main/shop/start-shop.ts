// How the composition root brings a desk into its shop: the membership and the outbox (which the
// stores mark through kinds/live-outbox.ts), then the session with the password from the keychain,
// and the sync over the stores' own functions; at start, or as soon as a join made while the app
// runs succeeds. Without membership.json nothing of this runs and the desk works alone on its files,
// as before (issue 24.8).
import { mergeShopDraft, mergeShopRecord, restoreAfterDelete } from '../../shared/domain/shop';
import type { Log } from '../log/log';
import type { SecretStore } from '../secrets/secret-store';
import type { AccountsStore } from '../storage/accounts-store';
import type { DraftsStore } from '../storage/drafts-store';
import type { CategoryMappingsService } from '../catalog';
import type { TemplatesService } from '../templates/templates-service';
import { openBases, openOutbox, type Outbox, startShopSync, type ShopSync, type ShopMergePort } from './sync';
import {
  draftItems,
  DRAFT_KIND,
  type DraftBody,
  accountItems,
  templateItems,
  categoryMappingItems,
  feedItems,
  shareFeedsOnce,
} from './kinds';
import type { FeedsShared } from '../ports/feed-team';
import { readMembership, type ShopMembership, shopPasswordKey, type ShopSession } from './connection';
import { openShopSession, type ShopSessionOptions } from './session';
import { shareShopPaces } from './pace';
import type { SharedPace } from '../service-client';
import { createPhotoSync } from './photos';
import { startShopListings, type ShopListingsDeps } from './listings';
import { shopStatus, type ShopStatus } from './status';
import type { ChangeAuthors } from '../ports/change-authors';

/** The merge of src/shared/domain/shop/shop-merge.ts as the sync engine takes it. */
export const shopMerge: ShopMergePort = {
  draft: mergeShopDraft,
  record: mergeShopRecord,
  restoreAfterDelete,
};

export interface PreparedShop {
  membership: ShopMembership;
  outbox: Outbox;
}

/** The desk's membership and outbox, or undefined on a lone desk (or one whose file was moved aside). */
export async function prepareShop(dataDir: string, log: Log): Promise<PreparedShop | undefined> {
  const read = await readMembership(dataDir);
  if (read.movedAside)
    log.error(
      `shop/membership.json did not parse; moved aside to ${read.movedAside}. This desk works alone.`,
    );
  if (!read.membership) return undefined;
  const outbox = openOutbox(dataDir);
  return { membership: read.membership, outbox };
}

export interface StartShopDeps {
  dataDir: string;
  secrets: SecretStore;
  log: Log;
  /** The stores without marks: what the sync applies came from the shop. */
  draftsStore: DraftsStore;
  accountsStore: AccountsStore;
  templates: () => TemplatesService;
  /** The shop's category mappings and condition words (issue 34.1). */
  categoryMappings: () => CategoryMappingsService;
  /** The feeds, their records and run reports (issue 37.3). */
  feeds?: () => FeedsShared;
  draftsChanged(ids: string[]): void;
  accountsChanged(): void;
  /** Notes which desk made each field of a draft applied here (a save's conflict names it: issue 32.1). */
  authors?: Pick<ChangeAuthors, 'note'>;
  timing?: Pick<ShopSessionOptions, 'heartbeatMs' | 'retry' | 'connectTimeoutMs'>;
  /** The listings service and what it needs to know of accounts (issue 24.6). */
  listings: Pick<ShopListingsDeps, 'listings' | 'shared' | 'canRead'>;
  /** Shares the paces of the accounts `listings.shared` names with the shop's desks (issue 36.2). */
  sharePaces?: (port: (account: string) => SharedPace | undefined) => () => void;
}

export interface DeskShop {
  /** The session the shop's parts share (claims, status, the commands). */
  session: ShopSession;
  sync: ShopSync;
  status(): Promise<ShopStatus>;
  /** Resolves once the desk's claims have read the shop's publish queue (set by desk-claims.ts). */
  queueRead?(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the session and starts syncing the desk's drafts, templates and accounts. */
export async function startShop(prepared: PreparedShop, deps: StartShopDeps): Promise<DeskShop> {
  const { dataDir, log } = deps;
  const password = await deps.secrets.get(shopPasswordKey(prepared.membership.deskId));
  const session = openShopSession(prepared.membership, password, { log, ...deps.timing });
  const bases = openBases(dataDir);
  const photos = createPhotoSync({ dataDir, session, log });
  const drafts = draftItems({
    store: deps.draftsStore,
    photos,
    merge: shopMerge,
    async knownFiles(id) {
      const base = await bases.get(DRAFT_KIND, id);
      return base && !base.deleted ? (base.body as DraftBody).files : {};
    },
    onChanged: deps.draftsChanged,
    ...(deps.authors && { authors: deps.authors }),
  });
  const sync = startShopSync({
    session,
    outbox: prepared.outbox,
    bases,
    photos,
    kinds: [
      drafts,
      templateItems({ dataDir, templates: deps.templates, merge: shopMerge }),
      accountItems({ store: deps.accountsStore, merge: shopMerge, onChanged: deps.accountsChanged }),
      categoryMappingItems({ mappings: deps.categoryMappings, merge: shopMerge }),
      ...(deps.feeds ? feedItems({ feeds: deps.feeds, merge: shopMerge }) : []),
    ],
    log,
  });
  // Issue 37.3: a desk of a shop from before feeds were the team's sends its feeds up once.
  if (deps.feeds)
    await shareFeedsOnce(dataDir, prepared.outbox, deps.feeds(), log).catch((error: unknown) =>
      log.error("shop: this desk's feeds could not be marked to go to the team", error),
    );
  // Photos a quit cut short: fetched once the desk first reaches the shop.
  const stopWatching = session.onLink((link) => {
    if (link.state !== 'connected') return;
    stopWatching();
    void drafts
      .fetchMissingPhotos()
      .catch((error: unknown) =>
        log.warn('shop: looking for missing photos failed', { error: String(error) }),
      );
  });
  // The drafts' summaries count their conflicts: no draft file is read for the status.
  const conflicts = async () =>
    [...deps.draftsStore.list(), ...deps.draftsStore.listTrash()].filter((entry) => entry.shopConflicts > 0)
      .length;
  const listings = startShopListings({ session, log, ...deps.listings });
  const stopSharing = deps.sharePaces
    ? shareShopPaces(session, log, deps.sharePaces, deps.listings.shared)
    : () => undefined;
  return {
    session,
    sync,
    status: () => shopStatus(sync, conflicts),
    async close() {
      stopSharing();
      await listings.close();
      await sync.close();
    },
  };
}
