// Step 1: the imprint. A draft names one, or the account's default is used; an account without any
// gets one made from the draft's contact data (publishing needs one). Creating it is a POST that the
// spec gives no way to look up; repeating it after a lost answer is accepted, because a spare
// imprint is a text record that no ad shows. Only one is created per account at a time, so a batch
// of drafts on a new account makes one imprint, not one per draft.
import type { Draft } from '../../shared/domain/draft';
import type { PublishAccounts } from './accounts-port';
import { checkStopped, patiently, type JobContext } from './job-context';
import { isAbortError } from './pause';

export interface ImprintSource {
  /** The imprint the job publishes with (set on the record and saved). */
  ensure(ctx: JobContext): Promise<string>;
}

/** One ImprintSource per engine. */
export function createImprintSource(accounts: PublishAccounts): ImprintSource {
  const creating = new Map<string, Promise<string>>();
  const create = (ctx: JobContext): Promise<string> => {
    const { accountId, snapshot } = ctx.record;
    let pending = creating.get(accountId);
    if (!pending) {
      pending = (async () => {
        const existing = accounts.defaultImprintUuid(accountId);
        if (existing) return existing;
        return patiently(ctx, () => accounts.createImprint(accountId, imprintContent(snapshot)));
      })().finally(() => creating.delete(accountId));
      creating.set(accountId, pending);
    }
    return pending;
  };
  return {
    async ensure(ctx) {
      const { record } = ctx;
      if (record.imprintUuid !== null) return record.imprintUuid;
      let uuid =
        record.snapshot.publication.imprintUuid?.trim() || accounts.defaultImprintUuid(record.accountId);
      while (!uuid) {
        checkStopped(ctx);
        try {
          uuid = await create(ctx);
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

/** An imprint text from the draft's contact data: who offers the ad, and where. */
export function imprintContent(draft: Draft): string {
  const p = draft.publication;
  const lines = [
    draft.contactPerson?.trim(),
    p.street.trim(),
    [p.postalCode.trim(), p.city.trim()].filter(Boolean).join(' '),
    draft.email.trim(),
    draft.phoneNumber?.trim(),
  ];
  return lines.filter((line): line is string => Boolean(line)).join('\n');
}
