// Jobs of an account that cannot sign in: each job's account is checked before the job runs (the
// outcome is remembered, so this costs a call only before the account's first job and after it
// changed). A job whose account cannot sign in is held: it waits, without a draft slot, saying
// why in the seller's terms, and runs by itself when the account changes (or on Retry); when the
// reason passes by itself (out of reach, a failing service), it is checked again after a pause.
import type { AccountSignIn } from '../../../shared/ipc/types';
import { isPassingReason } from '../../accounts/sign-in-check';
import { backoffDelay, type Backoff } from '../../service-client/backoff';
import { type PublishAccounts, jobError, type FailureFacts } from '../context';
import type { DraftSlots } from './draft-slots';
import type { Entry } from './engine-entry';
import type { JobError } from '../jobs';

/** The error a held job shows: the account cannot sign in, and why (`params.reason`). */
export function heldError(outcome: Extract<AccountSignIn, { ok: false }>, at: Date): JobError {
  const underlying = jobError(
    {
      operation: outcome.operation as FailureFacts['operation'],
      problem: outcome.problem,
      message: outcome.message,
    },
    at,
  );
  return {
    problem: 'account-cannot-sign-in',
    title: 'The account cannot sign in',
    detail: `${REASONS[outcome.reason]} (${underlying.detail})`,
    ...(outcome.status !== undefined && { status: outcome.status }),
    remedy: isPassingReason(outcome.reason) ? 'wait' : 'check-account',
    whatToDo: isPassingReason(outcome.reason)
      ? 'Nothing to do: the job starts by itself once the service answers. Cancel it to stop.'
      : 'Correct the account in Settings → Accounts: the job starts by itself once it can sign in.',
    at: at.toISOString(),
    params: { reason: outcome.reason },
    ...(outcome.operation !== undefined && { operation: outcome.operation }),
    ...(outcome.title && { serviceTitle: outcome.title }),
    ...(outcome.detail && { serviceDetail: outcome.detail }),
  };
}

const REASONS: Record<Extract<AccountSignIn, { ok: false }>['reason'], string> = {
  'token-address': 'The token address is wrong: the service answers “not found” there.',
  'secret-refused': 'The service refused the client ID or secret.',
  'no-secret': 'No client secret is stored for the account.',
  unreachable: 'The service cannot be reached.',
  'listings-address': 'The listings address is wrong: the service answers “not found” there.',
  'access-refused': 'The service gave a sign-in but refused access with it.',
  'service-error': 'The service failed to answer the sign-in.',
};

export interface AccountHoldDeps {
  accounts: PublishAccounts;
  slots: Pick<DraftSlots, 'enqueue' | 'pump'>;
  /** Writes the job's record and announces its view. */
  persist(entry: Entry, announce: boolean): Promise<void>;
  entries: ReadonlyMap<string, Entry>;
  backoff: Backoff;
  random: () => number;
  now: () => Date;
  log: { info(message: string): void };
}

/** The held jobs of the engine. */
export interface AccountHold {
  /** Whether the job may run now; when not, it is held (and released later). Throws when the account is gone. */
  admit(entry: Entry): Promise<boolean>;
  /** Holds a job whose call failed to sign in (the account remembers the failure). */
  holdAfter(entry: Entry, error: unknown): Promise<void>;
  /** Checks the held job's account again now; false when the job is not held. */
  retry(entry: Entry): boolean;
  close(): void;
}

/** Holds and releases the jobs of accounts that cannot sign in. */
export function createAccountHold(deps: AccountHoldDeps): AccountHold {
  const { accounts } = deps;
  const requeue = (entry: Entry) => {
    deps.slots.enqueue(entry);
    deps.slots.pump();
  };
  const timers = new Set<NodeJS.Timeout>();
  const forced = new WeakSet<Entry>();
  const pauses = new WeakMap<Entry, number>();
  // Released jobs not yet run: a second release must not hand the same job to a second slot. A
  // release while the job's account is being checked is kept for after the check.
  const released = new WeakSet<Entry>();
  const admitting = new WeakSet<Entry>();
  const again = new WeakSet<Entry>();
  let closed = false;

  const release = (entry: Entry, force: boolean) => {
    if (closed || entry.held === null || entry.record.state !== 'queued') return;
    if (admitting.has(entry)) again.add(entry);
    if (admitting.has(entry) || released.has(entry)) return;
    released.add(entry);
    if (force) forced.add(entry);
    requeue(entry);
  };
  // Any change of an account lets its held jobs try again (the outcome is remembered, so a job of an
  // unchanged account is held again at once, without a call).
  const unsubscribe = accounts.onAccountChange?.((accountId) => {
    for (const entry of deps.entries.values())
      if (entry.record.accountId === accountId && entry.held !== null) release(entry, false);
  });

  const hold = async (entry: Entry, outcome: Extract<AccountSignIn, { ok: false }>) => {
    const first = entry.held === null;
    entry.held = heldError(outcome, deps.now());
    entry.record.state = 'queued';
    entry.record.error = null;
    if (first)
      deps.log.info(
        `Publish job ${entry.record.id} waits: account ${entry.record.accountId} cannot sign in (${outcome.reason})`,
      );
    await deps.persist(entry, true);
    if (!isPassingReason(outcome.reason)) return;
    const attempt = pauses.get(entry) ?? 0;
    pauses.set(entry, attempt + 1);
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        release(entry, true);
      },
      backoffDelay(attempt, deps.backoff, undefined, deps.random),
    );
    timer.unref();
    timers.add(timer);
  };

  return {
    async admit(entry) {
      released.delete(entry);
      again.delete(entry);
      if (!accounts.signIn) return true;
      const force = forced.has(entry);
      forced.delete(entry);
      admitting.add(entry);
      let outcome: AccountSignIn;
      try {
        outcome = await accounts.signIn(entry.record.accountId, force);
      } finally {
        admitting.delete(entry);
      }
      if (outcome.ok) {
        entry.held = null;
        pauses.delete(entry);
        return true;
      }
      // Cancelled while the account was being checked: nothing to hold.
      if (entry.cancelRequested || entry.record.state === 'cancelled') return false;
      await hold(entry, outcome);
      // The account changed while it was being checked: check it as it is now.
      if (again.has(entry)) release(entry, false);
      return false;
    },
    async holdAfter(entry, error) {
      accounts.noteSignInFailure?.(entry.record.accountId, error);
      const outcome = await accounts.signIn!(entry.record.accountId);
      if (!outcome.ok) await hold(entry, outcome);
      else requeue(entry);
    },
    retry(entry) {
      if (entry.held === null || entry.record.state !== 'queued') return false;
      release(entry, true);
      return true;
    },
    close() {
      closed = true;
      unsubscribe?.();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
