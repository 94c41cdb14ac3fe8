// A feed's run and an owner's approval of a held run as rows of the activity log (issue 37.5): the
// running desk is the desk that writes the row; what the run did is its counts and its outcome.
import type { ActivityInput } from '../../shared/domain/activity';
import type { FeedRun } from '../../shared/domain/feeds';

/** A finished run (done, held or failed): what it did. */
export function feedRunActivity(run: FeedRun, accountId: string | undefined): ActivityInput {
  return {
    kind: 'feed-run',
    account: accountId ?? null,
    job: run.id,
    changed: {
      feed: run.feedName,
      outcome: run.state,
      trigger: run.trigger,
      counts: run.counts,
      failed: run.failed,
      ...(run.held.length > 0 && { held: run.held.map((hold) => hold.reason) }),
      ...(run.approvedHolds && { approvedHolds: run.approvedHolds.map((hold) => hold.reason) }),
      ...(run.unchanged && { unchanged: true }),
      ...(run.failure !== undefined && { failure: run.failure }),
    },
    madeAt: run.finishedAt ?? run.startedAt,
  };
}

/** An owner's yes to a held run; `deskId` the approving desk in a team (the writer otherwise). */
export function approvalActivity(
  run: FeedRun,
  accountId: string | undefined,
  deskId: string | undefined,
): ActivityInput {
  return {
    kind: 'approval',
    account: accountId ?? null,
    ...(deskId !== undefined && { approving: deskId }),
    job: run.id,
    changed: {
      feed: run.feedName,
      heldRun: run.id,
      held: run.held.map((hold) => hold.reason),
    },
    ...(run.approval && { madeAt: run.approval.at }),
  };
}
