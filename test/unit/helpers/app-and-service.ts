// The scene of tests of real accounts: the app over a fresh temporary folder, and a second embedded
// sandbox standing in for a real listing service.
import { afterEach, beforeEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox';
import { createTempApp, type TempApp } from './temp-app';

export interface AppAndService {
  /** The app of the running test. */
  temp: TempApp;
  /** The service the test started, if it did. */
  remote: Sandbox | undefined;
  /** Starts the service with `client` as its one client (and `options`); closed after the test. */
  service(options?: Partial<SandboxOptions>): Promise<Sandbox>;
}

/** A fresh app before each test; after it the app is removed and the service it started closed. */
export function useAppAndService(client: { clientId: string; clientSecret: string }): AppAndService {
  const scene: AppAndService = {
    temp: undefined as unknown as TempApp,
    remote: undefined,
    async service(options = {}) {
      scene.remote = await startSandbox({ clients: [client], ...options });
      return scene.remote;
    },
  };
  beforeEach(async () => {
    scene.temp = await createTempApp();
  });
  afterEach(async () => {
    await scene.temp.remove();
    await scene.remote?.close();
    scene.remote = undefined;
  });
  return scene;
}
