// The accounts in the app: the embedded listing service behind the Sandbox account (issue 33.5: it
// checks paths against the catalog in use), the accounts service whose clients learn what the service
// takes (issue 33.4), and the accounts the service asked to slow down (issue 36.2). Part of the
// composition root: it spells out what it reads of the app's config and ports rather than take
// app-contract's types.
import path from 'node:path';
import { createAccountsService, type AccountsService } from './accounts/accounts-service';
import {
  startEmbeddedSandbox,
  type EmbeddedSandbox,
  type SandboxCatalogChecks,
} from './accounts/embedded-sandbox';
import { watchPaceHolds } from './accounts/pace-holds';
import { CATALOG_FILE, knownGoodWatch, type CatalogService, type KnownGoodStore } from './catalog';
import type { EventHub } from './events/event-hub';
import type { Log } from './log/log';
import type { SecretStore } from './secrets/secret-store';
import type { AccountsStore } from './storage/accounts-store';

export interface AppAccountsParts {
  /** The accounts' file, its changes marked in the shop's outbox. */
  store: AccountsStore;
  catalog: Pick<CatalogService, 'onChange' | 'view'>;
  knownGood: KnownGoodStore;
  /** The catalog file the embedded Sandbox checks paths against, when a newer one is in use. */
  sandboxFile(): string | undefined;
  events: EventHub;
}

export interface AppAccounts {
  sandbox: EmbeddedSandbox;
  accounts: AccountsService;
  paceHolds: ReturnType<typeof watchPaceHolds>;
}

/** Starts the embedded service, then opens the accounts over it. */
export async function openAppAccounts(
  parts: AppAccountsParts,
  config: {
    dataDir: string;
    sandboxCatalog?: SandboxCatalogChecks | undefined;
    serviceTimeoutMs?: number | undefined;
  },
  ports: { secretStore: SecretStore; log: Log },
): Promise<AppAccounts> {
  const { catalog, events, sandboxFile } = parts;
  // Issue 33.5: the Sandbox refuses paths outside the catalog in use (config or environment may say otherwise).
  const sandbox = await startEmbeddedSandbox(config.dataDir, ports.secretStore, {
    ...(config.sandboxCatalog && { checks: config.sandboxCatalog }),
    ...(sandboxFile() !== undefined && { catalogFile: sandboxFile() }),
  });
  catalog.onChange(
    () =>
      void sandbox.sandbox
        .useCatalogFile(path.join(config.dataDir, CATALOG_FILE))
        .catch((error: unknown) => ports.log.error('The Sandbox could not read the new catalog', error)),
  );
  const accounts = await createAccountsService({
    store: parts.store,
    secrets: ports.secretStore,
    sandbox,
    onChange: (state) => events.emit('accounts:changed', state),
    log: ports.log,
    ...(config.serviceTimeoutMs !== undefined && { timeoutMs: config.serviceTimeoutMs }),
    watchClient: knownGoodWatch(parts.knownGood, catalog.view, ports.log.child({ part: 'catalog' })),
  });
  // Issue 36.2: the window says when the service asks an account to slow down.
  const paceHolds = watchPaceHolds(accounts, (holds) => events.emit('pace:changed', holds));
  return { sandbox, accounts, paceHolds };
}
