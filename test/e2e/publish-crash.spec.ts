// A real crash: the web shell is killed with SIGKILL in the middle of a batch of 12 drafts (3 photos
// each), started again on the same data folder, and the batch completes with exactly one listing per
// draft, each photo once and in the draft's order, and one publication per listing.
//
// The service is an external sandbox in this test process, so it outlives the kill (the app's
// embedded one would die with it). The account's secret is in the keychain (the e2e suite runs in
// an unlocked throwaway gnome-keyring), so the restarted shell can go on without the seller.
//
// The kill can land anywhere, a publication request included: a resumed job whose request may have
// reached the service reads the listing's publications until the request's window has passed, and
// adopts the one it finds instead of sending a second.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { isOpenJobState, type PublishJobView } from '../../src/shared/domain/publishing/publish-job';
import { addPublishingAccount } from '../helpers/real-account';
import { Api } from '../integration/sandbox/helpers';
import { call, desk, makeDraft } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const DRAFTS = 12;
const PHOTOS = 3;
const CLIENT = { clientId: 'crash-seller', clientSecret: 'crash-secret-5b2e91c7d4' };

const jobsOf = async (page: Page) => (await call(page, 'publish:list')).jobs;
const attachedPhotos = (jobs: readonly PublishJobView[]) =>
  jobs.reduce((sum, job) => sum + job.photos.filter((photo) => photo.state === 'attached').length, 0);
const summary = (jobs: readonly PublishJobView[]) =>
  jobs.map(
    (job) => `${job.title}: ${job.state} ${job.step} ${job.error?.problem ?? ''} ${job.error?.detail ?? ''}`,
  );

/** Polls publish:list until no job changes by itself any more; returns the jobs then. */
async function settledJobs(page: Page): Promise<PublishJobView[]> {
  let jobs: PublishJobView[] = [];
  await expect
    .poll(
      async () => {
        jobs = await jobsOf(page);
        return jobs.filter((job) => isOpenJobState(job.state)).map((job) => `${job.title}: ${job.state}`);
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toEqual([]);
  return jobs;
}

test('kill -9 in the middle of a batch: after a restart it completes with no duplicates', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const dataDir = testInfo.outputPath('data');
  const remote: Sandbox = await startSandbox({ clients: [CLIENT], latencyMs: 40, validationDelayMs: 100 });
  const counts = () => remote.stats().clients[CLIENT.clientId]!;
  let running = await launchShell(dataDir);
  try {
    await page.goto(running.shell.url);
    // Without a keychain the secret would die with the process, and this test would prove nothing.
    expect((await call(page, 'app:info')).keychain, 'run the e2e suite in a keyring (npm test)').toEqual({
      mode: 'keychain',
    });
    await addPublishingAccount(desk(page), remote, 'Crash Shop', CLIENT);
    const draftIds: string[] = [];
    for (let n = 1; n <= DRAFTS; n += 1)
      draftIds.push(
        await makeDraft(page, n, { title: `Absturz-Artikel ${n}`, reference: `CRASH-${n}`, photos: PHOTOS }),
      );

    const started = await call(page, 'publish:start', { draftIds });
    expect(started.results.filter((result) => !result.jobId)).toEqual([]);

    // Kill once a few photos are attached: the first jobs are then amid their photos (tickets taken,
    // files uploaded, attached or not), the next ones about to start and the rest not begun.
    await expect
      .poll(async () => attachedPhotos(await jobsOf(page)), { timeout: 30_000, intervals: [20] })
      .toBeGreaterThanOrEqual(4);
    const killed = running.child;
    await new Promise((resolve) => {
      killed.once('exit', resolve);
      killed.kill('SIGKILL');
    });
    // The kill landed mid-batch: the service holds some listings and photos, far from all of them.
    const atKill = counts();
    expect(atKill.listings).toBeGreaterThan(0);
    expect(atKill.listings).toBeLessThan(DRAFTS);
    expect(atKill.media).toBeLessThan(DRAFTS * PHOTOS);
    expect(atKill.publications).toBeLessThan(DRAFTS);

    // Start again on the same folder; the engine resumes every job where it stood.
    running = await launchShell(dataDir);
    await page.goto(running.shell.url);
    // The seller looks at the Publishing view meanwhile (its contents are checked elsewhere).
    await page.getByRole('button', { name: 'Publishing', exact: true }).click();
    const state = await call(page, 'publish:list');
    expect(state.problems).toEqual([]);
    expect(state.jobs.map((job) => job.draftId).sort()).toEqual([...draftIds].sort());
    const jobs = await settledJobs(page);
    expect(
      jobs.filter((job) => job.state !== 'published'),
      summary(jobs).join('\n'),
    ).toEqual([]);

    // No duplicates on the service: one listing and one publication per draft, each photo once.
    expect(counts()).toMatchObject({ listings: DRAFTS, media: DRAFTS * PHOTOS, publications: DRAFTS });
    expect(new Set(jobs.map((job) => job.listingUuid)).size).toBe(DRAFTS);
    const api = await Api.login(remote, CLIENT);
    for (const draftId of draftIds) {
      const draft = await call(page, 'drafts:get', { id: draftId });
      const job = jobs.find((entry) => entry.draftId === draftId)!;
      expect(draft.status).toBe('published');
      const n = draftIds.indexOf(draftId) + 1;
      expect(draft.photos.map((photo) => photo.originalName)).toEqual(
        Array.from({ length: PHOTOS }, (_, i) => `IMG_${n}_${i + 1}.png`),
      );
      expect(draft.remote).toMatchObject({
        listingUuid: job.listingUuid,
        publicationUuid: job.publicationUuid,
      });
      const listing = await api.call('GET', `/v1/listings/${job.listingUuid!}`);
      const urls = (listing.body as { urls: string[] }).urls;
      expect(urls).toHaveLength(PHOTOS);
      // Each photo in the draft's order: the bytes behind each URL are those of the photo file.
      const shown = await Promise.all(
        urls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
      );
      const files = await Promise.all(draft.photos.map((photo) => readFile(path.join(dataDir, photo.file))));
      expect(
        shown.map((bytes, i) => bytes.equals(files[i]!)),
        `photos of ${draft.title}`,
      ).toEqual(files.map(() => true));
    }
  } finally {
    await stopShell(running.child);
    await remote.close();
  }
});
