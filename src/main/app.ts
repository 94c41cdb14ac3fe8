// Composition root: builds every service of the back end from a config and the ports a shell
// provides. No 'electron' import here, so the whole back end runs and is tested under plain Node.
import { mkdirSync } from 'node:fs';
import type { AppInfo, ShellKind } from '../shared/ipc/types';
import { createAccountsService } from './accounts/accounts-service';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './accounts/embedded-sandbox';
import { createEventHub, type EventHub } from './events';
import { createRouter, type Logger, type Router } from './ipc/router';
import { accountsHandlers } from './ipc/handlers/accounts';
import { appHandlers } from './ipc/handlers/app';
import { listingsHandlers } from './ipc/handlers/listings';
import { settingsHandlers } from './ipc/handlers/settings';
import { createListingsService } from './listings/listings-service';
import type { SecretStore } from './secrets/secret-store';
import { openAccountsStore } from './storage/accounts-store';
import { createSettingsService } from './storage/settings';
import type { StoreFactory } from './storage/store-factory';

export interface AppConfig {
  shell: ShellKind;
  dataDir: string;
  version: string;
  systemLocale: string;
  /** Timeout of each request to the listing service, in ms (default: the client's). */
  serviceTimeoutMs?: number;
}

export interface AppPorts {
  storeFactory: StoreFactory;
  secretStore: SecretStore;
  log: Logger & { info(message: string): void };
}

export interface App {
  router: Router;
  events: EventHub;
  info(): AppInfo;
  /** The embedded listing service behind the Sandbox account. */
  sandbox: EmbeddedSandbox;
  close(): Promise<void>;
}

/** Builds the app's back end. */
export async function createApp(config: AppConfig, ports: AppPorts): Promise<App> {
  mkdirSync(config.dataDir, { recursive: true });
  const events = createEventHub();
  const settings = createSettingsService(ports.storeFactory, config.dataDir);
  if (settings.movedAside)
    ports.log.error(`settings.json did not parse; moved aside to ${settings.movedAside}`);
  const info = (): AppInfo => ({
    name: 'Listing Desk',
    version: config.version,
    shell: config.shell,
    dataDir: config.dataDir,
    systemLocale: config.systemLocale,
    keychain: ports.secretStore.status,
  });
  const accountsStore = openAccountsStore(ports.storeFactory, config.dataDir);
  if (accountsStore.movedAside)
    ports.log.error(`accounts.json did not parse; moved aside to ${accountsStore.movedAside}`);
  const sandbox = await startEmbeddedSandbox(config.dataDir, ports.secretStore);
  const accounts = await createAccountsService({
    store: accountsStore,
    secrets: ports.secretStore,
    sandbox,
    onChange: (state) => events.emit('accounts:changed', state),
    ...(config.serviceTimeoutMs !== undefined && { timeoutMs: config.serviceTimeoutMs }),
  });
  const listings = createListingsService({
    accounts,
    dataDir: config.dataDir,
    onChange: (state) => events.emit('listings:changed', state),
    log: ports.log,
  });
  const router = createRouter(
    {
      ...appHandlers(info),
      ...settingsHandlers(settings, events),
      ...accountsHandlers(accounts),
      ...listingsHandlers(listings),
    },
    ports.log,
  );
  return {
    router,
    events,
    info,
    sandbox,
    async close() {
      await sandbox.close();
    },
  };
}
