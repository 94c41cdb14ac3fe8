// The web shell's back end, loaded and opened after the server listens: the app's modules (the
// schemas, the embedded service's server, the service client, the keychain) took most of the
// shell's start, and the page can load meanwhile (issue 18.5). Its calls wait for the app.
import type { App } from '../../app';
import type { AppLog } from '../../log/create-log';
import { systemLocale } from '../../system/paths';

/** Loads and builds the app on the web shell's data folder. */
export async function openApp(dataDir: string, version: string, log: AppLog): Promise<App> {
  const [{ createApp }, { confStoreFactory }, { openSecretStore }] = await Promise.all([
    import('../../app'),
    import('../../storage/store-factory'),
    import('../../secrets/keytar-store'),
  ]);
  const secretStore = await openSecretStore();
  if (secretStore.status.mode === 'session-only')
    log.info(`Secrets are kept for this session only: ${secretStore.status.reason}`);
  return createApp(
    { shell: 'web', dataDir, version, systemLocale: systemLocale() },
    { storeFactory: confStoreFactory, secretStore, log },
  );
}
