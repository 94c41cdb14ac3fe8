// Listings and publications that belong to a job, engine-wide, with the job each belongs to. A lost
// answer of one job is never matched with another job's listing or publication, but it may be matched
// with one its own job claimed before: a run stopped (its lease could run out) while its create was
// out claims the late answer, and then its save is refused, so the job's next run, with the shop's
// copy of the record, still has the create as "outcome unknown" and must find that same listing.
/** What a reconcile asks: is this uuid taken (by the jobs it must not be matched with)? */
export interface Taken {
  has(uuid: string): boolean;
}

/** uuid → the job (or the job's late-answer watch) it belongs to. */
export class Owners implements Taken {
  readonly #owners = new Map<string, string>();

  /** `uuid` belongs to `owner` (a job id) from now on. */
  claim(uuid: string, owner: string): void {
    this.#owners.set(uuid, owner);
  }

  release(uuid: string): void {
    this.#owners.delete(uuid);
  }

  /** Claimed by any job. */
  has(uuid: string): boolean {
    return this.#owners.has(uuid);
  }

  /** Claimed by a job other than `jobId`: what a reconcile of `jobId`'s own lost create must skip. */
  others(jobId: string): Taken {
    return { has: (uuid) => this.#owners.has(uuid) && this.#owners.get(uuid) !== jobId };
  }
}

/** The owner of what a job's late-answer watch found: its job's, but never taken for its lost create. */
export function lateOwner(jobId: string): string {
  return `${jobId}#late`;
}
