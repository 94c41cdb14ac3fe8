// The publish engine's place in the app (issues 15, 24.5): the desk's claims (the lone desk's, or the
// shop's queue), the engine over the drafts, the Publishing view with its notices, and the drafts'
// account upgrade, which reads the engine's jobs. Part of the composition root: it spells out what it
// reads of the app's config and ports rather than take app-contract's types.
import type { PublishNotice } from '../shared/domain/publishing';
import type { UiLanguage } from '../shared/i18n-language';
import type { AccountView } from '../shared/ipc/types';
import type { AccountsService } from './accounts/accounts-service';
import { recordedAccountOf } from './drafts/recorded-account';
import type { EventHub } from './events/event-hub';
import type { ListingsService } from './listings/listings-service';
import { noteLinks } from './live/live-seen';
import type { Log } from './log/log';
import type { ActivityLog } from './ports/activity-log';
import { publishAccounts } from './publish/context';
import { openPublishEngine, type PublishEngine, type PublishEngineOptions } from './publish/engine';
import { noticeText } from './publish/views';
import { openDeskClaims, type DeskClaims, type LeaseTiming } from './shop';
import { upgradeDraftAccounts, type AccountUpgrade } from './storage/drafts-account-upgrade';
import type { DraftsStore } from './storage/drafts-store';
import type { SettingsService } from './storage/settings';

/** Whether account `id` exists and `test` holds of it. */
export type AccountIs = (id: string, test: (account: AccountView) => boolean) => boolean;

export interface AppPublishParts {
  accounts: AccountsService;
  accountIs: AccountIs;
  listings: ListingsService;
  draftsStore: DraftsStore;
  settings: Pick<SettingsService, 'get'>;
  events: EventHub;
  language(): UiLanguage;
  /** A listing a job has just linked to its draft (bound once live exists). */
  linked(listingUuid: string): void;
  /** This desktop's activity file. */
  loneActivity: Pick<ActivityLog, 'record'>;
  /** Handed the drafts' account upgrade as soon as it exists, before any call is served. */
  upgraded(upgrade: AccountUpgrade): void;
}

export interface AppPublish {
  deskClaims: DeskClaims;
  /** The engine as the Publishing view sees it (deskClaims.view). */
  publish: PublishEngine;
}

/** Opens the desk's claims and the publish engine, then upgrades the drafts' accounts. */
export async function openAppPublish(
  parts: AppPublishParts,
  config: {
    dataDir: string;
    serviceTimeoutMs?: number | undefined;
    publishTiming?: Pick<PublishEngineOptions, 'backoff' | 'tracking' | 'settleAfterTimeoutMs' | 'settle'>;
    jobLease?: Partial<LeaseTiming> | undefined;
  },
  ports: { log: Log; notify?: ((title: string, body: string) => void) | undefined },
): Promise<AppPublish> {
  const { accounts, accountIs, draftsStore, events, settings } = parts;
  // Issue 24.5: on a desk in a shop, publish jobs are claimed in the shop's queue; the desk's own
  // embedded Sandbox stays its own.
  const deskClaims = await openDeskClaims(config.dataDir, {
    hasSecret: async (id) => accountIs(id, (a) => a.hasSecret),
    keepsLocal: (id) => accountIs(id, (a) => a.kind === 'sandbox'),
    onAccountChange: (listener) => accounts.onAccountChange(listener),
    log: ports.log,
    ...(config.jobLease && { timing: config.jobLease }),
  });
  const onNotice = (notice: PublishNotice) => {
    events.emit('publish:notice', notice);
    if (ports.notify) {
      const test = accounts.state().accounts.some((a) => a.id === notice.accountId && a.kind === 'sandbox');
      const text = noticeText(notice, parts.language(), test);
      ports.notify(text.title, text.body);
    }
  };
  const engine = await openPublishEngine({
    dataDir: config.dataDir,
    drafts: {
      get: (id) => draftsStore.get(id),
      // A link the engine makes turns away older reads of its listing (issue 23.1).
      update: (id, change) => draftsStore.update(id, noteLinks(change, parts.linked)),
      list: () => draftsStore.list(),
    },
    accounts: publishAccounts(accounts),
    log: ports.log,
    ...(config.serviceTimeoutMs !== undefined && { requestTimeoutMs: config.serviceTimeoutMs }),
    ...config.publishTiming,
    limits: { drafts: () => settings.get().publishDrafts, uploads: () => settings.get().publishUploads },
    onDraftsChanged: (ids) => events.emit('drafts:changed', { ids }),
    onNotice: deskClaims.notices(onNotice),
    claims: deskClaims.claims,
    // Issue 37.5: duplicates removed by jobs run here alone (a team's are logged with their step).
    activity: parts.loneActivity,
  });
  const publish = deskClaims.view(engine);
  publish.onChange((jobs) => events.emit('publish:changed', { jobs }));
  parts.upgraded(
    await upgradeDraftAccounts({
      dataDir: config.dataDir,
      store: draftsStore,
      recordedAccount: (draftId, listingUuid) =>
        recordedAccountOf(publish.list(), parts.listings, accounts, draftId, listingUuid),
      selectedId: () => accounts.activeId(),
      log: ports.log,
    }),
  );
  // Issue 15 (inventory): ads going live and publication states reach the Listings view by themselves.
  parts.listings.followJobs(publish);
  return { deskClaims, publish };
}
