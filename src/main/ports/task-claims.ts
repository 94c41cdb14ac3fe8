// The right to run a due task, by its key (DESIGN.md "Claims"): what the automation's runner asks
// before it runs a task. A lone desk's claims are automation/task-claims.ts, a desk in a shop's are
// the shop's database (shop/claims/due-claims.ts), and the composition root hands the shop's to the
// automation. The port lives below both rooms so that neither imports the other.
import type { ActivityInput } from '../../shared/domain/activity';

/** A due task held by this desk or worker. */
export interface TaskClaim {
  /** Aborts when the claim is lost (in a shop: its lease could run out, or another desk took it over). */
  readonly signal: AbortSignal;
  /**
   * Marks the key done for good: nobody runs it again. What the task did (`activity`, issue 37.5) is
   * logged with it: in a team in the same statement, under the claim's fence, so a task is never
   * done without its rows, nor logged without being done.
   */
  done(activity?: readonly ActivityInput[]): Promise<void>;
  /** Gives the key back unfinished (a stop): it is run again, here or elsewhere. */
  giveBack(): Promise<void>;
}

/** Why a task is not to be run here now: done already, or held elsewhere (look again in `retryInMs`). */
export type ClaimRefusal = { refused: 'done' } | { refused: 'held'; retryInMs: number };

/** Who may run a due task now. */
export interface TaskClaims {
  /** The right to run `key` now, or why not. */
  claim(key: string): Promise<TaskClaim | ClaimRefusal>;
}

/** Whether the answer of `claim` is a refusal. */
export const isRefusal = (answer: TaskClaim | ClaimRefusal): answer is ClaimRefusal => 'refused' in answer;
