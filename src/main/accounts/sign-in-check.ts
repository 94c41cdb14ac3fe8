// Whether an account can sign in, checked before its first publish job: a token fetched and one
// cheap authenticated read (its listings). The outcome is remembered per account until what it
// depends on changes (addresses, client ID, Authorization setting, secret); outcomes that pass by
// themselves (out of reach, a failing service) are not remembered, so the next ask checks again.
import type { AccountSignIn, ServiceProblem, SignInReason } from '../../shared/ipc/types';
import { TOKEN_ERROR_CODES } from '../../shared/service';
import { ServiceError, testConnection, type ServiceClient } from '../service-client';
import { problemOf } from './service-problem';

// Failures of the connection itself: nothing about the account needs changing.
const OUT_OF_REACH = new Set(['unreachable', 'timeout', 'connection-reset', 'tls']);
const SECRET_REFUSED = new Set<string>([...TOKEN_ERROR_CODES, 'token-rejected']);

/** Whether `reason` passes without the seller changing the account (so it is checked again by itself). */
export function isPassingReason(reason: SignInReason): boolean {
  return reason === 'unreachable' || reason === 'service-error';
}

// A place that is not the service's answers 404 or 405, or with a page that is no answer of it.
const wrongPlace = (error: Facts): boolean =>
  error.status === 404 || error.status === 405 || error.problem === 'invalid-response';

/** What a reason is read from: a ServiceError, or the ServiceProblem of one. */
interface Facts {
  problem: string;
  status?: number;
  operation?: string;
}

/** The seller's reason behind a failed token request or listings read. */
export function signInReasonOf(error: Facts): SignInReason {
  if (error.problem === 'missing-secret') return 'no-secret';
  if (OUT_OF_REACH.has(error.problem)) return 'unreachable';
  if (error.operation === 'token') {
    if (wrongPlace(error)) return 'token-address';
    if (SECRET_REFUSED.has(error.problem) || error.status === 401 || error.status === 403)
      return 'secret-refused';
    return 'service-error';
  }
  if (wrongPlace(error)) return 'listings-address';
  if (error.problem === 'unauthorized' || error.problem === 'forbidden') return 'access-refused';
  return 'service-error';
}

/** Whether `error`, thrown by any call of an account's client, says the account cannot sign in. */
export function isSignInFailure(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return false;
  if (error.problem === 'missing-secret') return true;
  return error.operation === 'token' && !isPassingReason(signInReasonOf(error));
}

/** The failed outcome for `error` (a ServiceError, or the problem of a failed connection test). */
export function failedSignIn(error: unknown, at: Date): AccountSignIn {
  const found = error instanceof Error ? problemOf(error) : (error as ServiceProblem);
  // Only the problem's own fields: a test's result carries more (what it tried).
  const { problem, message, status, detail, operation, title } = found;
  return {
    ok: false,
    reason: signInReasonOf(found),
    checkedAt: at.toISOString(),
    problem,
    message,
    ...(status !== undefined && { status }),
    ...(detail !== undefined && { detail }),
    ...(operation !== undefined && { operation }),
    ...(title !== undefined && { title }),
  };
}

export interface SignInChecksDeps {
  /** What the outcome depends on, as a string (never the secret itself). */
  keyOf(accountId: string): string;
  client(accountId: string): ServiceClient;
  /** Told whenever an account's remembered outcome changes. */
  onChange(accountId: string, outcome: AccountSignIn | undefined): void;
  now?: () => Date;
}

/** The sign-in checks of every account. */
export interface SignInChecks {
  /** The remembered outcome for the account as it is now, if any. */
  known(accountId: string): AccountSignIn | undefined;
  /** The remembered outcome, or a new check (one at a time per account); `force` checks again. */
  check(accountId: string, force?: boolean): Promise<AccountSignIn>;
  /** Remembers an outcome found elsewhere (a connection test, a job's failed token request). */
  remember(accountId: string, outcome: AccountSignIn): void;
  /** Forgets what is known of the account (removed, or its outcome is to be found anew). */
  forget(accountId: string): void;
}

/** Builds the checks; each account's outcome is kept with the key it was found under. */
export function createSignInChecks(deps: SignInChecksDeps): SignInChecks {
  const now = deps.now ?? (() => new Date());
  const outcomes = new Map<string, { key: string; outcome: AccountSignIn }>();
  const running = new Map<string, { key: string; promise: Promise<AccountSignIn> }>();

  const known = (accountId: string): AccountSignIn | undefined => {
    const kept = outcomes.get(accountId);
    return kept && kept.key === deps.keyOf(accountId) ? kept.outcome : undefined;
  };
  const remember = (accountId: string, outcome: AccountSignIn, key = deps.keyOf(accountId)): void => {
    const before = known(accountId);
    if (!outcome.ok && isPassingReason(outcome.reason)) outcomes.delete(accountId);
    else outcomes.set(accountId, { key, outcome });
    if (before?.ok !== outcome.ok || (!before?.ok && !outcome.ok && before?.reason !== outcome.reason))
      deps.onChange(accountId, outcome);
  };

  return {
    known,
    remember: (accountId, outcome) => remember(accountId, outcome),
    check(accountId, force = false) {
      const key = deps.keyOf(accountId);
      const kept = known(accountId);
      if (kept && !force) return Promise.resolve(kept);
      const under = running.get(accountId);
      if (under?.key === key) return under.promise;
      const promise = (async (): Promise<AccountSignIn> => {
        // A removed account throws here: that is no outcome of signing in.
        const client = deps.client(accountId);
        let outcome: AccountSignIn;
        try {
          await testConnection(client);
          outcome = { ok: true, checkedAt: now().toISOString() };
        } catch (error) {
          outcome = failedSignIn(error, now());
        }
        // An outcome found under addresses changed meanwhile says nothing about the new ones.
        if (deps.keyOf(accountId) === key) remember(accountId, outcome, key);
        return outcome;
      })().finally(() => {
        if (running.get(accountId)?.promise === promise) running.delete(accountId);
      });
      running.set(accountId, { key, promise });
      return promise;
    },
    forget(accountId) {
      outcomes.delete(accountId);
      running.delete(accountId);
    },
  };
}
