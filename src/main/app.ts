// Composition root: builds every service of the back end from a config and the ports a shell
// provides. No 'electron' import here, so the whole back end runs and is tested under plain Node.
import { mkdirSync } from 'node:fs';
import type { AppInfo, ShellKind } from '../shared/ipc/types';
import { createEventHub, type EventHub } from './events';
import { createRouter, type Logger, type Router } from './ipc/router';
import { appHandlers } from './ipc/handlers/app';
import { settingsHandlers } from './ipc/handlers/settings';
import type { SecretStore } from './secrets/secret-store';
import { createSettingsService } from './storage/settings';
import type { StoreFactory } from './storage/store-factory';

export interface AppConfig {
  shell: ShellKind;
  dataDir: string;
  version: string;
  systemLocale: string;
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
  close(): Promise<void>;
}

/** Builds the app's back end. */
export async function createApp(config: AppConfig, ports: AppPorts): Promise<App> {
  mkdirSync(config.dataDir, { recursive: true });
  const events = createEventHub();
  const settings = createSettingsService(ports.storeFactory, config.dataDir);
  if (settings.movedAside) ports.log.error(`settings.json did not parse; moved aside to ${settings.movedAside}`);
  const info = (): AppInfo => ({
    name: 'Listing Desk',
    version: config.version,
    shell: config.shell,
    dataDir: config.dataDir,
    systemLocale: config.systemLocale,
    keychain: ports.secretStore.status,
  });
  const router = createRouter({ ...appHandlers(info), ...settingsHandlers(settings, events) }, ports.log);
  return {
    router,
    events,
    info,
    async close() {},
  };
}
