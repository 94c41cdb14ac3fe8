// Feeds in a team (issue 37.3): what this desk may do with a feed (its role and its keychain), the
// lease that lets one desk at a time run a feed, and a held run an owner approved. A lone desk has
// no team: it may do everything, as before.
import {
  heldApprovable,
  type Feed,
  type FeedHold,
  type FeedPermissions,
  type FeedRun,
} from '../../shared/domain/feeds';
import type { FeedTeam } from '../ports/feed-team';
import type { SecretStore } from '../secrets/secret-store';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { feedSecretKey } from './source';
import { feedAccessKeyName } from './access-key';

const ALL: FeedPermissions = { edit: true, run: true, approveHeld: true, keyMissing: false };

/** Whether this desk's keychain lacks a secret the feed needs (an access key, or a user's password). */
export async function keyMissing(feed: Feed, secrets: SecretStore): Promise<boolean> {
  if (feed.source.kind !== 'url') return false;
  const has = async (name: string) => (await secrets.get(name).catch(() => undefined)) !== undefined;
  if (feed.source.accessKey === true && !(await has(feedAccessKeyName(feed.id)))) return true;
  return feed.source.user !== undefined && !(await has(feedSecretKey(feed.id)));
}

/** What this desk may do with the feed; `role` undefined in a team: not known now (the link is down). */
export function feedPermissions(
  inTeam: boolean,
  role: 'prepare' | 'publish' | 'owner' | undefined,
  missing: boolean,
): FeedPermissions {
  if (!inTeam) return { ...ALL, keyMissing: missing };
  // Unknown: nothing is held back here; the database says no when the desk's role may not.
  const grade = role ?? 'owner';
  return {
    edit: grade === 'owner',
    run: grade !== 'prepare' && !missing,
    approveHeld: grade === 'owner',
    keyMissing: missing,
  };
}

/** The seller's words for a feed this desk cannot run for want of its key. */
export function keyMissingError(feed: Feed): AppError {
  return new AppError('forbidden', mainI18n.t('errors:feedKeyMissing', { name: feed.name }), {
    reason: 'feed-key-missing',
  });
}

/**
 * Runs `work` while this desk holds the feed's lease in the team (at once on a lone desk): refused
 * in words when another desk runs the feed now.
 */
export async function withFeedLease<T>(
  team: FeedTeam | undefined,
  feed: Feed,
  runIds: () => readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  if (!team) return work();
  const lease = await team.claim(feed.id);
  if ('heldBy' in lease)
    throw new AppError(
      'conflict',
      mainI18n.t('errors:feedRunElsewhere', { name: feed.name, desk: lease.heldBy }),
      {
        reason: 'feed-run-elsewhere',
      },
    );
  try {
    return await work();
  } finally {
    await lease.release(runIds());
  }
}

/**
 * Whether an owner approved holds like these: the run before was held and approved, and each hold
 * now is of a kind it held, with no more ads than it had.
 */
export function heldApproved(last: FeedRun | undefined, holds: readonly FeedHold[]): boolean {
  if (!last || last.state !== 'held' || !last.approval || holds.length === 0) return false;
  return holds.every((hold) => last.held.some((before) => within(hold, before)));
}

/** Whether `hold` is of the kind of `before` and moves no more ads. */
function within(hold: FeedHold, before: FeedHold): boolean {
  if (hold.reason === 'variants-switched' && before.reason === 'variants-switched')
    return hold.gone <= before.gone && hold.created <= before.created;
  if (
    (hold.reason === 'too-many-gone' && before.reason === 'too-many-gone') ||
    (hold.reason === 'too-many-new' && before.reason === 'too-many-new')
  )
    return hold.count <= before.count;
  return false;
}

/** The run an owner approves: refused in words unless it is the feed's newest run and held. */
export function approvable(run: FeedRun | undefined, newest: FeedRun | undefined): FeedRun {
  if (!run) throw new AppError('not-found', mainI18n.t('errors:feedRunGone'));
  if (run.state !== 'held' || newest?.id !== run.id)
    throw new AppError('conflict', mainI18n.t('errors:feedRunNotHeld'), { reason: 'not-held' });
  // An empty or cut-off file, or a changed header, is mended at the source, not approved.
  if (!heldApprovable(run.held))
    throw new AppError('conflict', mainI18n.t('errors:feedRunNotApprovable'), { reason: 'not-approvable' });
  return run;
}
