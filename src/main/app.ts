// Composition root: builds every service of the back end from a config and the ports a shell
// provides. No 'electron' import here, so the whole back end runs and is tested under plain Node.
// Each room's wiring lives in an app-<room>.ts beside it (or in the room's own folder), so this
// file keeps the order in which they open and close.
import { mkdirSync } from 'node:fs';
import type { AppInfo } from '../shared/ipc/types';
import { createEventHub } from './events/event-hub';
import { appRouter } from './ipc/app-router';
import { openPriceRules, rulesClock } from './automation/price-rules';
import type { LiveSeen } from './live/live-seen';
import { openBulk } from './bulk';
import { openPhotoUploads } from './uploads/photo-uploads';
import {
  deskTaskClaims,
  prepareShop,
  type DeskShop,
  liveOutbox,
  draftMarks,
  markedAccountsStore,
  markTemplates,
  markCategoryMappings,
  markFeeds,
  deskFeedTeam,
} from './shop';
import { deskMay } from '../shared/domain/team';
import { resolveLanguage } from '../shared/i18n-language';
import { createDraftsService } from './drafts/drafts-service';
import { changeAuthors } from './drafts/change-authors';
import { openSuggestions } from './drafts/suggestions';
import { openDraftsStore } from './storage/drafts-store';
import type { AccountUpgrade } from './storage/drafts-account-upgrade';
import { resolvePhotoFile } from './serving/static-files';
import { createListingsService } from './listings/listings-service';
import { sweepDataFolder } from './storage/temp-sweep';
import { openAccountsStore } from './storage/accounts-store';
import { startStorageChecks } from './storage/startup-checks';
import { createSettingsService } from './storage/settings';
import { mainI18n } from './i18n';
import { followAppLanguage } from './i18n/follow-language';
import { openAppAutomation } from './automation';
import { DUE_TASK_NEEDS } from './automation/due';
import { appActivityLog } from './app-activity';
import { openAppAccounts } from './app-accounts';
import { openAppFiles } from './app-files';
import { openAppLive } from './app-live';
import { openAppPublish, type AccountIs } from './app-publish';
import { openAppApprovals, openAppDeskShop, startAppShop } from './app-shop';
import { openAppFeeds } from './feeds/app-feeds';
import { openAppCatalog } from './catalog/app-catalog';
import { localTimeZone } from '../shared/dates';
import type { App, AppConfig, AppPorts } from './app-contract';
export type { App, AppConfig, AppPorts } from './app-contract';

/** Builds the app's back end. */
export async function createApp(config: AppConfig, ports: AppPorts): Promise<App> {
  mkdirSync(config.dataDir, { recursive: true });
  const startedAt = Date.now();
  await sweepDataFolder(config.dataDir);
  const events = createEventHub();
  const settings = createSettingsService(ports.storeFactory, config.dataDir);
  const language = () => resolveLanguage(settings.get().language, config.systemLocale);
  if (settings.movedAside)
    ports.log.error(`settings.json did not parse; moved aside to ${settings.movedAside}`);
  const info = (): AppInfo => ({
    name: 'Listing Desk',
    version: config.version,
    shell: config.shell,
    dataDir: config.dataDir,
    systemLocale: config.systemLocale,
    timeZone: localTimeZone(),
    keychain: ports.secretStore.status,
  });
  // Issue 24: a desk in a shop marks every change of a shared thing in its outbox, in the stores;
  // the marks are inert until the desk is in one (at start, or joined while the app runs).
  const shopPrepared = await prepareShop(config.dataDir, ports.log);
  const outbox = liveOutbox(shopPrepared?.outbox);
  // Issues 33 and 34: the marketplace's catalog (shipped, or a newer file from the data folder), what
  // the service took per account, the catalog's warnings of drafts, and the shop's category mappings.
  const { catalog, knownGood, checks, mappings, contexts, guess, sandboxFile } = await openAppCatalog({
    dataDir: config.dataDir,
    language,
    log: ports.log,
    emit: {
      catalogChanged: (origin) => events.emit('catalog:changed', origin),
      knownGoodChanged: (accountId) => events.emit('catalog:known-good-changed', { accountId }),
      mappingsChanged: () => events.emit('categories:changed', {}),
    },
    accountIds: () => accounts.state().accounts.map((a) => a.id),
    willWriteMappings: markCategoryMappings(outbox),
  });
  const marks = draftMarks(outbox);
  const localAccounts = openAccountsStore(ports.storeFactory, config.dataDir);
  const accountsStore = markedAccountsStore(localAccounts, outbox);
  if (accountsStore.movedAside)
    ports.log.error(`accounts.json did not parse; moved aside to ${accountsStore.movedAside}`);
  const { sandbox, accounts, paceHolds } = await openAppAccounts(
    { store: accountsStore, catalog, knownGood, sandboxFile, events },
    config,
    ports,
  );
  const listings = createListingsService({
    accounts,
    dataDir: config.dataDir,
    onChange: (state) => events.emit('listings:changed', state),
    log: ports.log,
  });
  // Bound once live exists (below).
  const bound: Partial<Pick<LiveSeen, 'linked'>> = {};
  // Bound once the problems list exists (below): it needs every store's findings at open.
  let reportProblem = (_movedAside: string): void => undefined;
  // The team's session the activity log writes to: the desk's shop's, once that is opened below.
  let activitySession: Parameters<typeof appActivityLog>[0]['session'] = () => undefined;
  const localDrafts = await openDraftsStore(config.dataDir, {
    log: ports.log,
    onProblem: (problem) => reportProblem(problem.movedAside),
    newId: marks.newId,
  });
  const draftsStore = marks.wrap(localDrafts);
  for (const problem of draftsStore.problems)
    ports.log.error(`A drafts file did not parse; moved aside to ${problem.movedAside}`);
  const suggestions = await openSuggestions(config.dataDir, { log: ports.log });
  // Set once the publish engine is open (the upgrade reads its jobs), before any call is served.
  let accountUpgrade: AccountUpgrade | null = null;
  // Issue 32.1: who made each field's value, so a save crossing a change names its maker.
  const authors = changeAuthors(() => deskShop.current()?.session.membership);
  const drafts = createDraftsService({
    dataDir: config.dataDir,
    store: draftsStore,
    suggestions,
    activeAccount: () => accounts.record(accounts.activeId()),
    accounts: () => accounts.state().accounts,
    knownListings: (accountId) => listings.known(accountId),
    accountUpgrade: () => accountUpgrade,
    onChange: (ids) => events.emit('drafts:changed', { ids }),
    onProgress: (progress) => events.emit('drafts:intake-progress', progress),
    log: ports.log,
    maxEdge: () => settings.get().photoMaxEdge,
    authors,
    catalogWarnings: checks.warnings,
  });
  const accountIs: AccountIs = (id, test) => accounts.state().accounts.some((a) => a.id === id && test(a));
  const { deskClaims, publish } = await openAppPublish(
    {
      ...{ accounts, accountIs, listings, draftsStore, settings, events, language },
      linked: (uuid) => bound.linked?.(uuid),
      // The activity log is opened below; the engine records to its lone file once it runs.
      loneActivity: { record: (input) => activity.lone.record(input) },
      upgraded: (upgrade) => (accountUpgrade = upgrade),
    },
    config,
    ports,
  );
  const storage = await startStorageChecks({
    dataDir: config.dataDir,
    startedAt,
    log: ports.log,
    draftsStore,
    known: [settings.movedAside, accountsStore.movedAside, ...draftsStore.problems.map((p) => p.movedAside)]
      .concat(publish.problems.map((p) => p.movedAside))
      .filter((file): file is string => file !== undefined),
    onChange: (problems) => events.emit('app:problems-changed', { problems }),
  });
  reportProblem = (movedAside) => void storage.problems.add(movedAside);
  const uploads = await openPhotoUploads(config.dataDir);
  // Issue 37.5: who did what, in the team's database (the desk's session, once it has one) or this
  // desktop's file.
  const activity = appActivityLog({
    dataDir: config.dataDir,
    session: () => activitySession(),
    log: ports.log.child({ part: 'activity' }),
  });
  // Issue 37.5: the live calls learn the team's claims and the price steps' keys below (liveBound).
  const {
    live,
    liveCalls,
    late: liveBound,
  } = openAppLive(
    {
      ...{ accounts, listings, publish, draftsStore, settings, events, authors, activity },
      session: () => activitySession(),
      learnListings: knownGood.learnListings,
    },
    config,
    ports,
  );
  bound.linked = live.seen.linked;
  // Issue 17.4: bulk edits; live jobs left unfinished resume now.
  const bulk = await openBulk({ drafts, live: live.context, claims: deskClaims.bulk });
  bulk.jobs.onChange((jobs) => events.emit('bulk:changed', { jobs }));
  const { imports, exports, files, templates } = await openAppFiles(
    {
      ...{ draftsStore, drafts, accounts, listings, publish, settings, events, language, reportProblem },
      ...{ categoryContexts: contexts, guessCategories: guess, mappings },
      willWriteTemplates: markTemplates(outbox),
    },
    config,
    ports,
  );
  const rulesNow = rulesClock(ports, config);
  // The team's session of now (bound once the desk's shop service exists, below).
  let currentShop: () => DeskShop | undefined = () => undefined;
  const feedParts = {
    ...{ draftsStore, drafts, publish, live, accounts, templates, events, reportProblem, rulesNow, authors },
    categoryContexts: contexts,
    guessCategories: guess,
    // Issue 37.3: in a team the feeds are the team's; the desk's role and the feed's lease decide.
    team: deskFeedTeam({
      current: () => currentShop(),
      ...(config.jobLease && { timing: config.jobLease }),
      log: ports.log,
    }),
    willWrite: markFeeds(outbox),
    deskName: async () => currentShop()?.session.membership.deskName,
    deskId: async () => currentShop()?.session.membership.deskId,
    activity,
    // A desk of a team resumes its feeds' unfinished runs once its session runs (below), under leases.
    inTeam: shopPrepared !== undefined,
  };
  const feeds = await openAppFeeds(feedParts, config, ports);
  const priceRules = openPriceRules({ draftsStore, live, templates, events, authors }, ports, config);
  liveBound.priceKey = priceRules.settleKey;
  const { shop, shopDeps } = await startAppShop(
    shopPrepared,
    {
      ...{ localDrafts, localAccounts, templates, mappings, feeds, accounts, accountIs, listings, events },
      ...{ authors, deskClaims },
    },
    config,
    ports,
  );
  // Main's own words (the keychain's reason, the menu) follow the app's language; one app per
  // process outside tests, so the process-wide instance is the app's.
  const stopFollowingLanguage = await followAppLanguage({ events, language }, mainI18n, () => undefined);
  // Issue 37.4: the approvals follow the session the desk learned its standing on (bound below).
  let followApprovals = (): void => undefined;
  const deskShop = openAppDeskShop(
    {
      ...{ shop, shopDeps, outbox, deskClaims, accounts, events, language },
      followApprovals: () => followApprovals(),
    },
    config,
    ports,
  );
  activitySession = () => deskShop.current()?.session;
  currentShop = () => deskShop.current();
  if (shop) void feeds.runs.resume();
  const sources = [priceRules.due, feeds.due];
  // Issue 25.6: while the desk is in a shop, what is due is claimed in the shop's database.
  const shopClaims = deskTaskClaims({
    session: () => deskShop.current()?.session,
    log: ports.log.child({ part: 'automation' }),
    ...(config.jobLease && { timing: config.jobLease }),
  });
  const approvals = openAppApprovals(
    { deskShop, draftsStore, accounts, accountIs, listings, events, language },
    config,
    ports,
  );
  followApprovals = () => approvals.follow();
  const automationParts = {
    ...{ draftsStore, publish, events, language, shopClaims, reportProblem, sources },
    loneActivity: activity.lone,
    // Issue 37.2: a prepare desk leaves scheduled publishes, price steps and feed runs to a desk
    // allowed to run them (the database would refuse its claim).
    mayRun: (kind: 'schedule' | 'feed' | 'price') =>
      deskMay(deskShop.service.standing(), DUE_TASK_NEEDS[kind]).allowed,
  };
  const automation = await openAppAutomation(config, ports, automationParts);
  liveBound.claims = shopClaims;
  liveBound.mayAct = () => deskMay(deskShop.service.standing(), 'pause').allowed;
  // What a killed desk or a lost answer left is settled while the app runs what is due.
  const stopLiveCalls =
    config.automation?.run === false ? () => undefined : liveCalls.every(config.liveCallsEveryMs ?? 30_000);
  const router = appRouter(
    {
      ...{ info, language, problems: storage.problems, settings, events, accounts, activity, listings },
      ...{ drafts, uploads, publish, approvals, deskShop, paceHolds, live, bulk, imports, files, exports },
      ...{ templates, feeds, priceRules, catalog, knownGood, checks, mappings },
      schedules: automation.schedules,
    },
    config,
    ports,
  );
  return {
    router,
    events,
    info,
    sandbox,
    feeds,
    priceDue: priceRules.due,
    catalog,
    knownGood,
    categoryMappings: mappings,
    categoryContexts: contexts,
    photoFile: (urlPath) => resolvePhotoFile(config.dataDir, urlPath),
    download: {
      take: (urlPath) => files.downloads?.take(urlPath),
      discard: async (file) => files.downloads?.discard(file),
    },
    language,
    automation,
    liveCalls,
    get shop() {
      return deskClaims.withQueue(deskShop.current());
    },
    get shopJoining() {
      return deskShop.joining();
    },
    async close() {
      stopFollowingLanguage();
      // Each step's failure is logged, never thrown out of close, and the next step still runs.
      const step = (what: string, close: () => Promise<unknown>) =>
        close().catch((error: unknown) => ports.log.error(`${what} failed`, error));
      await step('Stopping the automation', () => automation.close());
      stopLiveCalls();
      // A feed's plan in a process of its own is ended, and waited for, before anything it reads goes.
      if (ports.planChild) await step("Ending the feeds' plan processes", () => ports.planChild!.close());
      await step('Removing unfinished photo uploads', () => uploads.close());
      await step('Removing received files and downloads', () => files.close());
      await step('Closing the bulk edits', () => bulk.jobs.close());
      // Jobs stop where they stand (they resume at the next start), then the drafts' last writes
      // land, before the sandbox, which may be slow to stop.
      await step('Closing the publish engine', () => publish.close());
      approvals.close();
      await step('Closing the team queue', () => deskClaims.close());
      // The sync stops after the queue (whose connections come from the session's pool, which the
      // sync ends) and before the stores it applies changes through.
      await step('Closing the team sync', () => deskShop.stop());
      await listings.close();
      // Background checks stop first; a full disk now is logged, never thrown out of close.
      await storage.stop();
      const closed = await Promise.allSettled([draftsStore.close(), suggestions.flush()]);
      for (const result of closed)
        if (result.status === 'rejected') ports.log.error('Saving the drafts on quit failed', result.reason);
      await step('Writing what the service took', () => knownGood.flush());
      await step('Writing the category mappings', () => mappings.flush());
      await step('Closing the embedded service', () => sandbox.close());
    },
  };
}
