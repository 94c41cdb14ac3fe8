// The "Test connection" of an account: proves the credentials and the listings service both work.
// The addresses are forgiven: each reading of the typed token and listings roots (see urls.ts) is
// tried until one answers, and the caller learns which one did, so that it can keep it.
import type { AuthForm } from './auth-form';
import type { ServiceClient } from './client';
import { ServiceError } from './errors';
import { joinUrl, listingsRootCandidates, tokenRootCandidates } from './urls';
import { TOKEN_PATH } from '../../shared/service';

/** The addresses as the account has them. */
export interface ConnectionTarget {
  authUrl: string;
  baseUrl: string;
}

/** What answered: the roots to keep, the Authorization form in use and the listings count. */
export interface ConnectionFound {
  authUrl: string;
  baseUrl: string;
  authForm: AuthForm;
  listingCount: number;
}

/** A failed test, with the addresses tried when more than one was. */
export class ConnectionFailure extends Error {
  constructor(
    readonly error: unknown,
    readonly tried: string[],
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

// An address that is not the service's at all answers 404 or 405, or with something that is no
// answer of the service (an HTML page); any other failure comes from the service itself.
function wrongPlace(error: unknown): boolean {
  return (
    error instanceof ServiceError &&
    (error.status === 404 || error.status === 405 || error.problem === 'invalid-response')
  );
}

/** Fetches a fresh token, then lists the listings; throws ServiceError when either fails. */
export async function testConnection(client: ServiceClient): Promise<{ listingCount: number }> {
  await client.fetchToken();
  const listings = await client.listListings();
  return { listingCount: listings.length };
}

/**
 * Like testConnection, trying each reading of the addresses in turn; throws ConnectionFailure with
 * the most likely reading's error (and what was tried) when none answers.
 */
export async function findConnection(
  target: ConnectionTarget,
  clientFor: (authUrl: string, baseUrl: string) => ServiceClient,
): Promise<ConnectionFound> {
  const authUrl = await firstAnswering(
    tokenRootCandidates(target.authUrl),
    (root) => joinUrl(root, TOKEN_PATH),
    async (root) => {
      await clientFor(root, target.baseUrl).fetchToken();
    },
  );
  let found: Omit<ConnectionFound, 'authUrl' | 'baseUrl'> | undefined;
  const baseUrl = await firstAnswering(
    listingsRootCandidates(target.baseUrl),
    (root) => joinUrl(root, '/v1/listings'),
    async (root) => {
      const client = clientFor(authUrl, root);
      const listings = await client.listListings();
      found = { listingCount: listings.length, authForm: client.authForm() };
    },
  );
  return { authUrl, baseUrl, ...found! };
}

/** The first of `roots` for which `attempt` succeeds; stops at a failure that is not a wrong place. */
async function firstAnswering(
  roots: string[],
  shown: (root: string) => string,
  attempt: (root: string) => Promise<void>,
): Promise<string> {
  const tried: string[] = [];
  let first: unknown;
  for (const root of roots) {
    tried.push(shown(root));
    try {
      await attempt(root);
      return root;
    } catch (error) {
      if (!wrongPlace(error)) throw new ConnectionFailure(error, tried.length > 1 ? tried : []);
      // The most likely reading's error is the one worth showing.
      first ??= error;
    }
  }
  throw new ConnectionFailure(first, tried.length > 1 ? tried : []);
}
