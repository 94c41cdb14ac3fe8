// Builds the real back end over a fresh temporary data folder, for tests that go through the router.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { createApp, type App, type AppPorts } from '../../../src/main/app';
import type { Log, LogFields } from '../../../src/main/log/log';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../../src/main/storage/store-factory';

/** A fresh folder under the OS temp folder; `remove()` deletes it. */
export function tempDir(prefix = 'listing-desk-unit-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
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
  remove(): Promise<void>;
}

/** createApp with the conf store, a session-only secret store and a spy logger (`ports` adds to them). */
export async function createTempApp(dataDir?: string, ports: Partial<AppPorts> = {}): Promise<TempApp> {
  const temp = dataDir ? undefined : tempDir();
  const dir = dataDir ?? temp!.dir;
  const log = spyLogger();
  const app = await createApp(
    { shell: 'web', dataDir: dir, version: '9.8.7', systemLocale: 'de-DE' },
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
    async remove() {
      await app.close();
      temp?.remove();
    },
  };
}
