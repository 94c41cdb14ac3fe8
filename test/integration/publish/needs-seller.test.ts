// Publication states that settle where the seller did not ask: a state the app has never seen
// (NOT_APPROVED) ends active tracking as "needs the seller" only after three reads spanning the
// window; the slow check (at start and every interval) reopens tracking when the state changes; a
// read without states is "not reported yet" and tracked. Real sandbox, real engine, short timings.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import { clientOf, engineOn, requests, sandboxAccounts, useScenes } from './helpers';

const scenes = useScenes();
const WINDOW_MS = 800;
// The imprint the service does not know: the sandbox turns the publication down at validation.
const UNKNOWN_IMPRINT = '00000000-0000-4000-8000-0000000000aa';
const PUBLICATION_READ = 'GET /v1/listings/:uuid/publications/:publicationUuid';

function reads(sb: Parameters<typeof requests>[0]): number {
  return Object.values(requests(sb, PUBLICATION_READ)).reduce((a, b) => a + b, 0);
}

describe('states that settle', () => {
  it('an unknown state needs the seller after three reads over the window; a change reopens tracking', async () => {
    const { sb, d } = await scenes.open({
      validationDelayMs: 150,
      quirks: { stateNames: { rejected: 'NOT_APPROVED' } },
    });
    const [draft] = await d.makeDrafts(1, 1);
    const client = clientOf(sb);
    const accounts = sandboxAccounts(() => client);
    accounts.imprints.push(UNKNOWN_IMPRINT);
    const settle = { windowMs: WINDOW_MS, reads: 3, slowCheckMs: 60_000 };
    let engine = await engineOn(d, accounts, { settle });
    const seen: Array<{ at: number; view: PublishJobView }> = [];
    engine.onChange((jobs) => jobs.forEach((view) => seen.push({ at: Date.now(), view })));
    const jobId = (await engine.start([draft!.id]))[0]!.jobId!;
    await engine.settled();
    const job = engine.get(jobId)!;
    expect(job).toMatchObject({
      state: 'rejected',
      actualState: 'NOT_APPROVED',
      requestedState: 'PUBLISHED',
    });
    expect(job.rejectionReason).toMatch(/Imprint not found/);
    // The first pending state was seen, then NOT_APPROVED held for the window before the verdict.
    expect(seen.some(({ view }) => view.actualState === 'PENDING_VALIDATION')).toBe(true);
    const firstSeen = seen.find(({ view }) => view.actualState === 'NOT_APPROVED')!.at;
    const ended = seen.find(({ view }) => view.state === 'rejected')!.at;
    expect(ended - firstSeen).toBeGreaterThanOrEqual(WINDOW_MS - 50);
    // ... and not much later: reads come at least every half window while a state is watched.
    expect(ended - firstSeen).toBeLessThan(WINDOW_MS * 3);
    expect((await d.drafts.get(draft!.id)).status).toBe('failed');

    // Tracking has ended: no reads until the slow check.
    const before = reads(sb);
    // The wait is the check: tracking read at least every half window; none for that long shows it ended.
    await sleep(WINDOW_MS / 2);
    expect(reads(sb)).toBe(before);
    // Nothing changed on the service: the slow check reads it and leaves it.
    expect(await engine.checkSettled()).toBe(0);
    expect(reads(sb)).toBe(before + 1);
    expect(engine.get(jobId)!.state).toBe('rejected');

    // The seller fixes the publication on the service (a real imprint): the next slow check sees
    // the state change and tracking takes over until the ad is live.
    const { uuid: imprint } = await client.createImprint('Real imprint');
    await client.updatePublication(job.listingUuid!, job.publicationUuid!, { imprintUuid: imprint });
    expect(await engine.checkSettled()).toBe(1);
    expect(engine.get(jobId)!.state).toBe('tracking');
    await engine.settled();
    expect(engine.get(jobId)).toMatchObject({ state: 'published', actualState: 'PUBLISHED' });
    await vi.waitFor(async () => expect((await d.drafts.get(draft!.id)).status).toBe('published'));

    // Turned down again while the app is closed: the slow check at start finds the change.
    await engine.close();
    await client.updatePublication(job.listingUuid!, job.publicationUuid!, { imprintUuid: UNKNOWN_IMPRINT });
    engine = await engineOn(d, accounts, { settle });
    await engine.retrack(job.listingUuid!);
    await engine.settled();
    expect(engine.get(jobId)).toMatchObject({ state: 'rejected', actualState: 'NOT_APPROVED' });
    await engine.close();
    await client.updatePublication(job.listingUuid!, job.publicationUuid!, { imprintUuid: imprint });
    // Validated anew on the service (read until it is live) before the app starts again.
    await vi.waitFor(
      async () =>
        expect(await client.getPublication(job.listingUuid!, job.publicationUuid!)).toMatchObject({
          actualState: 'PUBLISHED',
        }),
      { timeout: 10_000, interval: 25 },
    );
    engine = await engineOn(d, accounts, { settle });
    await vi.waitFor(() => expect(engine.get(jobId)!.state).not.toBe('rejected'), { timeout: 5_000 });
    await engine.settled();
    expect(engine.get(jobId)).toMatchObject({ state: 'published', actualState: 'PUBLISHED' });
    await engine.close();
  });

  it('a known rejection name ends tracking at once; a read without states is tracked as not reported', async () => {
    const { sb, d } = await scenes.open({ validationDelayMs: 100, quirks: { publicationStates: 'absent' } });
    const [draft] = await d.makeDrafts(1, 1);
    const client = clientOf(sb);
    const accounts = sandboxAccounts(() => client);
    const engine = await engineOn(d, accounts);
    const jobId = (await engine.start([draft!.id]))[0]!.jobId!;
    // Reads go on; the job shows no state and no error (never "unexpected answer").
    await vi.waitFor(() => expect(reads(sb)).toBeGreaterThanOrEqual(5), { timeout: 10_000 });
    expect(engine.get(jobId)).toMatchObject({ state: 'tracking', actualState: null, error: null });
    sb.setQuirks({ publicationStates: 'present' });
    await engine.settled();
    expect(engine.get(jobId)).toMatchObject({ state: 'published', actualState: 'PUBLISHED' });
    await engine.close();

    // REJECTED is a name the service is known to use: no window to wait.
    const { sb: sb2, d: d2 } = await scenes.open({ validationDelayMs: 100 });
    const [other] = await d2.makeDrafts(1, 1);
    const client2 = clientOf(sb2);
    const accounts2 = sandboxAccounts(() => client2);
    accounts2.imprints.push(UNKNOWN_IMPRINT);
    const slowRule = await engineOn(d2, accounts2, { settle: { windowMs: 60_000 } });
    const started = Date.now();
    const otherId = (await slowRule.start([other!.id]))[0]!.jobId!;
    await slowRule.settled();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(slowRule.get(otherId)).toMatchObject({ state: 'rejected', actualState: 'REJECTED' });
    await slowRule.close();
  });
});
