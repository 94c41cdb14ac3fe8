// Step 1: the imprint. A draft names one, or the account's default is used. An account without any
// does not get one made up: for a commercial seller the imprint is a legal notice that only the
// seller can write, so the job fails with 'imprint-missing' and goes on after the seller enters one
// and presses Retry. Only the embedded Sandbox (a test service) makes its clearly marked test
// imprint by itself. Creating it is a POST that the spec gives no way to look up; repeating it after
// a lost answer is accepted, because a spare imprint is a text record that no ad shows. Only one is
// created per account at a time, so a batch of drafts makes one imprint, not one per draft.
import {
  type PublishAccounts,
  jobError,
  type FailureFacts,
  StepFailure,
  checkStopped,
  patiently,
  type JobContext,
} from '../context';
import { isAbortError } from '../pacing';

export interface ImprintSource {
  /** Throws 'imprint-missing' when the job has no imprint to publish with: checked before any call. */
  check(ctx: JobContext): void;
  /** The imprint the job publishes with (set on the record and saved). */
  ensure(ctx: JobContext): Promise<string>;
}

/** Why a job of an account without an imprint is not started (or stops before its publication). */
export const IMPRINT_MISSING: FailureFacts = {
  problem: 'imprint-missing',
  message:
    'The account has no imprint. A commercial seller’s ad needs one: enter it (Settings → Accounts, or `accounts imprint NAME FILE` on the command line), then publish again.',
};

/**
 * Whether a job of `accountId` for a draft that names `draftImprint` has an imprint to publish with
 * (its own, the account's default, or the Sandbox's test imprint).
 */
export function hasImprint(
  accounts: Pick<PublishAccounts, 'defaultImprintUuid' | 'testImprint'>,
  accountId: string,
  draftImprint: string | null | undefined,
): boolean {
  return Boolean(
    draftImprint?.trim() || accounts.defaultImprintUuid(accountId) || accounts.testImprint?.(accountId),
  );
}

/** One ImprintSource per engine. */
export function createImprintSource(accounts: PublishAccounts): ImprintSource {
  const creating = new Map<string, Promise<string>>();
  const create = (ctx: JobContext, content: string): Promise<string> => {
    const { accountId } = ctx.record;
    let pending = creating.get(accountId);
    if (!pending) {
      pending = (async () => {
        const existing = accounts.defaultImprintUuid(accountId);
        if (existing) return existing;
        return patiently(ctx, () => accounts.createImprint(accountId, content));
      })().finally(() => creating.delete(accountId));
      creating.set(accountId, pending);
    }
    return pending;
  };
  return {
    check({ record, now }) {
      if (record.imprintUuid !== null) return;
      if (!hasImprint(accounts, record.accountId, record.snapshot.publication.imprintUuid))
        throw new StepFailure(jobError(IMPRINT_MISSING, now()));
    },
    async ensure(ctx) {
      const { record } = ctx;
      if (record.imprintUuid !== null) return record.imprintUuid;
      let uuid =
        record.snapshot.publication.imprintUuid?.trim() || accounts.defaultImprintUuid(record.accountId);
      while (!uuid) {
        checkStopped(ctx);
        const test = accounts.testImprint?.(record.accountId) ?? null;
        // A job written before imprints were asked for, or one whose account lost its imprint.
        if (test === null) throw new StepFailure(jobError(IMPRINT_MISSING, ctx.now()));
        try {
          uuid = await create(ctx, test);
        } catch (error) {
          // The job that started the shared creation was cancelled; this one carries on.
          if (!isAbortError(error) || ctx.signal.aborted) throw error;
        }
      }
      record.imprintUuid = uuid;
      await ctx.save();
      return uuid;
    },
  };
}
