// How the engine asks for and gives back the claim of a job (claims/claims.ts): one claim per job while
// anything of it runs on this desk; its loss stops the job where it stands.
import { LONE_CLAIM, type JobClaim, type PublishClaims } from '../claims';
import type { Entry } from './engine-entry';
import type { JobRecord } from '../jobs';

export interface EngineClaims {
  /** The job's claim (asked for when it has none), tied to `controller`; null: not on this desk now. */
  claimFor(entry: Entry, controller: AbortController): Promise<JobClaim | null>;
  /** Gives the claim back once nothing of the job runs here any more. */
  letGo(entry: Entry): void;
  /** Shares what this desk learned of the finished job's ad (`later`) with the other desks. */
  shareLater(entry: Entry): void;
}

// The record object stays the one the job's steps hold; its content becomes the shop's copy.
function takeRecord(record: JobRecord, from: JobRecord): void {
  const target = record as unknown as Record<string, unknown>;
  for (const key of Object.keys(target)) if (!(key in from)) delete target[key];
  Object.assign(record, structuredClone(from));
}

/** The engine's use of `claims`; releases under way are added to `tasks` (close waits for them). */
export function engineClaims(
  claims: PublishClaims,
  tasks: Set<Promise<void>>,
  closed: () => boolean,
  log: { error(message: string, error?: unknown): void },
): EngineClaims {
  return {
    async claimFor(entry, controller) {
      const held = entry.claim;
      const claim =
        held ??
        (await claims.claim(entry.record).catch((error: unknown) => {
          log.error(`Publish job ${entry.record.id} could not be claimed`, error);
          return null;
        }));
      if (!claim) return null;
      entry.claim = claim;
      // Only a claim just won brings the shop's copy; the job has gone on from it since.
      if (!held && claim.record) takeRecord(entry.record, claim.record);
      if (closed()) return null;
      // The lone desk's claim is never lost: nothing to listen to on its shared signal.
      if (claim === LONE_CLAIM) return claim;
      claim.signal.addEventListener('abort', () => controller.abort(), { once: true });
      if (claim.signal.aborted) controller.abort();
      return claim;
    },
    letGo(entry) {
      const claim = entry.claim;
      entry.claim = null;
      if (!claim) return;
      const released = claim.release(entry.record).catch((error: unknown) => {
        log.error(`Publish job ${entry.record.id}: its claim could not be given back`, error);
      });
      entry.released = released;
      tasks.add(released);
      void released.finally(() => tasks.delete(released));
    },
    shareLater(entry) {
      // After the job's last write to the shop (its claim given back), which may still be under
      // way: before it, the shop's copy is not ended yet and would not take the news.
      void Promise.resolve(entry.released)
        .then(() => claims.noteLater(entry.record))
        .catch((error: unknown) =>
          log.error(`Publish job ${entry.record.id}: its ad's news stays here`, error),
        );
    },
  };
}
