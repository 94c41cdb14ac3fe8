// Builds the real back end over a fresh temporary data folder, for tests that go through the router.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, vi } from 'vitest';
import { createApp, type App, type AppConfig, type AppPorts } from '../../../src/main/app';
import type { Log, LogFields } from '../../../src/main/log/log';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../../src/main/storage/store-factory';
import type { Envelope, IpcErrorData } from '../../../src/shared/ipc/envelope';
import type { AccountView } from '../../../src/shared/ipc/types';
import { addRealAccount, type RealAccount, type ServiceAddresses } from '../../helpers/real-account';

/** A folder a test made; `remove()` deletes it. */
export interface TempDir {
  dir: string;
  remove(): void;
}

/** A fresh folder under the OS temp folder; `remove()` deletes it. */
export function tempDir(prefix = 'listing-desk-unit-'): TempDir {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Fresh folders for a whole test file, one a prefix, removed after its last test (a CLI run's data and sources). */
export function tempDirsForFile<P extends string[]>(...prefixes: P): { [K in keyof P]: TempDir } {
  const folders = prefixes.map((prefix) => tempDir(prefix));
  afterAll(() => {
    for (const folder of folders) folder.remove();
  });
  return folders as { [K in keyof P]: TempDir };
}

/** A Log whose methods are spies; its children write into the same spies. */
export function spyLogger() {
  const log = {
    debug: vi.fn<(message: string, fields?: LogFields) => void>(),
    info: vi.fn<(message: string, fields?: LogFields) => void>(),
    warn: vi.fn<(message: string, fields?: LogFields) => void>(),
    error: vi.fn<(message: string, error?: unknown, fields?: LogFields) => void>(),
    child: (): Log => log,
  };
  return log;
}

export interface TempApp {
  app: App;
  dataDir: string;
  log: ReturnType<typeof spyLogger>;
  /** A contract call through the router; a failure throws an Error carrying the error envelope. */
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** A contract call that must fail; resolves with its error envelope. */
  fail(channel: string, input?: unknown): Promise<IpcErrorData>;
  remove(): Promise<void>;
}

/** createApp with the conf store, a session-only secret store and a spy logger (`ports` and `config` add to them). */
export async function createTempApp(
  dataDir?: string,
  ports: Partial<AppPorts> = {},
  config: Partial<AppConfig> = {},
): Promise<TempApp> {
  const temp = dataDir ? undefined : tempDir();
  const dir = dataDir ?? temp!.dir;
  const log = spyLogger();
  const app = await createApp(
    { shell: 'web', dataDir: dir, version: '9.8.7', systemLocale: 'de-DE', ...config },
    {
      storeFactory: confStoreFactory,
      secretStore: createSessionSecretStore('no keychain in tests'),
      log,
      ...ports,
    },
  );
  return {
    app,
    dataDir: dir,
    log,
    async call<T>(channel: string, input?: unknown): Promise<T> {
      const result = (await app.router.call(channel, input)) as Envelope<T>;
      if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.message}`), result.error);
      return result.value;
    },
    async fail(channel, input) {
      const result = await app.router.call(channel, input);
      if (result.ok) throw new Error(`${channel} succeeded but should have failed`);
      return result.error;
    },
    async remove() {
      await app.close();
      temp?.remove();
    },
  };
}

/** Adds a real account to the data folder `dataDir` as the app does, in an app opened for it (with `ports`) and closed again. */
export async function addRealAccountTo(
  dataDir: string,
  service: ServiceAddresses,
  account: RealAccount,
  ports: Partial<AppPorts> = {},
): Promise<AccountView> {
  const temp = await createTempApp(dataDir, ports);
  const saved = await addRealAccount(temp, service, account);
  await temp.remove();
  return saved;
}
