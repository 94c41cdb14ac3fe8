// The seller's Retry of a shop job from a desk that cannot run it itself (it has no copy of the
// job, or no secret for its account): the job goes back into the shop's queue as a Retry would
// leave it here, and a desk holding the secret claims it and starts by reconciling, as after a
// takeover (issue 24.5). One statement decides, so two desks pressing Retry at once reopen it once.
import type pg from 'pg';
import { prepareRetry } from '../../publish/jobs';
import { RETRYABLE_STATES, type JobBody } from './job-queue';

type Db = Pick<pg.Pool, 'query'>;

/** Puts a failed, cancelled or rejected job back into the queue; false when it is not to be retried now. */
export async function requeueJob(
  db: Db,
  jobId: string,
  confirm: { confirmDuplicateRisk?: boolean } | undefined,
  waitsForSecret: (accountId: string) => Promise<boolean>,
): Promise<boolean | 'needs-confirmation'> {
  const read = await db.query<{ body: JobBody }>(
    `select body from listing_desk.jobs where id = $1 and kind = 'publish'`,
    [jobId],
  );
  const shopCopy = read.rows[0]?.body.record;
  if (!shopCopy || !RETRYABLE_STATES.includes(shopCopy.state) || shopCopy.supersededBy !== null) return false;
  // The ad may be online already and nothing can tell: only the seller may take that risk.
  if (shopCopy.error?.problem === 'publication-unknown' && confirm?.confirmDuplicateRisk !== true)
    return 'needs-confirmation';
  const record = structuredClone(shopCopy);
  // The listings other jobs hold are the runner's to know; it checks them again when it claims.
  prepareRetry(record);
  record.state = record.publicationUuid !== null ? 'tracking' : 'queued';
  record.updatedAt = new Date().toISOString();
  const state =
    record.state === 'tracking'
      ? 'tracking'
      : (await waitsForSecret(record.accountId))
        ? 'waiting'
        : 'queued';
  try {
    const reopened = await db.query(
      `update listing_desk.jobs
          set state = $2, runner = null, lease_until = null, updated_at = now(),
              body = jsonb_set(body, '{record}', $3)
        where id = $1 and kind = 'publish' and state = any($4) and body->'record'->>'updatedAt' = $5`,
      [jobId, state, record, RETRYABLE_STATES, shopCopy.updatedAt],
    );
    return (reopened.rowCount ?? 0) === 1;
  } catch (error) {
    // The draft has another open job (the unique index): this one stays as it ended.
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}
