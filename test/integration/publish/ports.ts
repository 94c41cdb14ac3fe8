// The engine's ports for tests and for the crash test's child process (no vitest here): a real
// service client of a sandbox, and the accounts port over it. Nothing is mocked.
import {
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
} from '../../../src/main/service-client';
import type { PublishAccounts } from '../../../src/main/publish/context/accounts-port';
import type { PublishEngineOptions } from '../../../src/main/publish/engine';
import type { Sandbox } from '../../../src/sandbox';
import { SANDBOX_TEST_IMPRINTS } from '../../../src/shared/domain/publishing/imprint';

export const quietLog = { info: () => undefined, error: () => undefined };

/** Short waits everywhere, so the suite stays fast (the rules are the same). */
export const FAST_ENGINE: Partial<PublishEngineOptions> = {
  backoff: { baseMs: 20, maxMs: 200 },
  tracking: { baseMs: 30, maxMs: 200 },
  // The client's own limit (clientOf's default): the reconcile window is this plus the settling.
  requestTimeoutMs: 5_000,
  settleAfterTimeoutMs: 300,
  progressIntervalMs: 20,
};

/** A client of the sandbox's first client as a real account's (Bearer, its secret), with `options`. */
export function firstClientOf(
  sb: Pick<Sandbox, 'authUrl' | 'baseUrl' | 'clients'>,
  options: Partial<ServiceClientOptions> = {},
): ServiceClient {
  const { clientId, clientSecret } = sb.clients[0]!;
  return createServiceClient({
    authUrl: sb.authUrl,
    baseUrl: sb.baseUrl,
    clientId,
    authScheme: 'bearer',
    getSecret: async () => clientSecret,
    timeoutMs: 5_000,
    ...options,
  });
}

/** A client of the sandbox's first client, with quick repeats of its own. */
export function clientOf(
  sb: Pick<Sandbox, 'authUrl' | 'baseUrl' | 'clients'>,
  timeoutMs = 5_000,
  options: Partial<ServiceClientOptions> = {},
): ServiceClient {
  return firstClientOf(sb, { timeoutMs, retry: { limit: 2, baseDelayMs: 5, maxDelayMs: 50 }, ...options });
}

/**
 * The engine's accounts port over one sandbox client, as the app's Sandbox account (the engine makes
 * its test imprint when it has none); imprints are kept in `imprints`.
 */
export function sandboxAccounts(client: () => ServiceClient): PublishAccounts & { imprints: string[] } {
  const imprints: string[] = [];
  return {
    imprints,
    client: () => client(),
    defaultImprintUuid: () => imprints[0] ?? null,
    testImprint: () => SANDBOX_TEST_IMPRINTS.en,
    async createImprint(_accountId, content) {
      const { uuid } = await client().createImprint(content);
      imprints.push(uuid);
      return uuid;
    },
    activeId: () => 'sandbox',
  };
}
