// What runs by itself (DESIGN.md "Automation"): feed runs, scheduled publishing and price steps.
// Each kind offers what is due through a DueSource; one runner (in the app while it is open, or the
// window-less `worker`) asks every source, claims each task (in a shop, in the shop's database, so
// exactly one desk or worker does it) and runs it.
import type { ActivityInput } from '../../shared/domain/activity';

/** One thing that is due, e.g. a scheduled draft, a feed's next run or a price rule's next step. */
export interface DueTask {
  /**
   * Names this run of this thing, stable across desks and restarts, e.g. `schedule:<draftId>:<iso>`,
   * `feed:<feedId>:<iso of the slot>`, `price:<ruleId>:<step>`: the claim is taken on it, so the same
   * key is never run twice.
   */
  readonly key: string;
  readonly kind: 'schedule' | 'feed' | 'price';
  /** When it fell due (epoch ms). */
  readonly dueAt: number;
  /** Plain words for the log and the seller, e.g. the draft's title or the feed's name. */
  readonly label: string;
  /**
   * Does it; resolves when done (failures it reports itself, to the seller and the log), with what
   * it did for the activity log (issue 37.5), which is written with the claim's done.
   */
  run(signal: AbortSignal): Promise<void | readonly ActivityInput[]>;
}

/** A kind of automation: what of it is due at `now` (epoch ms). */
export interface DueSource {
  due(now: number): Promise<DueTask[]>;
  /** The next time something of this kind falls due after `now`, when known (so the runner sleeps until then). */
  next?(now: number): Promise<number | undefined>;
}
