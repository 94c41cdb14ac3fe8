// What the composition root (app.ts) is given and gives: its config, the ports a shell provides
// and the back end it returns. Kept apart so app.ts holds only the wiring.
import type { CatalogService, CategoryContexts, CategoryMappingsService, KnownGoodStore } from './catalog';
import type { DueSource } from './automation/due';
import type { AppInfo, ShellKind } from '../shared/ipc/types';
import type { UiLanguage } from '../shared/i18n-language';
import type { EmbeddedSandbox, SandboxCatalogChecks } from './accounts/embedded-sandbox';
import type { EventHub } from './events/event-hub';
import type { FeedsService } from './feeds';
import type { PlanChild } from './feeds/plan-child';
import type { FileDialogs } from './files';
import type { Router } from './ipc/router';
import type { Log } from './log/log';
import type { PublishEngineOptions } from './publish/engine';
import type { SecretStore } from './secrets/secret-store';
import type { LeaseTiming, DeskShop, StartShopDeps } from './shop';
import type { Automation } from './automation';
import type { Clock } from './automation/clock';
import type { StoreFactory } from './storage/store-factory';

// The shells bind the router the app returns; they take its type from here, the composition root's
// contract, so that nothing but the composition root imports ipc/.
export type { Router };

export interface AppConfig {
  shell: ShellKind;
  dataDir: string;
  version: string;
  systemLocale: string;
  /** Timeout of each request to the listing service, in ms (default: the client's). */
  serviceTimeoutMs?: number;
  /** The publish engine's pauses (benchmarks and tests run them short); defaults in engine-api.ts. */
  publishTiming?: Pick<PublishEngineOptions, 'backoff' | 'tracking' | 'settleAfterTimeoutMs' | 'settle'>;
  /** The shop session's pauses (tests run them short); defaults in shop/session/open-session.ts. */
  shopTiming?: StartShopDeps['timing'];
  /** The lease of a job claimed in the shop's queue (tests run it short); default in shop/queue/job-lease.ts. */
  jobLease?: Partial<LeaseTiming>;
  /** What runs by itself (issue 25.6): `run: false` holds it (the command line, but for `worker`); tests give a clock. */
  automation?: { run?: boolean; clock?: Clock };
  /** How often calls a killed desk or a lost answer left unlogged are settled (issue 37.5; default 30 s). */
  liveCallsEveryMs?: number;
  /**
   * What the embedded Sandbox refuses of the catalog (issue 33.5); default: paths outside it, or what
   * LISTING_DESK_SANDBOX_CATALOG says (tests: `off`). See accounts/embedded-sandbox.ts.
   */
  sandboxCatalog?: SandboxCatalogChecks;
  /**
   * Certificates a feed's server and its photos' servers may prove themselves with instead of
   * the system's (issue 35.7: the tests' throwaway certificate authority; a seller's shop never needs it).
   */
  feedCa?: string | Buffer;
}

export interface AppPorts {
  storeFactory: StoreFactory;
  secretStore: SecretStore;
  log: Log;
  /** Asks where to save a diagnostics file (Electron's dialog); without it, the data folder. */
  chooseDiagnosticsPath?: (defaultName: string) => Promise<string | undefined>;
  /** The system's open and save dialogs (Electron); the web shell has none (issue 26.1). */
  fileDialogs?: FileDialogs;
  /** A desktop notification (Electron); the web shell has none and shows in-app messages only. */
  notify?: (title: string, body: string) => void;
  /** The clock of the live photo undo's window (issue 15); tests move it. */
  clock?: () => number;
  /**
   * Where a large feed's plan is made (issue 35.8): a process of its own, started as the shell can
   * (Node's fork, Electron's utility process); absent: in this process. Closed with the app.
   */
  planChild?: PlanChild;
}

export interface App {
  router: Router;
  events: EventHub;
  info(): AppInfo;
  /** The embedded listing service behind the Sandbox account. */
  sandbox: EmbeddedSandbox;
  /** Stock feeds (issue 25); `feeds.due` is their DueSource for the automation runner. */
  feeds: FeedsService;
  /** What of the price rules is due (issue 25.5), for the automation runner. */
  priceDue: DueSource;
  /** The marketplace's catalog in use (issue 33): the CLI's `categories` commands read it. */
  catalog: CatalogService;
  /** What the service took, per account (issue 33.4): readiness asks it, refusals are worded by it. */
  knownGood: KnownGoodStore;
  /** A shop's categories and words mapped to the catalog's (issue 34): the CLI's `categories map`. */
  categoryMappings: CategoryMappingsService;
  /** What an account's imported or fed rows are read against (issue 34.3). */
  categoryContexts: CategoryContexts;
  /** The stored photo a `/photos/...` URL path names, or undefined; both shells serve it. */
  photoFile(urlPath: string): Promise<string | undefined>;
  /** The export a `/downloads/...` URL path names, once (web shell), and removing it once served. */
  download: {
    take(urlPath: string): { file: string; name: string } | undefined;
    discard(file: string): Promise<void>;
  };
  /** The app's language now: the seller's setting, else the system's (main's words follow it). */
  language(): UiLanguage;
  /** The desk's shop (issue 24) while it is in one (from the start, or since a join): its sync and status. */
  shop?: DeskShop;
  /** The last join's exchange of data (at the start, or after a join made since): what went each way. */
  shopJoining?: Promise<{ sent: number; received: number } | undefined>;
  /** What runs by itself: the runner (the `worker` command runs it) and the schedules (issue 25). */
  automation: Automation;
  /** Calls that change a live ad and their rows of the activity log (issue 37.5): `reconcile` settles what is left. */
  liveCalls: { reconcile(): Promise<{ settled: number; left: number }> };
  close(): Promise<void>;
}
