// The web shell's back end, loaded and opened after the server listens: the app's modules (the
// schemas, the embedded service's server, the service client, the keychain) took most of the
// shell's start, and the page can load meanwhile (issue 18.5). Its calls wait for the app.
import type { App } from '../../app';
import type { AppLog } from '../../log/create-log';
import { systemLocale } from '../../system/paths';

/** How long after the start main builds its catalog search (the first screen comes first). */
export const CATALOG_WARM_MS = 1_000;

/** Loads and builds the app on the web shell's data folder. */
export async function openApp(dataDir: string, version: string, log: AppLog): Promise<App> {
  const [{ createApp }, { confStoreFactory }, { openSecretStore }, { nodePlanChild }] = await Promise.all([
    import('../../app'),
    import('../../storage/store-factory'),
    import('../../secrets/keytar-store'),
    import('../../feeds/plan-child-node'),
  ]);
  const secretStore = await openSecretStore();
  if (secretStore.status.mode === 'session-only')
    log.info(`Secrets are kept for this session only: ${secretStore.status.reason}`);
  const app = await createApp(
    { shell: 'web', dataDir, version, systemLocale: systemLocale() },
    // A large feed's plan in a process of its own, started with the heap flags (issue 35.8).
    { storeFactory: confStoreFactory, secretStore, log, planChild: nodePlanChild(log) },
  );
  // The category picker's first words are answered by main's index: built once the page had its start.
  app.catalog.warmSearch(CATALOG_WARM_MS);
  return app;
}
