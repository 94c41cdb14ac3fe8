// The embedded listing service behind the default "Sandbox" account: started in-process on a free
// loopback port, with its data in the app's data folder so what a seller publishes there survives
// a restart. Its client secret is made here and kept in the SecretStore like any other account's;
// the sandbox is told not to write it into its own state file.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startSandbox, type Sandbox } from '../../sandbox';
import type { SecretStore } from '../secrets/secret-store';
import { SANDBOX_ACCOUNT_ID } from '../storage/accounts-store';

export const SANDBOX_CLIENT_ID = 'listing-desk';

export interface EmbeddedSandbox {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  /** The running sandbox (tests read its stats). */
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** Starts the embedded sandbox under `<dataDir>/sandbox`. */
export async function startEmbeddedSandbox(dataDir: string, secrets: SecretStore): Promise<EmbeddedSandbox> {
  let secret = await secrets.get(SANDBOX_ACCOUNT_ID);
  if (!secret) {
    secret = randomBytes(24).toString('base64url');
    await secrets.set(SANDBOX_ACCOUNT_ID, secret);
  }
  const sandbox = await startSandbox({
    dataDir: path.join(dataDir, 'sandbox'),
    clients: [{ clientId: SANDBOX_CLIENT_ID, clientSecret: secret }],
    persistClients: false,
    port: 0,
  });
  return {
    authUrl: sandbox.authUrl,
    baseUrl: sandbox.baseUrl,
    clientId: SANDBOX_CLIENT_ID,
    sandbox,
    close: () => sandbox.close(),
  };
}
