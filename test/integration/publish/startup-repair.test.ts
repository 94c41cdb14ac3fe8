// At start, jobs and drafts are brought into agreement (startup-repair.ts): a finished job whose
// draft never heard of it, a draft "publishing" with no job, an open job whose draft was not told;
// a published job's photo copies left behind; and a start of a job that fails to be written leaves
// no job at all.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allPublished, clientOf, engineOn, expectPublished, sandboxAccounts, useScenes } from './helpers';

const scenes = useScenes();

async function published(count: number) {
  const scene = await scenes.open();
  const { d } = scene;
  const drafts = await d.makeDrafts(count, 1);
  const client = clientOf(scene.sb);
  const accounts = sandboxAccounts(() => client);
  const engine = await engineOn(d, accounts);
  await engine.start(drafts.map((draft) => draft.id));
  const jobs = await allPublished(engine);
  await engine.close();
  return { scene, drafts, jobs, accounts };
}

describe('startup repair', () => {
  it('shows the outcome of a finished job whose draft was left "publishing"', async () => {
    const { scene, drafts, jobs, accounts } = await published(2);
    const { sb, d } = scene;
    const [stuck, linkedFailed] = drafts;
    // As a kill leaves it while the drafts store was busy: the job says published, the draft not.
    await d.drafts.update(stuck!.id, (draft) => ({ ...draft, status: 'publishing', remote: null }));
    // A Retry that published while the draft kept the failure of the try before.
    const listingUuid = jobs.find((job) => job.draftId === linkedFailed!.id)!.listingUuid!;
    await d.drafts.update(linkedFailed!.id, (draft) => ({
      ...draft,
      status: 'failed',
      remote: { listingUuid },
    }));
    const changed: string[][] = [];
    const engine = await scene.openEngine(accounts, { onDraftsChanged: (ids) => changed.push(ids) });
    await expectPublished(sb, d, drafts);
    expect(changed.flat().sort()).toEqual([stuck!.id, linkedFailed!.id].sort());
    // Publishing it again is refused as "published already"; Retry has nothing to do.
    const [again] = await engine.start([stuck!.id]);
    expect(again!.error).toMatchObject({ problem: 'not-publishable' });
    expect(await engine.retry(jobs[0]!.id)).toBe(false);
  });

  it('leaves a draft the seller unlinked from its published listing as it is', async () => {
    const { scene, drafts, accounts } = await published(1);
    const { d } = scene;
    await d.drafts.update(drafts[0]!.id, (draft) => ({ ...draft, status: 'draft', remote: null }));
    await scene.openEngine(accounts);
    const draft = await d.drafts.get(drafts[0]!.id);
    expect(draft.remote).toBeNull();
    expect(draft.status).toBe('ready');
  });

  it('lets go of the photo copies a published job still had (a kill before they were dropped)', async () => {
    const { scene, jobs, accounts } = await published(1);
    const folder = path.join(scene.d.dataDir, 'jobs', jobs[0]!.id);
    // As a kill between the job's record (published) and dropping its copies leaves them, or a
    // desk of a shop whose job another desk published before this one learned it.
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, '0.png'), 'kept');
    await scene.openEngine(accounts);
    await expect(readdir(path.join(scene.d.dataDir, 'jobs'))).resolves.toEqual([`${jobs[0]!.id}.json`]);
  });

  it('turns a draft "publishing" without any job back into a draft', async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 1);
    await d.drafts.update(draft!.id, (current) => ({ ...current, status: 'publishing' }));
    const client = clientOf(sb);
    const engine = await scene.openEngine(sandboxAccounts(() => client));
    expect((await d.drafts.get(draft!.id)).status).toBe('ready');
    await engine.start([draft!.id]);
    await allPublished(engine);
    await expectPublished(sb, d, [draft!]);
  });
});

describe('a start that cannot be written', () => {
  it('leaves no job, in the engine or on disk, and throws the write error', async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 2);
    const client = clientOf(sb);
    const ids = ['0a0a0a0a-0000-4000-8000-000000000001', '0a0a0a0a-0000-4000-8000-000000000002'];
    const engine = await scene.openEngine(
      sandboxAccounts(() => client),
      { newId: () => ids.shift()! },
    );
    const jobsDir = path.join(d.dataDir, 'jobs');
    // The job file's place is taken (as a full disk would refuse it): its write fails.
    const blocked = path.join(jobsDir, '0a0a0a0a-0000-4000-8000-000000000001.json');
    await mkdir(blocked);
    await expect(engine.start([draft!.id])).rejects.toThrow();
    expect(engine.list()).toEqual([]);
    const left = (await readdir(jobsDir)).filter((name) => name !== path.basename(blocked));
    expect(left).toEqual([]);
    expect((await d.drafts.get(draft!.id)).status).toBe('ready');
    // Nothing stands in the way of the next try.
    await rm(blocked, { recursive: true });
    const [started] = await engine.start([draft!.id]);
    expect(started!.jobId).toBe('0a0a0a0a-0000-4000-8000-000000000002');
    await allPublished(engine);
    await expectPublished(sb, d, [draft!]);
  });
});
