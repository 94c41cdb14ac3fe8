// A draft belongs to one account (issue 15.1): moving drafts between accounts, and what the seller
// is told when drafts stored without an account were given one at upgrade.
import type { Draft } from './draft';

/** Why a draft cannot move to another account. */
export type MoveRefusal =
  /** It is linked to an ad on its account's service: the ad cannot follow it. */
  | 'linked'
  /** A publish job is sending it to its account's service right now. */
  | 'publishing';

/** What moving one draft would do (or did). */
export type MoveStep =
  | { id: string; title: string; outcome: 'moved'; imprintReset: boolean }
  | { id: string; title: string; outcome: 'unchanged' }
  | { id: string; title: string; outcome: 'refused'; reason: MoveRefusal; fromAccountId: string | null };

/** The answer of `drafts:move-account`: one step per draft, in the order asked. */
export interface MoveAccountResult {
  /** True when nothing was written (the seller is asked first). */
  dryRun: boolean;
  accountId: string;
  steps: MoveStep[];
}

/** The account a draft may move to: its imprints and the one new drafts get. */
export interface MoveTarget {
  id: string;
  imprints: readonly { uuid: string }[];
  defaultImprintUuid: string | null;
}

/** Why `draft` cannot leave its account, or null when it can. */
export function moveRefusal(draft: Pick<Draft, 'status' | 'remote'>): MoveRefusal | null {
  if (draft.remote?.listingUuid || draft.remote?.publicationUuid) return 'linked';
  if (draft.status === 'publishing') return 'publishing';
  return null;
}

/** What moving `draft` to `target` does. */
export function planMove(draft: Draft, target: MoveTarget): MoveStep {
  const { id, title } = draft;
  if (draft.accountId === target.id) return { id, title, outcome: 'unchanged' };
  const reason = moveRefusal(draft);
  if (reason) return { id, title, outcome: 'refused', reason, fromAccountId: draft.accountId };
  return {
    id,
    title,
    outcome: 'moved',
    imprintReset: imprintAfterMove(draft, target) !== draft.publication.imprintUuid,
  };
}

// An imprint belongs to the account that created it: one the new account does not have would be
// refused by its service, so it gives way to the new account's default. None stays none: the
// publish engine then uses the default of the account it publishes with.
function imprintAfterMove(draft: Draft, target: MoveTarget): string | null {
  const own = draft.publication.imprintUuid;
  if (own === null || target.imprints.some((imprint) => imprint.uuid === own)) return own;
  return target.defaultImprintUuid;
}

/** The draft as it is on `target` (call only when `planMove` says 'moved'). */
export function moveDraft(draft: Draft, target: MoveTarget): Draft {
  return {
    ...draft,
    accountId: target.id,
    publication: { ...draft.publication, imprintUuid: imprintAfterMove(draft, target) },
  };
}

/** Drafts stored without an account that the upgrade gave one, shown until the seller dismisses it. */
export interface AccountUpgradeNotice {
  /** Per account given: how many drafts, and how many of them as the app's records say (a publish job, a linked listing); the rest got the selected account. */
  accounts: { accountId: string; count: number; fromRecords: number }[];
  /** When the upgrade ran (ISO 8601). */
  at: string;
}
