// The activity log (issue 37.5) as the rooms that record to it see it: in a team the shop's
// database (shop/activity/), on a lone desktop a file in the data folder (activity/). The
// composition root hands the one in use to whoever records; the port lives below both rooms.
import type { ActivityEntry, ActivityFilter, ActivityInput } from '../../shared/domain/activity';

export interface ActivityLog {
  /**
   * Records one change that has happened. A change written to the team's database records itself
   * in that statement or transaction (the shop's own functions take the input); this is for what
   * has no such statement, and for the lone desktop.
   */
  record(input: ActivityInput): Promise<void>;
  /** The rows that pass `filter`, newest first. */
  list(filter: ActivityFilter): Promise<ActivityEntry[]>;
}
