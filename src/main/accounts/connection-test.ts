// "Test connection" of one account, in the renderer's terms: what answered (and whether the
// addresses had to be read differently from how they were typed), or the problem and what was tried.
import type { ConnectionResult } from '../../shared/ipc/types';
import { ConnectionFailure, RefusedInBothForms, findConnection, type ServiceClient } from '../service-client';
import { TOKEN_PATH, servicePaths } from '../../shared/service';
import { problemOf } from './service-problem';

/** The outcome of a test, and the roots to keep when they differ from the account's. */
export interface ConnectionTestOutcome {
  result: ConnectionResult;
  keep?: { authUrl: string; baseUrl: string };
}

/** Tests the account with addresses `authUrl` and `baseUrl`; `clientFor` builds a client per reading. */
export async function runConnectionTest(
  target: { authUrl: string; baseUrl: string },
  clientFor: (authUrl: string, baseUrl: string) => ServiceClient,
): Promise<ConnectionTestOutcome> {
  try {
    const found = await findConnection(target, clientFor);
    const adjusted = found.authUrl !== target.authUrl || found.baseUrl !== target.baseUrl;
    return {
      result: {
        ok: true,
        listingCount: found.listingCount,
        used: {
          tokenUrl: `${found.authUrl}${TOKEN_PATH}`,
          listingsUrl: `${found.baseUrl}${servicePaths.listings()}`,
          authForm: found.authForm,
          adjusted,
        },
      },
      ...(adjusted && { keep: { authUrl: found.authUrl, baseUrl: found.baseUrl } }),
    };
  } catch (error) {
    if (!(error instanceof ConnectionFailure)) return { result: { ok: false, ...problemOf(error) } };
    return {
      result: {
        ok: false,
        ...problemOf(error.error),
        ...(error.tried.length > 0 && { tried: error.tried }),
        ...(error.error instanceof RefusedInBothForms && { authTried: [...error.error.triedForms] }),
      },
    };
  }
}
