// A call that changes a live ad (pause, resume, end, a live edit) and its row of the activity log
// (issue 37.5): the row is written with the record that states the call's outcome, never after it
// alone. In a team that record is a due claim of the call, leased under a fencing token before the
// call and marked done with the row in one statement (shop/claims/live-call-claims.ts); on a lone
// desk, or in a team while its database is out of reach, a journal file in the data folder written
// before the call and settled in order after it (activity/call-journal.ts). A desk killed mid-call
// leaves its claim or journal file: whoever settles it later reads the ad on the service and writes
// the row once. The composition root wires both (app-live-calls.ts).
import type { ActivityInput } from '../../shared/domain/activity';

export type LiveCallKind = 'pause' | 'resume' | 'end' | 'live-change';

/** What a call is about to do, as its record keeps it (enough to read its outcome back later). */
export interface LiveCall {
  /** Unique per call. */
  id: string;
  kind: LiveCallKind;
  account: string;
  /** The listing's uuid. */
  ad: string;
  /** pause / resume: the publication and the state asked for. */
  publication?: string;
  state?: 'PAUSED' | 'RESUMED';
  /** end: as sold. */
  sold?: boolean;
  /**
   * live-change: the paths of the values sent (`adPrice.amount`) and one digest of those values,
   * to tell whether they landed (the values themselves may be long: the call's record stays short).
   */
  fields?: string[];
  digest?: string;
  /** When the desk made the call (ISO). */
  madeAt: string;
}

/** A call begun: its outcome is settled once. */
export interface LiveCallHold {
  /** The call's outcome: its row (null: the call did not change the ad; nothing is logged). */
  settle(entry: ActivityInput | null): Promise<void>;
  /**
   * The call failed, perhaps after the service took it (a timeout): the record stays for the
   * reconcile, which reads the ad and logs the call if it landed.
   */
  leave(): Promise<void>;
}

export interface LiveCalls {
  /** Records the call before it is sent. */
  begin(call: LiveCall): Promise<LiveCallHold>;
}

/** The row of the activity log a call's outcome makes. */
export function liveCallEntry(call: LiveCall, changed: Record<string, unknown>): ActivityInput {
  return {
    kind: call.kind,
    account: call.account,
    ad: call.ad,
    madeAt: call.madeAt,
    changed: { call: call.id, ...changed },
  };
}
