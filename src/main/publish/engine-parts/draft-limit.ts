// How many drafts publish at once. A number is the seller's choice; 'auto' (the default) keeps the
// accounts' paces filled: as many drafts as the accounts with jobs to run take calls at once. That is
// each account's window of its pace (service-client/account-pace.ts), which starts small, grows as
// calls pass and halves at each limit the service signals (429, 503 with Retry-After): a service that
// says "slow down" gets fewer drafts at once, not a queue of them. A draft keeps about two calls under
// way on average (a listing and a ticket per photo, then an attach per photo, then one order and one
// publication), so as many drafts as calls at once leave the pace no idle room, and no more are started
// than that: each is finished sooner, and the drafts' photos wait in fewer queues.
import { isOpenJobState } from '../../../shared/domain/publishing';
import { DEFAULT_MAX_CONCURRENCY } from '../../service-client';
import type { PublishAccounts } from '../context';
import type { Entry } from './engine-entry';

/** Drafts at once: a number (the seller's choice), or 'auto' (see the top of this file). */
export type DraftLimit = number | 'auto';

/** Most drafts at once under 'auto', whatever the accounts' windows. */
export const MAX_AUTO_DRAFTS = 32;

/**
 * The drafts at once 'auto' gives now: the calls at once of the accounts with jobs to run (with none,
 * of the active account: a shop's queue asks before it hands this desk a job).
 */
export function autoDrafts(
  entries: Iterable<Entry>,
  accounts: Pick<PublishAccounts, 'callsAtOnce' | 'activeId'>,
): number {
  const open = new Set<string>();
  for (const { record } of entries)
    if (isOpenJobState(record.state) && record.state !== 'tracking') open.add(record.accountId);
  if (open.size === 0) open.add(accounts.activeId());
  let calls = 0;
  for (const accountId of open) {
    let window = DEFAULT_MAX_CONCURRENCY;
    try {
      window = accounts.callsAtOnce?.(accountId) ?? DEFAULT_MAX_CONCURRENCY;
    } catch {
      // An account removed meanwhile: its jobs fail on their own; it takes no room here.
      window = 1;
    }
    calls += Math.max(1, window);
  }
  return Math.min(MAX_AUTO_DRAFTS, Math.max(1, calls));
}

/** The limit of drafts at once as it is now, from the setting (read live) and 'auto''s figure. */
export function draftLimitOf(
  setting: DraftLimit | (() => DraftLimit) | undefined,
  auto: () => number,
): () => number {
  return () => {
    const value = typeof setting === 'function' ? setting() : setting;
    return value === undefined || value === 'auto' ? auto() : Math.max(1, Math.floor(value));
  };
}
