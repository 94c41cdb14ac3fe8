// Composition root: builds every service of the back end from a config and the ports a shell
// provides. No 'electron' import here, so the whole back end runs and is tested under plain Node.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AccountView, AppInfo } from '../shared/ipc/types';
import { createAccountsService } from './accounts/accounts-service';
import { startEmbeddedSandbox } from './accounts/embedded-sandbox';
import { createEventHub } from './events/event-hub';
import { createRouter } from './ipc/router';
import { appDiagnosticsHandlers } from './ipc/handlers/diagnostics';
import { accountsHandlers } from './ipc/handlers/accounts';
import { appHandlers } from './ipc/handlers/app';
import { draftsHandlers } from './ipc/handlers/drafts';
import { importHandlers } from './ipc/handlers/import';
import { createImportService } from './import';
import { createExportService } from './export/export-service';
import { openFiles } from './files';
import { filesHandlers } from './ipc/handlers/files';
import { exportHandlers } from './ipc/handlers/export';
import { createTemplatesService } from './templates/templates-service';
import { templatesHandlers } from './ipc/handlers/templates';
import { openPriceRules, rulesClock } from './automation/price-rules';
import { priceRulesHandlers } from './ipc/handlers/price-rules';
import { listingsHandlers } from './ipc/handlers/listings';
import { lifecycleHandlers } from './ipc/handlers/lifecycle';
import { liveHandlers } from './ipc/handlers/live';
import { uploadsHandlers } from './ipc/handlers/uploads';
import { openPhotoUploads } from './uploads/photo-uploads';
import { createLive } from './live';
import { noteLinks, type LiveSeen } from './live/live-seen';
import { openBulk } from './bulk';
import { bulkHandlers } from './ipc/handlers/bulk';
import { publishHandlers } from './ipc/handlers/publish';
import { paceHandlers } from './ipc/handlers/pace';
import { activityHandlers } from './ipc/handlers/activity';
import { watchPaceHolds } from './accounts/pace-holds';
import { publishAccounts } from './publish/context';
import { openPublishEngine } from './publish/engine';
import { noticeText } from './publish/views';
import {
  deskTaskClaims,
  openDeskClaims,
  openDeskShopService,
  prepareShop,
  startShop,
  type StartShopDeps,
  type DeskShop,
  liveOutbox,
  draftMarks,
  markedAccountsStore,
  markTemplates,
  markCategoryMappings,
  markFeeds,
  deskFeedTeam,
  openApprovals,
} from './shop';
import { approvalsHandlers, askingFirst } from './ipc/handlers/approvals';
import { AppError } from './errors/app-error';
import type { PublishNotice } from '../shared/domain/publishing';
import { deskMay } from '../shared/domain/team';
import { resolveLanguage } from '../shared/i18n-language';
import { createDraftsService } from './drafts/drafts-service';
import { changeAuthors } from './drafts/change-authors';
import { openSuggestions } from './drafts/suggestions';
import { openDraftsStore } from './storage/drafts-store';
import { upgradeDraftAccounts, type AccountUpgrade } from './storage/drafts-account-upgrade';
import { recordedAccountOf } from './drafts/recorded-account';
import { resolvePhotoFile } from './serving/static-files';
import { settingsHandlers } from './ipc/handlers/settings';
import { shopHandlers } from './ipc/handlers/shop';
import { accountActions, guardByRole } from './ipc/role-guard';
import { createListingsService } from './listings/listings-service';
import { followReads } from './listings/listings-read';
import { sweepDataFolder } from './storage/temp-sweep';
import { openAccountsStore } from './storage/accounts-store';
import { startStorageChecks } from './storage/startup-checks';
import { problemsHandlers } from './ipc/handlers/problems';
import { createSettingsService } from './storage/settings';
import { mainI18n, wordsIn } from './i18n';
import { followAppLanguage } from './i18n/follow-language';
import { openAppAutomation } from './automation';
import { DUE_TASK_NEEDS } from './automation/due';
import { appActivityLog } from './app-activity';
import { appLiveCalls, priceKeySettler } from './app-live-calls';
import type { LiveCall } from './ports/live-calls';
import type { ActivityInput } from '../shared/domain/activity';
import type { TaskClaims } from './ports/task-claims';
import { openAppFeeds } from './feeds/app-feeds';
import { scheduleHandlers } from './ipc/handlers/schedule';
import { catalogHandlers, categoriesHandlers } from './ipc/handlers/catalog';
import { CATALOG_FILE, knownGoodWatch } from './catalog';
import { openAppCatalog } from './catalog/app-catalog';
import { feedsHandlers } from './ipc/handlers/feeds';
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
  // Issue 33.5: the Sandbox refuses paths outside the catalog in use (config or environment may say otherwise).
  const sandbox = await startEmbeddedSandbox(config.dataDir, ports.secretStore, {
    ...(config.sandboxCatalog && { checks: config.sandboxCatalog }),
    ...(sandboxFile() !== undefined && { catalogFile: sandboxFile() }),
  });
  catalog.onChange(
    () =>
      void sandbox.sandbox
        .useCatalogFile(path.join(config.dataDir, CATALOG_FILE))
        .catch((error: unknown) => ports.log.error('The Sandbox could not read the new catalog', error)),
  );
  const accounts = await createAccountsService({
    store: accountsStore,
    secrets: ports.secretStore,
    sandbox,
    onChange: (state) => events.emit('accounts:changed', state),
    log: ports.log,
    ...(config.serviceTimeoutMs !== undefined && { timeoutMs: config.serviceTimeoutMs }),
    watchClient: knownGoodWatch(knownGood, catalog.view, ports.log.child({ part: 'catalog' })),
  });
  // Issue 36.2: the window says when the service asks an account to slow down.
  const paceHolds = watchPaceHolds(accounts, (holds) => events.emit('pace:changed', holds));
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
  // Issue 24.5: on a desk in a shop, publish jobs are claimed in the shop's queue; the desk's own
  // embedded Sandbox stays its own.
  const accountIs = (id: string, test: (account: AccountView) => boolean) =>
    accounts.state().accounts.some((a) => a.id === id && test(a));
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
      const text = noticeText(notice, language(), test);
      ports.notify(text.title, text.body);
    }
  };
  const engine = await openPublishEngine({
    dataDir: config.dataDir,
    drafts: {
      get: (id) => draftsStore.get(id),
      // A link the engine makes turns away older reads of its listing (issue 23.1).
      update: (id, change) =>
        draftsStore.update(
          id,
          noteLinks(change, (uuid) => bound.linked?.(uuid)),
        ),
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
    activity: { record: (input) => activity.lone.record(input) },
  });
  const publish = deskClaims.view(engine);
  publish.onChange((jobs) => events.emit('publish:changed', { jobs }));
  accountUpgrade = await upgradeDraftAccounts({
    dataDir: config.dataDir,
    store: draftsStore,
    recordedAccount: (draftId, listingUuid) =>
      recordedAccountOf(publish.list(), listings, accounts, draftId, listingUuid),
    selectedId: () => accounts.activeId(),
    log: ports.log,
  });
  // Issue 15 (inventory): ads going live and publication states reach the Listings view by themselves.
  listings.followJobs(publish);
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
  // Issue 37.5: pause, resume, end and live changes are recorded before they are sent and logged
  // with the record that settles them; the settling and the team's claims are bound below.
  const liveBound: {
    settle?: (call: LiveCall) => Promise<Record<string, unknown> | null>;
    claims?: () => TaskClaims | undefined;
    mayAct?: () => boolean;
    priceKey?: (key: string) => Promise<ActivityInput | undefined>;
  } = {};
  const liveCalls = appLiveCalls({
    dataDir: config.dataDir,
    lone: activity.lone,
    session: () => activitySession(),
    teamClaims: () => liveBound.claims?.(),
    mayAct: () => liveBound.mayAct?.() ?? false,
    settle: (call) => liveBound.settle!(call),
    log: ports.log.child({ part: 'activity' }),
    // A price step done on the draft whose desk stopped before its key was marked: logged once.
    settlers: [priceKeySettler(async (key) => liveBound.priceKey?.(key))],
  });
  const live = createLive({
    calls: liveCalls,
    dataDir: config.dataDir,
    accounts,
    listings,
    engine: publish,
    maxEdge: () => settings.get().photoMaxEdge,
    log: ports.log,
    store: draftsStore,
    authors,
    onDraftsChanged: (ids) => events.emit('drafts:changed', { ids }),
    ...(ports.clock && { now: ports.clock }),
    notePublication: listings.notePublication,
    // Issue 23.5: Publishing shows what became of an ad after its job.
    followAd: publish.followAd,
  });
  // Issue 31.3: one listener on reads of listings: the jobs learn of their ads (23.5), then a listing
  // changed elsewhere reaches its linked draft (23.1).
  listings.followReads(
    followReads({ jobs: publish, seen: live.seen.seen, log: ports.log, learn: knownGood.learnListings }),
  );
  bound.linked = live.seen.linked;
  liveBound.settle = live.settleCall;
  // Issue 17: imports into drafts, photos through the drafts' own intake.
  const imports = createImportService({
    dataDir: config.dataDir,
    store: draftsStore,
    drafts,
    account: (id) => accounts.state().accounts.find((a) => a.id === id),
    // Issue 23.2: a row's reference may be a live ad's; the listings the app last read say which.
    knownListings: (accountId) => listings.known(accountId),
    onProgress: (progress) => events.emit('import:progress', progress),
    onChange: (ids) => events.emit('drafts:changed', { ids }),
    log: ports.log,
    // Issue 17: an import may start each draft from a template of the account.
    template: (accountId, id) => templates.get(accountId, id),
    // Issue 34.3: rows read through the shop's category mappings; the last import's categories kept.
    categories: {
      context: contexts,
      guess,
      noteImport: (source, cells) => mappings.noteImport(source, cells),
    },
  });
  // Issue 17.4: bulk edits; live jobs left unfinished resume now.
  const bulk = await openBulk({ drafts, live: live.context, claims: deskClaims.bulk });
  bulk.jobs.onChange((jobs) => events.emit('bulk:changed', { jobs }));
  // Issue 17: exports to spreadsheets, and draft templates per account.
  const exports = createExportService({
    dataDir: config.dataDir,
    drafts: draftsStore,
    listings,
    activeId: () => accounts.activeId(),
    language,
    // Issue 26.7: the newest job of the draft that names an ad.
    adIdOf: (draftId) =>
      publish
        .list()
        .filter((job) => job.draftId === draftId && job.adId !== null)
        .at(-1)?.adId ?? null,
  });
  const files = await openFiles({
    dataDir: config.dataDir,
    dialogs: ports.fileDialogs,
    serveDownloads: config.shell === 'web',
    settings,
  });
  const templates = createTemplatesService({
    dataDir: config.dataDir,
    getDraft: (id) => draftsStore.get(id),
    async createDraft(init) {
      const draft = await draftsStore.create(init);
      events.emit('drafts:changed', { ids: [draft.id] });
      return draft;
    },
    account: (id) => accounts.state().accounts.find((a) => a.id === id),
    activeId: () => accounts.activeId(),
    onProblem: (movedAside) => reportProblem(movedAside),
    log: ports.log,
    willWrite: markTemplates(outbox),
  });
  const rulesNow = rulesClock(ports, config);
  // The team's session of now (bound once the desk's shop service exists, below).
  let currentShop: () => DeskShop | undefined = () => undefined;
  const feedParts = {
    draftsStore,
    drafts,
    publish,
    live,
    accounts,
    templates,
    events,
    reportProblem,
    rulesNow,
    authors,
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
  const shopDeps: StartShopDeps = {
    dataDir: config.dataDir,
    secrets: ports.secretStore,
    log: ports.log,
    draftsStore: localDrafts,
    accountsStore: localAccounts,
    templates: () => templates,
    categoryMappings: () => mappings,
    feeds: () => feeds.shared,
    draftsChanged: (ids) => events.emit('drafts:changed', { ids }),
    accountsChanged: () => events.emit('accounts:changed', accounts.state()),
    authors,
    ...(config.shopTiming && { timing: config.shopTiming }),
    // Issue 24.6: one shared view of each shared account's listings, read by one desk at a time.
    listings: {
      listings,
      shared: (id) => accountIs(id, (a) => a.kind !== 'sandbox'),
      canRead: (id) => accountIs(id, (a) => a.hasSecret),
    },
    // Issue 36.2: the desks working for one account share its limits with the service.
    sharePaces: (port) => accounts.sharePaces(port),
  };
  const shop = shopPrepared && (await startShop(shopPrepared, shopDeps));
  // The publish queue's claims wait for the session the sync opens (issue 24.5).
  if (shop) deskClaims.bindSession(shop.session);
  // Main's own words (the keychain's reason, the menu) follow the app's language; one app per
  // process outside tests, so the process-wide instance is the app's.
  const stopFollowingLanguage = await followAppLanguage({ events, language }, mainI18n, () => undefined);
  // Issue 37.4: the approvals follow the session the desk learned its standing on (bound below).
  let followApprovals = (): void => undefined;
  // Issue 24.1: Settings → Shop and the shop commands.
  const deskShop = openDeskShopService({
    dataDir: config.dataDir,
    secrets: ports.secretStore,
    log: ports.log,
    events,
    language,
    ...(shop && { shop }),
    // Issue 24.1: a join in Settings → Shop starts the sharing at once; leaving stops it.
    async start() {
      const prepared = await prepareShop(config.dataDir, ports.log);
      if (!prepared) return undefined;
      outbox.use(prepared.outbox);
      const started = await startShop(prepared, shopDeps);
      deskClaims.join(prepared.membership, started.session);
      return started;
    },
    // Issue 37.2: a desk the database calls prepare keeps no account's client secret (its own
    // Sandbox's stays): removed whenever its role is learned, at start, at a refresh, after a change.
    async learned(standing) {
      followApprovals();
      if (standing.role !== 'prepare') return;
      const dropped = await accounts.dropSecrets();
      if (dropped.length > 0)
        ports.log.info('shop: this desk is prepare; account secrets removed', { dropped });
    },
    // Leaving: the queue stops before the sync ends the pool they share; nothing more is marked.
    async stopping() {
      outbox.use(undefined);
      await deskClaims.leave();
    },
  });
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
  // Issue 37.4: four eyes. A desk that must ask (prepare; publish where the owner requires it) makes
  // requests of its Publish; another desk approves them into the team's queue.
  const approvals = openApprovals({
    session: () => deskShop.current()?.session,
    dataDir: config.dataDir,
    drafts: { get: (id) => draftsStore.get(id) },
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
      return (await listings.known(id)).find((listing) => listing.uuid === uuid);
    },
    language,
    log: ports.log,
    onChange: () => events.emit('approvals:changed', {}),
    onNews: (text, request) =>
      events.emit('approvals:news', { text, id: request.id, draftId: request.draftId, state: request.state }),
  });
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
  const router = createRouter(
    guardByRole(
      {
        ...appHandlers(info),
        ...problemsHandlers(storage.problems),
        ...appDiagnosticsHandlers(config.dataDir, info, {
          log: ports.log,
          choosePath: ports.chooseDiagnosticsPath,
        }),
        ...settingsHandlers(settings, events),
        ...accountsHandlers(accounts, activity.aloneOnly),
        ...listingsHandlers(listings),
        ...draftsHandlers(drafts, uploads),
        ...uploadsHandlers(uploads),
        ...publishHandlers({
          ...publish,
          start: (ids) => approvals.publish(ids, (some) => publish.start(some)),
        }),
        ...approvalsHandlers(approvals, () => deskShop.current() !== undefined),
        ...paceHandlers(paceHolds),
        ...activityHandlers(activity),
        // Issue 37.4: where the owner's rule makes this desk ask, a direct change (one ad's or a bulk
        // edit's), pause or end is refused.
        ...askingFirst(
          { ...liveHandlers(live, uploads), ...lifecycleHandlers(live), ...bulkHandlers(bulk) },
          () => approvals.mustAsk(accounts.activeId()),
          (kind) =>
            new AppError('forbidden', wordsIn(language(), 'teamRoles')(`approvals.mustAskLive.${kind}`)),
        ),
        ...importHandlers(imports),
        ...filesHandlers({
          picker: files.picker,
          received: files.received,
          uploads,
          exports,
          downloads: files.downloads !== undefined,
        }),
        ...exportHandlers(exports, { picker: files.picker, downloads: files.downloads }),
        ...templatesHandlers(templates),
        ...shopHandlers(deskShop.service),
        ...scheduleHandlers(automation.schedules),
        ...feedsHandlers(feeds),
        ...priceRulesHandlers(priceRules),
        ...catalogHandlers(catalog, knownGood, checks),
        ...categoriesHandlers(catalog, mappings),
      },
      // Issue 37.2: what this desk's role may not do is refused in words before the database is asked.
      () => deskShop.service.standing(),
      language,
      accountActions((id) => accounts.state().accounts.find((a) => a.id === id)),
    ),
    ports.log,
    { dataDir: config.dataDir },
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
