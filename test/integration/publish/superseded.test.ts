// A job that needs the seller (failed, or rejected by the service) stops needing them once the
// seller publishes the same draft again and that later job goes live: at run time, told to the UI,
// kept after a restart. Real sandbox, real engine.
import { describe, expect, it } from 'vitest';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import { clientOf, engineOn, sandboxAccounts, useScenes } from './helpers';

const scenes = useScenes();
// The imprint the service does not know: the sandbox turns the publication down at validation.
const UNKNOWN_IMPRINT = '00000000-0000-4000-8000-0000000000aa';

describe('a job taken over by a later publish', () => {
  it('a failed job needs the seller no more once a new Publish of its draft goes live', async () => {
    const { sb, d, openEngine } = await scenes.open();
    const [draft] = await d.makeDrafts(1, 1);
    const client = clientOf(sb);
    const engine = await openEngine(sandboxAccounts(() => client));
    const changes: PublishJobView[] = [];
    engine.onChange((jobs) => changes.push(...jobs));
    // The service refuses the listing outright: the job fails and waits for the seller.
    sb.faults.add({ route: 'POST /v1/listings', kind: 'status', status: 400, times: 1 });
    const failedId = (await engine.start([draft!.id]))[0]!.jobId!;
    await engine.settled();
    expect(engine.get(failedId)).toMatchObject({ state: 'failed', supersededBy: null });

    // The seller presses Publish again on the draft (not Retry): a new job, which goes live.
    const laterId = (await engine.start([draft!.id]))[0]!.jobId!;
    expect(laterId).not.toBe(failedId);
    await engine.settled();
    expect(engine.get(laterId)!.state).toBe('published');
    expect(engine.get(failedId)).toMatchObject({ state: 'failed', supersededBy: laterId });
    // The UI heard of it without asking, and Retry refuses a job that is taken over.
    expect(changes.some((job) => job.id === failedId && job.supersededBy === laterId)).toBe(true);
    expect(await engine.retry(failedId)).toBe(false);
    expect((await d.drafts.get(draft!.id)).status).toBe('published');
  });

  it('a rejected job too, and the mark is kept on disk', async () => {
    const { sb, d } = await scenes.open({ validationDelayMs: 30 });
    const [draft] = await d.makeDrafts(1, 1);
    const client = clientOf(sb);
    const accounts = sandboxAccounts(() => client);
    accounts.imprints.push(UNKNOWN_IMPRINT);
    const settle = { windowMs: 200, reads: 2, slowCheckMs: 60_000 };
    let engine = await engineOn(d, accounts, { settle });
    const rejectedId = (await engine.start([draft!.id]))[0]!.jobId!;
    await engine.settled();
    expect(engine.get(rejectedId)).toMatchObject({ state: 'rejected', supersededBy: null });

    // The seller unlinks the draft (as drafts:unlink does) and publishes it anew with a real
    // imprint: the new job's ad goes live.
    await d.drafts.update(draft!.id, (current) => ({ ...current, remote: null, status: 'draft' }));
    accounts.imprints.unshift((await client.createImprint('Real imprint')).uuid);
    const laterId = (await engine.start([draft!.id]))[0]!.jobId!;
    await engine.settled();
    expect(engine.get(laterId)!.state).toBe('published');
    expect(engine.get(rejectedId)!.supersededBy).toBe(laterId);
    await engine.close();

    engine = await engineOn(d, accounts, { settle });
    expect(engine.get(rejectedId)).toMatchObject({ state: 'rejected', supersededBy: laterId });
    // The slow check reads only jobs that still need the seller.
    expect(await engine.checkSettled()).toBe(0);
    await engine.close();
  });
});
