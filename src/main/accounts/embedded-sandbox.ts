// The embedded listing service behind the default "Sandbox" account: started in-process on a free
// loopback port, with its data in the app's data folder so what a seller publishes there survives
// a restart. Its client secret is made here and kept in the SecretStore like any other account's;
// the sandbox is told not to write it into its own state file.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseRateLimit, startSandbox, type QuirksPatch, type Sandbox } from '../../sandbox';
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

/**
 * What the embedded sandbox refuses of the marketplace's catalog (issue 33.5): the seller's Sandbox
 * refuses category paths outside the catalog, so practice there teaches what the real service says;
 * select values are accepted (the catalog's lists are incomplete).
 */
export type SandboxCatalogChecks = Pick<QuirksPatch, 'categoryPaths' | 'attributeValues'>;

export const SANDBOX_CATALOG_CHECKS: SandboxCatalogChecks = {
  categoryPaths: 'catalog',
  attributeValues: 'any',
};

/**
 * The checks LISTING_DESK_SANDBOX_CATALOG asks for, meant for tests: `off` accepts any path (tests
 * that make up categories), `paths` is the default, `paths,values` or `paths,values=KEY+KEY` also
 * refuses select values outside the catalog. Unset or unreadable: the default.
 */
export function sandboxCatalogChecks(env: NodeJS.ProcessEnv = process.env): SandboxCatalogChecks {
  const asked = env.LISTING_DESK_SANDBOX_CATALOG?.trim();
  if (!asked) return SANDBOX_CATALOG_CHECKS;
  if (asked === 'off') return { categoryPaths: 'any', attributeValues: 'any' };
  const words = asked.split(',').map((word) => word.trim());
  const values = words.find((word) => word === 'values' || word.startsWith('values='));
  const keys = values?.slice('values='.length).split('+').filter(Boolean) ?? [];
  return {
    categoryPaths: words.includes('paths') ? 'catalog' : 'any',
    attributeValues: values === undefined ? 'any' : keys.length > 0 ? keys : 'catalog',
  };
}

export interface EmbeddedSandboxOptions {
  /** Default: `sandboxCatalogChecks()` (the environment, else SANDBOX_CATALOG_CHECKS). */
  checks?: SandboxCatalogChecks;
  /** The catalog file the checks read; default: the one shipped with the app. */
  catalogFile?: string;
}

/** Starts the embedded sandbox under `<dataDir>/sandbox`. */
export async function startEmbeddedSandbox(
  dataDir: string,
  secrets: SecretStore,
  options: EmbeddedSandboxOptions = {},
): Promise<EmbeddedSandbox> {
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
    quirks: options.checks ?? sandboxCatalogChecks(),
    // Issue 36.3: LISTING_DESK_SANDBOX_RATE_LIMIT (`writes=5,reads=20,burst=5`, as the sandbox's
    // --rate-limit flag) limits the Sandbox account, for trying the app's pace from outside.
    ...(process.env.LISTING_DESK_SANDBOX_RATE_LIMIT && {
      rateLimit: parseRateLimit(process.env.LISTING_DESK_SANDBOX_RATE_LIMIT),
    }),
    ...(options.catalogFile !== undefined && { catalogFile: options.catalogFile }),
  });
  return {
    authUrl: sandbox.authUrl,
    baseUrl: sandbox.baseUrl,
    clientId: SANDBOX_CLIENT_ID,
    sandbox,
    close: () => sandbox.close(),
  };
}
