// Issue 36.1 on a lone desk: the service finishes a listing create and a publication create well
// after the reconcile window (3× the client's timeout plus its settling margin), so the job has sent
// each again and has its own by then. The late ones appear while the job keeps reading: the late
// listing is deleted (or, where the service offers no deleting, shown as made twice), the second
// publication paused (or the job says it could not); the job's history tells what happened.
import { describe, expect, it } from 'vitest';
import { allPublished, clientOf, requests, sandboxAccounts, useScenes } from './helpers';
import { historyText } from '../../../src/main/publish/jobs/job-history';
import { openFileActivityLog } from '../../../src/main/activity';
import { adsPerDraft, historyKeys, LATE_MS, LATE_TIMING, watchesEnded } from './late-checks';

const scenes = useScenes();

describe('creates the service finishes late', () => {
  it(
    'leaves one listing per draft and one visible publication per listing',
    { timeout: 30_000 },
    async () => {
      const { sb, d, openEngine } = await scenes.open({
        quirks: { lateFinish: { listingMs: LATE_MS, publicationMs: LATE_MS, times: 1 } },
      });
      const drafts = await d.makeDrafts(2, 1);
      const client = clientOf(sb, LATE_TIMING.requestTimeoutMs);
      // Issue 37.5: the lone desktop's activity log in the desk's data folder.
      const activity = openFileActivityLog({
        dataDir: d.dataDir,
        desk: { id: 'this-desktop', name: 'Werkbank' },
      });
      const engine = await openEngine(
        sandboxAccounts(() => client),
        { ...LATE_TIMING, activity },
      );
      await engine.start(drafts.map((draft) => draft.id));
      await allPublished(engine);
      await watchesEnded(() => engine.list());

      // The late creates did land: two listing creates and two publication creates more than drafts.
      expect(Object.values(requests(sb, 'POST /v1/listings')).reduce((a, b) => a + b, 0)).toBe(3);
      const ads = await adsPerDraft(clientOf(sb), drafts);
      for (const ad of ads) {
        expect(ad.listings).toHaveLength(1);
        expect(Object.values(ad.visible)).toEqual([1]);
      }
      const keys = engine.list().map(historyKeys).flat();
      expect(keys).toEqual(
        expect.arrayContaining([
          'listingNoAnswer',
          'listingSentAgain',
          'lateListingDeleted',
          'publicationNoAnswer',
          'publicationSentAgain',
          'latePublicationPaused',
          'lateWatchEnded',
        ]),
      );
      // In the seller's words, in both languages.
      const deleted = engine
        .list()
        .flatMap((job) => job.history ?? [])
        .find((entry) => entry.key === 'lateListingDeleted')!;
      expect(historyText(deleted, 'en')).toMatch(/made the listing twice .*was deleted/);
      expect(historyText(deleted, 'de')).toMatch(/doppelt angelegt .*wurde gelöscht/);
      // Each duplicate removed is logged once: the ad kept, the one removed, how.
      const removed = await activity.list({ kinds: ['duplicate-removed'] });
      expect(removed.map((entry) => `${entry.changed['what']} ${entry.changed['how']}`).sort()).toEqual([
        'listing deleted',
        'publication paused',
      ]);
      for (const entry of removed) {
        const job = engine.list().find((view) => view.id === entry.job)!;
        expect(entry.changed['kept']).toBe(job.listingUuid);
        expect(entry.ad).toBe(job.listingUuid);
        expect(entry.changed['removed']).not.toBe(job.listingUuid);
        expect(entry.running?.name).toBe('Werkbank');
      }
    },
  );

  it(
    'shows a listing made twice, and a second publication it could not pause, where the service offers neither',
    { timeout: 30_000 },
    async () => {
      const { sb, d, openEngine } = await scenes.open({
        quirks: {
          lateFinish: { listingMs: LATE_MS, publicationMs: LATE_MS, times: 1 },
          listingDelete: 405,
          publicationStateChange: 501,
        },
      });
      const [draft] = await d.makeDrafts(1, 1);
      const client = clientOf(sb, LATE_TIMING.requestTimeoutMs);
      // Issue 37.5: the lone desktop's activity log in the desk's data folder.
      const activity = openFileActivityLog({
        dataDir: d.dataDir,
        desk: { id: 'this-desktop', name: 'Werkbank' },
      });
      const engine = await openEngine(
        sandboxAccounts(() => client),
        { ...LATE_TIMING, activity },
      );
      await engine.start([draft!.id]);
      await allPublished(engine);
      await watchesEnded(() => engine.list());

      const [job] = engine.list();
      const [ad] = await adsPerDraft(clientOf(sb), [draft!]);
      // The job's own listing and the one the service made late, which is shown to the seller.
      expect(ad!.listings).toHaveLength(2);
      const extra = ad!.listings.find((uuid) => uuid !== job!.listingUuid)!;
      expect(job!.madeTwice).toEqual([extra]);
      expect(historyKeys(job)).toEqual(
        expect.arrayContaining(['lateListingTwice', 'latePublicationTwice', 'lateWatchEnded']),
      );
      const twice = job!.history!.find((entry) => entry.key === 'lateListingTwice')!;
      expect(historyText(twice, 'en')).toContain(extra);

      // The seller's one click: the service still offers no deleting, so it stays without an ad.
      expect(await engine.endTwice(job!.id, extra)).toBe('left');
      expect(engine.get(job!.id)!.madeTwice).toBeUndefined();
      expect(historyKeys(engine.get(job!.id))).toContain('madeTwiceLeft');
      expect(await engine.endTwice(job!.id, extra)).toBeNull();
    },
  );
});
