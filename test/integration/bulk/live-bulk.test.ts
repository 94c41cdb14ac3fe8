// A bulk edit of live listings against the embedded service, through the router: a resumable job
// that changes each ad once, survives a quit in the middle, reads an ad back where the outcome of
// its update is unknown (never sending it twice), and names an ad that failed so it can be retried.
import { rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { BulkRowPlan } from '../../../src/shared/domain/bulk/bulk-edit';
import type { BulkJob } from '../../../src/shared/domain/bulk/bulk-edit-job';
import type { ListingsState, ListingView } from '../../../src/shared/ipc/types';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';
import { liveApp, type LiveApp } from '../live/helpers';

let live: LiveApp;
let reopened: TempApp | null = null;
beforeEach(async () => {
  live = await liveApp([1, 1, 1]);
}, 60_000);
afterEach(async () => {
  if (reopened) {
    // The first app is closed already: only the second one and the folder are left.
    await reopened.remove();
    rmSync(reopened.dataDir, { recursive: true, force: true });
    reopened = null;
  } else await live.close();
});

const raise10 = { kind: 'price', mode: 'percent', value: 10, rounding: '99' } as const;
const PUT = 'PUT /v1/listings/:uuid';

async function finished(app: TempApp, jobId: string): Promise<BulkJob> {
  let job: BulkJob | undefined;
  await vi.waitFor(
    async () => {
      const { jobs } = await app.call<{ jobs: BulkJob[] }>('bulk:jobs');
      job = jobs.find((j) => j.id === jobId);
      expect(job?.items.every((item) => !['pending', 'sending'].includes(item.state))).toBe(true);
    },
    { timeout: 30_000, interval: 100 },
  );
  return job!;
}

it('previews, then changes every price once as a job; the Listings view follows', async () => {
  const uuids = live.published.map((p) => p.listingUuid);
  const before = await Promise.all(uuids.map((uuid) => live.listing(uuid)));
  const { rows } = await live.call<{ rows: BulkRowPlan[] }>('bulk:preview-listings', {
    uuids,
    edit: raise10,
  });
  expect(rows.map((row) => row.outcome)).toEqual(['change', 'change', 'change']);
  expect(rows[0]!.changes[0]).toMatchObject({ field: 'price', before: before[0]!.adPrice.amount.toFixed(2) });

  const puts = live.requests(PUT);
  const job = await live.call<BulkJob>('bulk:start', { uuids, edit: raise10 });
  const done = await finished(live.temp, job.id);
  expect(done.items.map((item) => item.state)).toEqual(['done', 'done', 'done']);
  expect(live.requests(PUT) - puts).toBe(3);
  for (const [i, uuid] of uuids.entries()) {
    const expected = Number(rows[i]!.changes[0]!.after);
    expect((await live.listing(uuid)).adPrice.amount).toBe(expected);
  }
  const view = await live.call<ListingsState>('listings:list');
  for (const [i, uuid] of uuids.entries())
    expect(view.listings.find((l) => l.uuid === uuid)!.adPrice.amount).toBe(
      Number(rows[i]!.changes[0]!.after),
    );
  // The job file is in the data folder, as the renderer saw it.
  const file = JSON.parse(
    await readFile(path.join(live.temp.dataDir, 'bulk-jobs', `${job.id}.json`), 'utf8'),
  );
  expect(file.items.map((item: { state: string }) => item.state)).toEqual(['done', 'done', 'done']);
  await live.call('bulk:dismiss', { jobId: job.id });
  expect((await live.call<{ jobs: BulkJob[] }>('bulk:jobs')).jobs).toEqual([]);
});

it('resumes after a quit in the middle, and no ad is changed twice', async () => {
  const uuids = live.published.map((p) => p.listingUuid);
  const before = await Promise.all(uuids.map((uuid) => live.listing(uuid)));
  // Each request takes a moment, so that the quit comes between ads.
  live.sb.configure({ latencyMs: 150 });
  const puts = live.requests(PUT);
  const job = await live.call<BulkJob>('bulk:start', { uuids, edit: raise10 });
  await vi.waitFor(
    async () => {
      const { jobs } = await live.call<{ jobs: BulkJob[] }>('bulk:jobs');
      expect(jobs[0]!.items.some((item) => item.state === 'done')).toBe(true);
    },
    { timeout: 30_000, interval: 20 },
  );
  await live.temp.app.close();
  const putsBefore = live.requests(PUT) - puts;
  const stored = JSON.parse(
    await readFile(path.join(live.temp.dataDir, 'bulk-jobs', `${job.id}.json`), 'utf8'),
  ) as BulkJob;
  const left = stored.items.filter((item) => item.state === 'pending' || item.state === 'sending');
  expect(left.length).toBeGreaterThan(0);
  expect(putsBefore).toBe(3 - left.length);

  reopened = await createTempApp(live.temp.dataDir);
  const sb = reopened.app.sandbox.sandbox;
  const done = await finished(reopened, job.id);
  expect(done.items.map((item) => item.state)).toEqual(['done', 'done', 'done']);
  const putsAfter = Object.values(sb.stats().requests[PUT] ?? {}).reduce((sum, n) => sum + n, 0);
  expect(putsBefore + putsAfter).toBe(3);
  for (const [i, uuid] of uuids.entries()) {
    const expected = Number(done.items[i]!.changes[0]!.after);
    expect(expected).toBeGreaterThan(before[i]!.adPrice.amount);
    const source = await reopened.call<{ listing: ListingView }>('listings:edit-source', { uuid });
    expect(source.listing.adPrice.amount).toBe(expected);
  }
}, 90_000);

it('reads an ad back when the outcome is unknown, at run time and after a crash, instead of sending it again', async () => {
  const uuids = live.published.map((p) => p.listingUuid).slice(0, 2);
  // The first update is carried out, but the app is told it failed.
  live.sb.faults.add({ route: PUT, kind: 'status', status: 409, when: 'after', times: 1 });
  const puts = live.requests(PUT);
  const job = await live.call<BulkJob>('bulk:start', { uuids, edit: raise10 });
  const done = await finished(live.temp, job.id);
  expect(done.items.map((item) => item.state)).toEqual(['done', 'done']);
  expect(live.requests(PUT) - puts).toBe(2);

  // A crash right after an update went out, before it was written down: the ad is still 'sending'.
  await live.temp.app.close();
  const file = path.join(live.temp.dataDir, 'bulk-jobs', `${job.id}.json`);
  const stored = JSON.parse(await readFile(file, 'utf8')) as BulkJob;
  stored.items[1]!.state = 'sending';
  await writeFile(file, JSON.stringify(stored));
  reopened = await createTempApp(live.temp.dataDir);
  const again = await finished(reopened, job.id);
  expect(again.items.map((item) => item.state)).toEqual(['done', 'done']);
  expect(reopened.app.sandbox.sandbox.stats().requests[PUT]).toBeUndefined();
}, 60_000);

it('names an ad that failed in the seller’s terms, and retries it', async () => {
  const uuids = live.published.map((p) => p.listingUuid).slice(0, 2);
  // Refused until the rule is removed (a 403 is not repeated by the client).
  const stop = live.sb.faults.add({ route: PUT, kind: 'status', status: 403 });
  const job = await live.call<BulkJob>('bulk:start', { uuids, edit: raise10 });
  const failed = await finished(live.temp, job.id);
  expect(failed.items.map((item) => item.state)).toEqual(['failed', 'failed']);
  expect(failed.items[0]!.failure).toMatchObject({ status: 403 });
  expect(failed.items[0]!.failure!.message).toMatch(/\w/);
  expect(live.temp.log.error).toHaveBeenCalled();
  stop();
  await live.call('bulk:retry', { jobId: job.id, uuid: uuids[0] });
  const retried = await finished(live.temp, job.id);
  expect(retried.items.map((item) => item.state)).toEqual(['done', 'failed']);
  await live.call('bulk:retry', { jobId: job.id });
  expect((await finished(live.temp, job.id)).items.map((item) => item.state)).toEqual(['done', 'done']);
}, 60_000);

it('names a listing that is gone', async () => {
  const [gone, kept] = live.published.map((p) => p.listingUuid);
  await live.api.call('DELETE', `/v1/listings/${gone}`);
  const job = await live.call<BulkJob>('bulk:start', { uuids: [gone, kept], edit: raise10 });
  const done = await finished(live.temp, job.id);
  expect(done.items[0]).toMatchObject({ state: 'failed', failure: { problem: 'listing-not-found' } });
  expect(done.items[1]!.state).toBe('done');
}, 60_000);

it('sends a new location to each publication, and goes on with the next after a quit', async () => {
  const uuids = live.published.map((p) => p.listingUuid).slice(0, 2);
  const edit = { kind: 'location', city: 'Köln', postalCode: '50667' } as const;
  const { rows } = await live.call<{ rows: BulkRowPlan[] }>('bulk:preview-listings', { uuids, edit });
  expect(rows.map((row) => row.outcome)).toEqual(['change', 'change']);
  expect(rows[0]!.changes).toContainEqual({
    field: 'city',
    before: null,
    after: 'Köln',
    beforeUnknown: true,
  });
  const PUB = 'PUT /v1/listings/:uuid/publications/:publicationUuid';
  const before = live.requests(PUB);
  const job = await live.call<BulkJob>('bulk:start', { uuids, edit });
  const done = await finished(live.temp, job.id);
  expect(done.items.map((item) => item.state)).toEqual(['done', 'done']);
  // One publication per ad, each changed once; the listing itself is not updated.
  expect(live.requests(PUB) - before).toBe(2);
  for (const p of live.published.slice(0, 2)) {
    const read = await live.api.call(
      'GET',
      `/v1/listings/${p.listingUuid}/publications/${p.publicationUuid}`,
    );
    expect((read.body as { postalCode: string }).postalCode).toBe('50667');
  }

  // A quit after the first ad's publication was written down: the restart sends only the second.
  await live.temp.app.close();
  const file = path.join(live.temp.dataDir, 'bulk-jobs', `${job.id}.json`);
  const stored = JSON.parse(await readFile(file, 'utf8')) as BulkJob;
  stored.items[1]!.state = 'pending';
  stored.items[1]!.publicationsDone = [];
  stored.items[0]!.state = 'sending';
  await writeFile(file, JSON.stringify(stored));
  reopened = await createTempApp(live.temp.dataDir);
  const again = await finished(reopened, job.id);
  expect(again.items.map((item) => item.state)).toEqual(['done', 'done']);
  const sent = reopened.app.sandbox.sandbox.stats().requests[PUB] ?? {};
  expect(Object.values(sent).reduce((sum, n) => sum + n, 0)).toBe(1);
}, 60_000);

it('names an empty imprint and a postal code the rules refuse, and sends nothing', async () => {
  const uuids = live.published.map((p) => p.listingUuid).slice(0, 1);
  const imprint = await live.call<{ rows: BulkRowPlan[] }>('bulk:preview-listings', {
    uuids,
    edit: { kind: 'imprint', imprintUuid: '' },
  });
  expect(imprint.rows[0]).toMatchObject({ outcome: 'invalid', reason: 'imprint-required' });
  const job = await live.call<BulkJob>('bulk:start', { uuids, edit: { kind: 'location', postalCode: '1' } });
  expect(job.items[0]).toMatchObject({ state: 'invalid', reason: 'becomes-invalid' });
});
