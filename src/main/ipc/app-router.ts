// The app's router: one handler per contract channel, built over the rooms the composition root
// opened, behind the team's role rule (issue 37.2) and, where the owner's rule makes this desk ask,
// the approvals (issue 37.4). The ipc layer calls the rooms; app.ts hands it what it built.
import type { PaceHolds } from '../../shared/ipc/contract-pace';
import type { AppInfo } from '../../shared/ipc/types';
import type { UiLanguage } from '../../shared/i18n-language';
import type { AccountsService } from '../accounts/accounts-service';
import type { Schedules } from '../automation/schedules';
import type { PriceRules } from '../automation/price-rules';
import type { Bulk } from '../bulk';
import type { CatalogChecks, CatalogService, CategoryMappingsService, KnownGoodStore } from '../catalog';
import type { DraftsService } from '../drafts/drafts-service';
import { AppError } from '../errors/app-error';
import type { EventHub } from '../events/event-hub';
import type { ExportService } from '../export/export-service';
import type { FeedsService } from '../feeds';
import type { Files } from '../files';
import { wordsIn } from '../i18n';
import type { ImportService } from '../import';
import type { ListingsService } from '../listings/listings-service';
import type { Live } from '../live';
import type { DiagnosticsOptions } from '../log/diagnostics';
import type { Log } from '../log/log';
import type { ActivityLog } from '../ports/activity-log';
import type { PublishEngine } from '../publish/engine';
import type { DeskShopService, ShopApprovals } from '../shop';
import type { ProblemsBook } from '../storage/problems';
import type { SettingsService } from '../storage/settings';
import type { TemplatesService } from '../templates/templates-service';
import type { PhotoUploads } from '../uploads/photo-uploads';
import { accountsHandlers } from './handlers/accounts';
import { activityHandlers } from './handlers/activity';
import { appHandlers } from './handlers/app';
import { approvalsHandlers, askingFirst } from './handlers/approvals';
import { bulkHandlers } from './handlers/bulk';
import { catalogHandlers, categoriesHandlers } from './handlers/catalog';
import { appDiagnosticsHandlers } from './handlers/diagnostics';
import { draftsHandlers } from './handlers/drafts';
import { exportHandlers } from './handlers/export';
import { feedsHandlers } from './handlers/feeds';
import { filesHandlers } from './handlers/files';
import { importHandlers } from './handlers/import';
import { lifecycleHandlers } from './handlers/lifecycle';
import { listingsHandlers } from './handlers/listings';
import { liveHandlers } from './handlers/live';
import { paceHandlers } from './handlers/pace';
import { priceRulesHandlers } from './handlers/price-rules';
import { problemsHandlers } from './handlers/problems';
import { publishHandlers } from './handlers/publish';
import { scheduleHandlers } from './handlers/schedule';
import { settingsHandlers } from './handlers/settings';
import { shopHandlers } from './handlers/shop';
import { templatesHandlers } from './handlers/templates';
import { uploadsHandlers } from './handlers/uploads';
import { accountActions, guardByRole } from './role-guard';
import { createRouter, type Router } from './router';

/** What the app's handlers are built over. */
export interface AppRouterParts {
  info(): AppInfo;
  language(): UiLanguage;
  problems: ProblemsBook;
  settings: SettingsService;
  events: EventHub;
  accounts: AccountsService;
  /** The activity log in use, and the lone desktop's log of account and imprint changes (issue 37.5). */
  activity: Pick<ActivityLog, 'list'> & { aloneOnly: Pick<ActivityLog, 'record'> };
  listings: ListingsService;
  drafts: DraftsService;
  uploads: PhotoUploads;
  publish: PublishEngine;
  approvals: ShopApprovals;
  deskShop: Pick<DeskShopService, 'current' | 'service'>;
  paceHolds: { holds(): PaceHolds };
  live: Live;
  bulk: Bulk;
  imports: ImportService;
  files: Files;
  exports: ExportService;
  templates: TemplatesService;
  schedules: Schedules;
  feeds: FeedsService;
  priceRules: PriceRules;
  catalog: CatalogService;
  knownGood: KnownGoodStore;
  checks: CatalogChecks;
  mappings: CategoryMappingsService;
}

/** Builds the router of the app's contract calls. */
export function appRouter(
  parts: AppRouterParts,
  config: { dataDir: string },
  ports: { log: Log; chooseDiagnosticsPath?: DiagnosticsOptions['choosePath'] | undefined },
): Router {
  const { accounts, approvals, deskShop, files, live, uploads, publish, language } = parts;
  return createRouter(
    guardByRole(
      {
        ...appHandlers(parts.info),
        ...problemsHandlers(parts.problems),
        ...appDiagnosticsHandlers(config.dataDir, parts.info, {
          log: ports.log,
          choosePath: ports.chooseDiagnosticsPath,
        }),
        ...settingsHandlers(parts.settings, parts.events),
        ...accountsHandlers(accounts, parts.activity.aloneOnly),
        ...listingsHandlers(parts.listings),
        ...draftsHandlers(parts.drafts, uploads),
        ...uploadsHandlers(uploads),
        ...publishHandlers({
          ...publish,
          start: (ids) => approvals.publish(ids, (some) => publish.start(some)),
        }),
        ...approvalsHandlers(approvals, () => deskShop.current() !== undefined),
        ...paceHandlers(parts.paceHolds),
        ...activityHandlers(parts.activity),
        // Issue 37.4: where the owner's rule makes this desk ask, a direct change (one ad's or a bulk
        // edit's), pause or end is refused.
        ...askingFirst(
          { ...liveHandlers(live, uploads), ...lifecycleHandlers(live), ...bulkHandlers(parts.bulk) },
          () => approvals.mustAsk(accounts.activeId()),
          (kind) =>
            new AppError('forbidden', wordsIn(language(), 'teamRoles')(`approvals.mustAskLive.${kind}`)),
        ),
        ...importHandlers(parts.imports),
        ...filesHandlers({
          picker: files.picker,
          received: files.received,
          uploads,
          exports: parts.exports,
          downloads: files.downloads !== undefined,
        }),
        ...exportHandlers(parts.exports, { picker: files.picker, downloads: files.downloads }),
        ...templatesHandlers(parts.templates),
        ...shopHandlers(deskShop.service),
        ...scheduleHandlers(parts.schedules),
        ...feedsHandlers(parts.feeds),
        ...priceRulesHandlers(parts.priceRules),
        ...catalogHandlers(parts.catalog, parts.knownGood, parts.checks),
        ...categoriesHandlers(parts.catalog, parts.mappings),
      },
      // Issue 37.2: what this desk's role may not do is refused in words before the database is asked.
      () => deskShop.service.standing(),
      language,
      accountActions((id) => accounts.state().accounts.find((a) => a.id === id)),
    ),
    ports.log,
    { dataDir: config.dataDir },
  );
}
