// Claims in the database (issue 24.5): one winner among desks claiming at once, step records only
// while the fence holds, and a lease that stops the service's calls a margin before it could run
// out, counted on the monotonic clock from when the desk asked for it.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../src/main/publish/jobs/job-record';
import { newJobRecord } from '../../src/main/publish/drafts/new-job';
import { claimJob, insertJob, renewLease, writeStep } from '../../src/main/shop/queue/job-queue';
import { leaseClaim } from '../../src/main/shop/queue/job-lease';
import { sampleDraft } from '../fixtures/drafts';
import { deskSession, initShop } from './helpers/desk-session';
import { freshDatabase } from './helpers/shared-postgres';
import type { ShopSession } from '../../src/main/shop/connection/shop-session';

const sessions: ShopSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function desks(count: number): Promise<ShopSession[]> {
  const url = await freshDatabase();
  const shopId = await initShop(url);
  const made: ShopSession[] = [];
  for (let i = 0; i < count; i += 1) made.push(await deskSession(url, shopId, `Desk ${i + 1}`));
  sessions.push(...made);
  return made;
}

function record(): JobRecord {
  const id = randomUUID();
  return newJobRecord({
    id,
    draft: sampleDraft(`draft-${id}`),
    accountId: 'sandbox',
    photoFiles: [],
    inheritListing: null,
    now: new Date(),
  });
}

async function queued(db: pg.Pool, deskId: string): Promise<JobRecord> {
  const job = record();
  expect(await insertJob(db, { body: { record: job, photos: {} }, deskId, state: 'queued' })).toBe(job.id);
  return job;
}

const idOf = (session: ShopSession) => session.membership.deskId;
const quiet = { info: () => undefined, warn: () => undefined };

describe('claims in the shop database', () => {
  it('gives a job to exactly one of twenty desks claiming it at the same instant', async () => {
    const all = await desks(20);
    const job = await queued(all[0]!.pool, idOf(all[0]!));
    const won = await Promise.all(all.map((desk) => claimJob(desk.pool, job.id, idOf(desk), 10_000)));
    expect(won.filter((claim) => claim !== null)).toHaveLength(1);
    expect(won.find((claim) => claim !== null)?.fence).toBe('1');
  });

  it('refuses a second open job of the same draft', async () => {
    const [a, b] = await desks(2);
    const job = await queued(a!.pool, idOf(a!));
    const again = { ...record(), draftId: job.draftId };
    expect(
      await insertJob(b!.pool, { body: { record: again, photos: {} }, deskId: idOf(b!), state: 'queued' }),
    ).toBe(null);
  });

  it('writes step records only while the fence, the runner and the lease hold', async () => {
    const [a, b] = await desks(2);
    const job = await queued(a!.pool, idOf(a!));
    const first = await claimJob(a!.pool, job.id, idOf(a!), 60_000);
    const held = { id: job.id, deskId: idOf(a!), fence: first!.fence };
    expect(await writeStep(a!.pool, held, { ...job, state: 'running' })).toBe(true);
    // While A's lease runs, B cannot have the job.
    expect(await claimJob(b!.pool, job.id, idOf(b!), 60_000)).toBeNull();
    // A's lease runs out (as when it stops renewing): no step of A any more, and B takes over.
    await a!.pool.query(
      `update listing_desk.jobs set lease_until = now() - interval '1 second' where id = $1`,
      [job.id],
    );
    expect(await writeStep(a!.pool, held, { ...job, state: 'running', listingRequested: true })).toBe(false);
    const second = await claimJob(b!.pool, job.id, idOf(b!), 60_000);
    expect(second?.fence).toBe('2');
    // The next runner reads where the last one stood.
    expect(second?.body.record.state).toBe('running');
    expect(second?.body.record.listingRequested).toBe(false);
    // A cannot renew nor write (nor give the job back) with its old fence.
    expect(await renewLease(a!.pool, held, 60_000)).toBe(false);
    expect(await writeStep(a!.pool, held, { ...job, state: 'failed' }, true)).toBe(false);
    expect(
      await writeStep(
        b!.pool,
        { id: job.id, deskId: idOf(b!), fence: second!.fence },
        { ...job, state: 'running' },
      ),
    ).toBe(true);
    const steps = await a!.pool.query<{ fence: string; desk: string }>(
      `select fence::text, desk from listing_desk.job_steps where job_id = $1 order by n`,
      [job.id],
    );
    expect(steps.rows).toEqual([
      { fence: '1', desk: idOf(a!) },
      { fence: '2', desk: idOf(b!) },
    ]);
  });

  it('stops a job at once when its fence moved on', async () => {
    const [a, b] = await desks(2);
    const job = await queued(a!.pool, idOf(a!));
    const askedAt = performance.now();
    const won = await claimJob(a!.pool, job.id, idOf(a!), 60_000);
    const timing = { leaseMs: 60_000, renewMs: 20_000, marginMs: 20_000 };
    const claim = leaseClaim({
      db: a!.pool,
      jobId: job.id,
      deskId: idOf(a!),
      fence: won!.fence,
      askedAt,
      timing,
      log: quiet,
      onEnd: () => undefined,
    });
    await claim.save({ ...job, state: 'running' });
    expect(claim.signal.aborted).toBe(false);
    await a!.pool.query(`update listing_desk.jobs set lease_until = now() where id = $1`, [job.id]);
    expect(await claimJob(b!.pool, job.id, idOf(b!), 60_000)).not.toBeNull();
    await expect(claim.save({ ...job, state: 'running' })).rejects.toMatchObject({ name: 'AbortError' });
    expect(claim.signal.aborted).toBe(true);
    expect(() => claim.check()).toThrow(/stopped/);
    await claim.release(job);
  });

  it("writes a job's records in the order they were saved, never an older one after a newer", async () => {
    const [a] = await desks(1);
    const job = await queued(a!.pool, idOf(a!));
    const won = await claimJob(a!.pool, job.id, idOf(a!), 60_000);
    const claim = leaseClaim({
      db: a!.pool,
      jobId: job.id,
      deskId: idOf(a!),
      fence: won!.fence,
      askedAt: performance.now(),
      timing: { leaseMs: 60_000, renewMs: 20_000, marginMs: 20_000 },
      log: quiet,
      onEnd: () => undefined,
    });
    // A job's steps save at once (its photos upload side by side): thirty saves in flight together.
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    const step = (i: number): JobRecord => ({ ...job, state: 'running', updatedAt: at(i) });
    await Promise.all(Array.from({ length: 30 }, (_, i) => claim.save(step(i + 1))));
    const steps = await a!.pool.query<{ at: string }>(
      `select body->>'updatedAt' as at from listing_desk.job_steps where job_id = $1 order by n`,
      [job.id],
    );
    const seen = steps.rows.map((row) => row.at);
    expect(seen).toEqual([...seen].sort());
    expect(seen.at(-1)).toBe(at(30));
    const body = await a!.pool.query<{ at: string }>(
      `select body->'record'->>'updatedAt' as at from listing_desk.jobs where id = $1`,
      [job.id],
    );
    expect(body.rows[0]?.at).toBe(at(30));
    await claim.release({ ...step(31), state: 'published' });
  });

  it('stops calling the service a margin before the lease could run out, counted from when it was asked for', async () => {
    const [a] = await desks(1);
    const job = await queued(a!.pool, idOf(a!));
    let now = 1_000;
    const timing = { leaseMs: 3_000, renewMs: 60_000, marginMs: 1_000 };
    const askedAt = now;
    const won = await claimJob(a!.pool, job.id, idOf(a!), timing.leaseMs);
    // The answer came late: the lease counts from the question, not from the answer.
    now = 2_500;
    const claim = leaseClaim({
      db: a!.pool,
      jobId: job.id,
      deskId: idOf(a!),
      fence: won!.fence,
      askedAt,
      timing,
      log: quiet,
      onEnd: () => undefined,
      clock: () => now,
    });
    expect(() => claim.check()).not.toThrow();
    now = 3_001;
    expect(() => claim.check()).toThrow(/stopped/);
    expect(claim.signal.aborted).toBe(true);
    await claim.release(job);
  });
});
