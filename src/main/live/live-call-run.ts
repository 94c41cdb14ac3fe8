// Sends a call that changes a live ad as a live call (issue 37.5; ports/live-calls.ts): its record
// is written before it is sent (a record that cannot be written stops the call), and its row of the
// activity log is written with the record that settles it. A call that failed leaves its record to
// the reconcile, which reads the ad: a call the service took before its answer was lost is logged.
import { randomUUID } from 'node:crypto';
import { liveCallEntry, type LiveCall, type LiveCalls } from '../ports/live-calls';

export interface LiveCallRun<T> {
  calls: LiveCalls | undefined;
  call: Omit<LiveCall, 'id' | 'madeAt'>;
  send(): Promise<T>;
  /** What the row says changed, from the call's answer. */
  changed(answer: T): Record<string, unknown>;
  log: { error(message: string, error?: unknown): void };
}

export async function runLiveCall<T>(run: LiveCallRun<T>): Promise<T> {
  const call: LiveCall = { ...run.call, id: randomUUID(), madeAt: new Date().toISOString() };
  const hold = await run.calls?.begin(call);
  let answer: T;
  try {
    answer = await run.send();
  } catch (error) {
    await hold
      ?.leave()
      .catch((failure: unknown) => run.log.error(`The record of ${call.kind} of ${call.ad} stays`, failure));
    throw error;
  }
  // The change is done whatever happens here: an unsettled record is settled by the reconcile.
  await hold
    ?.settle(liveCallEntry(call, run.changed(answer)))
    .catch((error: unknown) =>
      run.log.error(
        `The activity log did not take ${call.kind} of ${call.ad} yet; the reconcile settles it`,
        error,
      ),
    );
  return answer;
}
