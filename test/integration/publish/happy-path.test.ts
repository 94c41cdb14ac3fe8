// Publishing drafts against the sandbox when all goes well: the spec's order of calls, the photos
// in the draft's order, the publication tracked to PUBLISHED, the draft told, and the views the
// status panel will show.
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fromDataPath } from '../../../src/main/storage/draft-files';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import {
  allPublished,
  clientOf,
  counts,
  engineOn,
  expectPublished,
  requests,
  sandboxAccounts,
  useScenes,
} from './helpers';

const scenes = useScenes();

describe('publishing drafts', () => {
  it('publishes one draft: listing, photos in order, publication PUBLISHED, draft updated', async () => {
    const { sb, d } = await scenes.open();
    const [draft] = await d.makeDrafts(1, 5);
    const client = clientOf(sb);
    const accounts = sandboxAccounts(() => client);
    const engine = await engineOn(d, accounts);
    const seen: PublishJobView[] = [];
    engine.onChange((jobs) => seen.push(...jobs));
    const [result] = await engine.start([draft!.id]);
    expect(result).toMatchObject({ draftId: draft!.id, jobId: expect.any(String) });
    const [job] = await allPublished(engine);
    await engine.close();

    await expectPublished(sb, d, [draft!]);
    // The account had no imprint: one was made and kept as its default.
    expect(accounts.imprints).toHaveLength(1);
    expect(counts(sb).imprints).toBe(1);
    // The listing came in the answer to the job's own create: it had no publications to read first.
    expect(requests(sb, 'GET /v1/listings/:uuid/publications')).toEqual({});
    expect(job).toMatchObject({
      state: 'published',
      step: 'live',
      stepsDone: job!.stepsTotal,
      bytesDone: job!.bytesTotal,
      actualState: 'PUBLISHED',
      requestedState: 'PUBLISHED',
      adId: expect.any(Number),
      error: null,
    });
    expect(job!.photos.map((photo) => photo.state)).toEqual([
      'attached',
      'attached',
      'attached',
      'attached',
      'attached',
    ]);
    // The panel saw the job move through the steps to the end.
    const steps = new Set(seen.map((view) => view.step));
    expect(steps.has('live')).toBe(true);
    expect(seen.some((view) => view.state === 'tracking')).toBe(true);
    expect(seen.at(-1)?.state).toBe('published');
  });

  it('publishes a batch with the drafts and uploads bounded, and reuses an open job on a second click', async () => {
    const { sb, d } = await scenes.open();
    const drafts = await d.makeDrafts(6, 3, 200);
    // Each upload takes a moment, so the panel's views can catch photos while they upload.
    sb.configure({ latencyMs: 25 });
    const client = clientOf(sb);
    const engine = await engineOn(
      d,
      sandboxAccounts(() => client),
      { limits: { drafts: 2, uploads: 3 } },
    );
    let maxRunning = 0;
    let maxUploading = 0;
    engine.onChange(() => {
      const jobs = engine.list();
      const running = jobs.filter((job) => job.state === 'running' || job.state === 'waiting');
      maxRunning = Math.max(maxRunning, running.length);
      const uploading = jobs.flatMap((job) => job.photos).filter((photo) => photo.state === 'uploading');
      maxUploading = Math.max(maxUploading, uploading.length);
    });
    const first = await engine.start(drafts.map((draft) => draft.id));
    const again = await engine.start([drafts[0]!.id]);
    expect(again[0]!.jobId).toBe(first[0]!.jobId);
    await allPublished(engine);
    await engine.close();
    sb.configure({ latencyMs: 0 });
    await expectPublished(sb, d, drafts);
    expect(maxRunning).toBe(2);
    expect(maxUploading).toBeGreaterThan(0);
    expect(maxUploading).toBeLessThanOrEqual(3);
    // One imprint for the whole batch, though every draft needed one.
    expect(counts(sb).imprints).toBe(1);
  });

  it('works on the snapshot: edits made while the job runs reach neither the ad nor get lost', async () => {
    const { sb, d } = await scenes.open();
    const [draft] = await d.makeDrafts(1, 2);
    // Slow enough that the edit lands while the job runs.
    sb.configure({ latencyMs: 40 });
    const client = clientOf(sb);
    const engine = await engineOn(
      d,
      sandboxAccounts(() => client),
    );
    const original = await Promise.all(draft!.photos.map((photo) => d.photoBytes(photo)));
    await engine.start([draft!.id]);
    // The seller renames the draft and deletes its second photo, file and all.
    await d.drafts.update(draft!.id, (current) => ({
      ...current,
      title: 'Neuer Titel',
      photos: current.photos.slice(0, 1),
    }));
    await rm(fromDataPath(d.dataDir, draft!.photos[1]!.file));
    await allPublished(engine);
    await engine.close();
    sb.configure({ latencyMs: 0 });
    const listing = (await clientOf(sb).listListings())[0]!;
    expect(listing.title).toBe(draft!.title);
    const shown = await Promise.all(
      listing.urls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
    );
    expect(shown).toEqual(original);
    const stored = await d.drafts.get(draft!.id);
    expect(stored).toMatchObject({ title: 'Neuer Titel', status: 'published' });
    expect(stored.photos).toHaveLength(1);
  });

  it('refuses drafts that are not complete, naming the fields, and sends nothing', async () => {
    const { sb, d } = await scenes.open();
    const [draft] = await d.makeDrafts(1, 1);
    await d.drafts.update(draft!.id, (current) => ({
      ...current,
      title: '',
      price: { type: 'FIXED', amount: 'abc' },
    }));
    const client = clientOf(sb);
    const engine = await engineOn(
      d,
      sandboxAccounts(() => client),
    );
    const [result] = await engine.start([draft!.id]);
    await engine.close();
    expect(result!.jobId).toBeUndefined();
    expect(result!.error).toMatchObject({ problem: 'not-publishable', remedy: 'fix-draft' });
    expect(result!.error!.detail).toContain('title');
    expect(result!.error!.detail).toContain('price.amount');
    expect(counts(sb).listings).toBe(0);
  });
});
