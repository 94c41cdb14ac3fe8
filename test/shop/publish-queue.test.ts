// The shop's publish queue (issue 24.5, 24.9): two desks on one real PostgreSQL and one sandbox.
// Publish pressed on both desks at the same instant makes one job and one listing per draft; a
// desk without the account's secret queues and the job waits for a desk that has it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { clientOf, counts } from '../integration/publish/helpers';
import { openShop, shopDesk, type ShopDesk } from './helpers/shop-desk';

const opened: { desks: ShopDesk[]; sb?: Sandbox } = { desks: [] };
afterEach(async () => {
  for (const desk of opened.desks.splice(0)) await desk.close();
  await opened.sb?.close();
  opened.sb = undefined;
});

const shop = () => openShop(opened);

async function jobStates(desk: ShopDesk): Promise<Record<string, number>> {
  const read = await desk.session.pool.query<{ state: string; n: number }>(
    `select state, count(*)::int as n from listing_desk.jobs group by state`,
  );
  return Object.fromEntries(read.rows.map((row) => [row.state, row.n]));
}

describe('the shop publish queue', () => {
  it('makes one job and one listing per draft when two desks press Publish at the same instant, 100 times', async () => {
    const s = await shop();
    // Four drafts at once each (a seller's setting): the test asks that both desks run some of the
    // queue, which a desk with more room may drain alone when the other's claims come late (load).
    const a = await shopDesk(s, 'Laden', { draftsAtOnce: 4 });
    opened.desks.push(a);
    const drafts = await a.d.makeDrafts(100, 1, 8);
    const b = await shopDesk(s, 'Lager', { draftsOf: a.d, draftsAtOnce: 4 });
    opened.desks.push(b);

    const presses = await Promise.all(
      drafts.flatMap((draft) => [a.engine.start([draft.id]), b.engine.start([draft.id])]),
    );
    for (let i = 0; i < drafts.length; i += 1) {
      const [first, second] = [presses[2 * i]![0]!, presses[2 * i + 1]![0]!];
      // One press made the job; the other joined it and says which desk pressed first.
      expect(first.error).toBeUndefined();
      expect(second.error).toBeUndefined();
      expect(first.jobId).toBe(second.jobId);
      const joined = [first, second].filter((press) => press.queuedBy !== undefined);
      expect(joined).toHaveLength(1);
      expect(['Laden', 'Lager']).toContain(joined[0]!.queuedBy);
    }

    await vi.waitFor(async () => expect(await jobStates(a)).toEqual({ published: 100 }), {
      timeout: 90_000,
      interval: 250,
    });
    const listings = await clientOf(s.sb).listListings();
    expect(counts(s.sb)).toMatchObject({ listings: 100, media: 100, publications: 100 });
    expect(new Set(listings.map((listing) => listing.customReference)).size).toBe(100);
    for (const listing of listings) expect(listing.urls).toHaveLength(1);
    // Both desks ran some of them, and each desk's Publishing view shows all 100 with their runner.
    const runners = await a.session.pool.query<{ name: string }>(
      `select distinct d.name from listing_desk.jobs j join listing_desk.desks d on d.id = j.runner`,
    );
    expect(runners.rows.map((row) => row.name).sort()).toEqual(['Laden', 'Lager']);
    // The desk that pressed first is told: its draft is published and its notice is given there only.
    for (let i = 0; i < drafts.length; i += 1) {
      const press = presses[2 * i]![0]!;
      const [requester, other] = press.queuedBy === undefined ? [a, b] : [b, a];
      await vi.waitFor(async () => {
        expect((await requester.d.drafts.get(drafts[i]!.id)).status).toBe('published');
        expect(requester.notices.filter((notice) => notice.jobId === press.jobId)).toHaveLength(1);
      });
      expect(other.notices.filter((notice) => notice.jobId === press.jobId)).toHaveLength(0);
    }
    for (const desk of [a, b]) {
      await vi.waitFor(() => {
        const jobs = desk.engine.list();
        expect(jobs).toHaveLength(100);
        expect(jobs.every((job) => job.state === 'published' && job.desk?.runner)).toBe(true);
      });
    }
  });
});

describe('a job of an account whose secret only some desks hold', () => {
  it('waits, saying so, until a desk that has the secret runs it (with the photos from the shop)', async () => {
    const s = await shop();
    const till = await shopDesk(s, 'Kasse', { hasSecret: false });
    opened.desks.push(till);
    const [draft] = await till.d.makeDrafts(1, 2);
    const [press] = await till.engine.start([draft!.id]);
    const jobId = press!.jobId!;
    await vi.waitFor(() =>
      expect(till.engine.get(jobId)).toMatchObject({
        state: 'waiting',
        error: { problem: 'waiting-for-secret' },
        desk: { runner: null, requestedBy: 'Kasse' },
      }),
    );
    expect(await jobStates(till)).toEqual({ waiting: 1 });
    expect(s.sb.stats().clients[s.sb.clients[0]!.clientId]?.listings ?? 0).toBe(0);

    // A desk with the secret and none of the drafts: the job's record and photos come from the shop.
    const office = await shopDesk(s, 'Büro');
    opened.desks.push(office);
    await vi.waitFor(async () => expect(await jobStates(office)).toEqual({ published: 1 }), {
      timeout: 30_000,
      interval: 100,
    });
    expect(counts(s.sb)).toMatchObject({ listings: 1, media: 2, publications: 1 });
    const [listing] = await clientOf(s.sb).listListings();
    const shown = await Promise.all(
      listing!.urls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
    );
    const expected = await Promise.all(draft!.photos.map((photo) => till.d.photoBytes(photo)));
    expect(shown.map((bytes, i) => bytes.equals(expected[i]!))).toEqual([true, true]);
    // The desk that pressed Publish learns the outcome: its draft, its Publishing view, its notice.
    await vi.waitFor(async () => {
      expect((await till.d.drafts.get(draft!.id)).status).toBe('published');
      expect(till.engine.get(jobId)).toMatchObject({
        state: 'published',
        desk: { runner: 'Büro', requestedBy: 'Kasse', here: false },
      });
      expect(till.notices.map((notice) => [notice.jobId, notice.kind])).toEqual([[jobId, 'live']]);
    });
    expect(office.notices).toEqual([]);
  });
});

describe('cancelling a job of the shop', () => {
  it('cancels a waiting job in the shop, so that no desk publishes it later', async () => {
    const s = await shop();
    const till = await shopDesk(s, 'Kasse', { hasSecret: false });
    opened.desks.push(till);
    const [draft] = await till.d.makeDrafts(1, 1);
    const [press] = await till.engine.start([draft!.id]);
    await vi.waitFor(() => expect(till.engine.get(press!.jobId!)?.state).toBe('waiting'));
    expect(await till.engine.cancel(press!.jobId!)).toBe(true);
    expect(await jobStates(till)).toEqual({ cancelled: 1 });
    // Back to a draft (complete, so "ready").
    await vi.waitFor(async () => expect((await till.d.drafts.get(draft!.id)).status).toBe('ready'));
    // A desk with the secret opens and finds nothing to do.
    const office = await shopDesk(s, 'Büro');
    opened.desks.push(office);
    await vi.waitFor(() => expect(office.engine.get(press!.jobId!)?.state).toBe('cancelled'));
    await office.engine.settled();
    expect(s.sb.stats().clients[s.sb.clients[0]!.clientId]?.listings ?? 0).toBe(0);
  });
});

describe('retrying a failed job of the shop', () => {
  it('reopens it in the shop and goes on from where it failed: one listing, one publication', async () => {
    const s = await shop();
    const shopFront = await shopDesk(s, 'Laden');
    opened.desks.push(shopFront);
    const [draft] = await shopFront.d.makeDrafts(1, 1);
    s.sb.faults.add({ route: 'POST /v1/listings/:uuid/publications', kind: 'status', status: 400, times: 1 });
    const [press] = await shopFront.engine.start([draft!.id]);
    const jobId = press!.jobId!;
    await vi.waitFor(async () => expect(await jobStates(shopFront)).toEqual({ failed: 1 }), {
      timeout: 30_000,
    });
    expect(counts(s.sb)).toMatchObject({ listings: 1, publications: 0 });
    // Another desk sees the failed job (its Retry is tried in 'cancel and retry' below).
    const store = await shopDesk(s, 'Lager');
    opened.desks.push(store);
    await vi.waitFor(() => expect(store.engine.get(jobId)?.state).toBe('failed'));

    await vi.waitFor(() => expect(shopFront.engine.get(jobId)?.state).toBe('failed'));
    expect(await shopFront.engine.retry(jobId)).toBe(true);
    await vi.waitFor(async () => expect(await jobStates(shopFront)).toEqual({ published: 1 }), {
      timeout: 30_000,
    });
    expect(counts(s.sb)).toMatchObject({ listings: 1, media: 1, publications: 1 });
    await vi.waitFor(() => expect(store.engine.get(jobId)?.state).toBe('published'));
  });
});

/**
 * A job pressed on a desk without the secret (Kasse) and run by one that has it (Büro), whose
 * publication the service refuses once: it fails there.
 */
async function failedOnOtherDesk() {
  const s = await shop();
  const till = await shopDesk(s, 'Kasse', { hasSecret: false });
  opened.desks.push(till);
  const [draft] = await till.d.makeDrafts(1, 1);
  s.sb.faults.add({ route: 'POST /v1/listings/:uuid/publications', kind: 'status', status: 400, times: 1 });
  const [press] = await till.engine.start([draft!.id]);
  const office = await shopDesk(s, 'Büro');
  opened.desks.push(office);
  await vi.waitFor(async () => expect(await jobStates(office)).toEqual({ failed: 1 }), { timeout: 30_000 });
  return { s, till, office, draft: draft!, jobId: press!.jobId! };
}

describe('a job of the shop that fails', () => {
  it('is told on the desk that pressed Publish, with its problem, and on no other desk', async () => {
    const { till, office, draft, jobId } = await failedOnOtherDesk();
    await vi.waitFor(() => {
      expect(till.notices).toEqual([
        expect.objectContaining({
          kind: 'failed',
          jobId,
          draftId: draft.id,
          title: draft.title,
          problem: 'bad-request',
          reason: expect.any(String),
        }),
      ]);
    });
    expect(till.engine.get(jobId)).toMatchObject({
      state: 'failed',
      desk: { runner: 'Büro', requestedBy: 'Kasse' },
    });
    await office.engine.settled();
    expect(office.notices).toEqual([]);
  });
});

describe('cancel and retry of a job another desk ran', () => {
  it('a failed job is cancelled from a desk without a copy, then retried from two desks at once: back in the queue once, one listing', async () => {
    const { s, till, office, jobId } = await failedOnOtherDesk();
    expect(counts(s.sb)).toMatchObject({ listings: 1, publications: 0 });

    // A desk that never had the job (nor the secret) cancels it in the shop.
    const store = await shopDesk(s, 'Lager', { hasSecret: false });
    opened.desks.push(store);
    await vi.waitFor(() => expect(store.engine.get(jobId)?.state).toBe('failed'));
    expect(await store.engine.cancel(jobId)).toBe(true);
    expect(await jobStates(store)).toEqual({ cancelled: 1 });
    await vi.waitFor(() => expect(till.engine.get(jobId)?.state).toBe('cancelled'));

    // Retry pressed at the same instant on two desks that cannot run it: the job is reopened once,
    // and the desk with the secret goes on from where it failed (the listing it made is kept).
    const retried = await Promise.all([till.engine.retry(jobId), store.engine.retry(jobId)]);
    expect(retried.filter((done) => done === true)).toHaveLength(1);
    await vi.waitFor(async () => expect(await jobStates(office)).toEqual({ published: 1 }), {
      timeout: 30_000,
    });
    expect(counts(s.sb)).toMatchObject({ listings: 1, media: 1, publications: 1 });
    await vi.waitFor(() =>
      expect(till.engine.get(jobId)).toMatchObject({ state: 'published', desk: { runner: 'Büro' } }),
    );
  });

  it('a job another desk is running is not cancelled from here, and says so in plain words', async () => {
    const s = await shop();
    const till = await shopDesk(s, 'Kasse', { hasSecret: false });
    opened.desks.push(till);
    const [draft] = await till.d.makeDrafts(1, 1);
    // The listing's creation is slow, so the job is still running on the other desk when asked.
    s.sb.faults.add({ route: 'POST /v1/listings', kind: 'delay', ms: 2_000, times: 1 });
    const [press] = await till.engine.start([draft!.id]);
    const jobId = press!.jobId!;
    const office = await shopDesk(s, 'Büro');
    opened.desks.push(office);
    await vi.waitFor(
      () => expect(till.engine.get(jobId)).toMatchObject({ state: 'running', desk: { runner: 'Büro' } }),
      { timeout: 30_000 },
    );
    await expect(till.engine.cancel(jobId)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('The desk Büro is running this job right now'),
    });
    await vi.waitFor(async () => expect(await jobStates(office)).toEqual({ published: 1 }), {
      timeout: 30_000,
    });
    expect(counts(s.sb)).toMatchObject({ listings: 1, publications: 1 });
  });
});
