// The team's shop in the app (issues 24, 37): the desk's sharing at start (its sync over the stores
// without marks), Settings → Shop with a join that starts the sharing at once and a leave that stops
// it, and the four-eyes approvals. Part of the composition root: it spells out what it reads of the
// app's config and ports rather than take app-contract's types.
import { deskMay } from '../shared/domain/team';
import type { UiLanguage } from '../shared/i18n-language';
import type { AccountsService } from './accounts/accounts-service';
import type { AccountIs } from './app-publish';
import type { CategoryMappingsService } from './catalog';
import type { EventHub } from './events/event-hub';
import type { FeedsService } from './feeds';
import type { ListingsService } from './listings/listings-service';
import type { Log } from './log/log';
import type { ChangeAuthors } from './ports/change-authors';
import { publishAccounts } from './publish/context';
import type { SecretStore } from './secrets/secret-store';
import {
  openApprovals,
  openDeskShopService,
  prepareShop,
  startShop,
  type DeskClaims,
  type DeskShop,
  type DeskShopService,
  type LiveOutbox,
  type ShopApprovals,
  type StartShopDeps,
} from './shop';
import type { AccountsStore } from './storage/accounts-store';
import type { DraftsStore } from './storage/drafts-store';
import type { TemplatesService } from './templates/templates-service';

export interface AppShopParts {
  /** The stores without marks: what the sync applies came from the shop. */
  localDrafts: DraftsStore;
  localAccounts: AccountsStore;
  templates: TemplatesService;
  mappings: CategoryMappingsService;
  feeds: Pick<FeedsService, 'shared'>;
  accounts: AccountsService;
  accountIs: AccountIs;
  listings: ListingsService;
  events: EventHub;
  authors: ChangeAuthors;
  deskClaims: Pick<DeskClaims, 'bindSession'>;
}

/** The shop's config and ports as this part reads them. */
type ShopConfig = { dataDir: string; shopTiming?: StartShopDeps['timing'] | undefined };
type ShopPorts = { secretStore: SecretStore; log: Log };

/**
 * Starts the sharing of a desk prepared in a shop (`prepared`; undefined on a lone desk); returns it
 * with what a join made later starts its sharing with.
 */
export async function startAppShop(
  prepared: Awaited<ReturnType<typeof prepareShop>>,
  parts: AppShopParts,
  config: ShopConfig,
  ports: ShopPorts,
): Promise<{ shop: DeskShop | undefined; shopDeps: StartShopDeps }> {
  const { accounts, accountIs, events } = parts;
  const shopDeps: StartShopDeps = {
    dataDir: config.dataDir,
    secrets: ports.secretStore,
    log: ports.log,
    draftsStore: parts.localDrafts,
    accountsStore: parts.localAccounts,
    templates: () => parts.templates,
    categoryMappings: () => parts.mappings,
    feeds: () => parts.feeds.shared,
    draftsChanged: (ids) => events.emit('drafts:changed', { ids }),
    accountsChanged: () => events.emit('accounts:changed', accounts.state()),
    authors: parts.authors,
    ...(config.shopTiming && { timing: config.shopTiming }),
    // Issue 24.6: one shared view of each shared account's listings, read by one desk at a time.
    listings: {
      listings: parts.listings,
      shared: (id) => accountIs(id, (a) => a.kind !== 'sandbox'),
      canRead: (id) => accountIs(id, (a) => a.hasSecret),
    },
    // Issue 36.2: the desks working for one account share its limits with the service.
    sharePaces: (port) => accounts.sharePaces(port),
  };
  const shop = prepared && (await startShop(prepared, shopDeps));
  // The publish queue's claims wait for the session the sync opens (issue 24.5).
  if (shop) parts.deskClaims.bindSession(shop.session);
  return { shop, shopDeps };
}

export interface AppDeskShopParts {
  /** The sharing running since the start, if the desk is in a shop. */
  shop: DeskShop | undefined;
  shopDeps: StartShopDeps;
  outbox: Pick<LiveOutbox, 'use'>;
  deskClaims: Pick<DeskClaims, 'join' | 'leave'>;
  accounts: Pick<AccountsService, 'dropSecrets'>;
  events: EventHub;
  language(): UiLanguage;
  /** Issue 37.4: the approvals follow the session the desk learned its standing on. */
  followApprovals(): void;
}

/** Issue 24.1: Settings → Shop and the shop commands. */
export function openAppDeskShop(
  parts: AppDeskShopParts,
  config: ShopConfig,
  ports: ShopPorts,
): DeskShopService {
  const { shop, outbox, deskClaims } = parts;
  return openDeskShopService({
    dataDir: config.dataDir,
    secrets: ports.secretStore,
    log: ports.log,
    events: parts.events,
    language: parts.language,
    ...(shop && { shop }),
    // Issue 24.1: a join in Settings → Shop starts the sharing at once; leaving stops it.
    async start() {
      const prepared = await prepareShop(config.dataDir, ports.log);
      if (!prepared) return undefined;
      outbox.use(prepared.outbox);
      const started = await startShop(prepared, parts.shopDeps);
      deskClaims.join(prepared.membership, started.session);
      return started;
    },
    // Issue 37.2: a desk the database calls prepare keeps no account's client secret (its own
    // Sandbox's stays): removed whenever its role is learned, at start, at a refresh, after a change.
    async learned(standing) {
      parts.followApprovals();
      if (standing.role !== 'prepare') return;
      const dropped = await parts.accounts.dropSecrets();
      if (dropped.length > 0)
        ports.log.info('shop: this desk is prepare; account secrets removed', { dropped });
    },
    // Leaving: the queue stops before the sync ends the pool they share; nothing more is marked.
    async stopping() {
      outbox.use(undefined);
      await deskClaims.leave();
    },
  });
}

export interface AppApprovalsParts {
  deskShop: DeskShopService;
  draftsStore: Pick<DraftsStore, 'get'>;
  accounts: AccountsService;
  accountIs: AccountIs;
  listings: Pick<ListingsService, 'known'>;
  events: EventHub;
  language(): UiLanguage;
}

/**
 * Issue 37.4: four eyes. A desk that must ask (prepare; publish where the owner requires it) makes
 * requests of its Publish; another desk approves them into the team's queue.
 */
export function openAppApprovals(
  parts: AppApprovalsParts,
  config: { dataDir: string },
  ports: { log: Log },
): ShopApprovals {
  const { deskShop, accounts, accountIs, events } = parts;
  return openApprovals({
    session: () => deskShop.current()?.session,
    dataDir: config.dataDir,
    drafts: { get: (id) => parts.draftsStore.get(id) },
    accounts: publishAccounts(accounts),
    keepsLocal: (id) => accountIs(id, (a) => a.kind === 'sandbox'),
    asksByRole: () => !deskMay(deskShop.service.standing(), 'publish').allowed,
    hasSecret: async (id) => accountIs(id, (a) => a.hasSecret),
    // Read fresh where this desk holds the key, else (or when that fails) the team's shared view.
    async readListing(id, uuid) {
      if (accountIs(id, (a) => a.hasSecret)) {
        const fresh = await accounts
          .client(id)
          .getListing(uuid)
          .catch(() => undefined);
        if (fresh) return fresh;
      }
      return (await parts.listings.known(id)).find((listing) => listing.uuid === uuid);
    },
    language: parts.language,
    log: ports.log,
    onChange: () => events.emit('approvals:changed', {}),
    onNews: (text, request) =>
      events.emit('approvals:news', { text, id: request.id, draftId: request.draftId, state: request.state }),
  });
}
