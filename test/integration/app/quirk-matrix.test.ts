// Issue 14's main test: against a service in each of the ways the spec leaves open (the embedded
// service's quirks, and a small media limit), a fresh account made through the router as the
// renderer does it (name, addresses, client id and secret typed; no Authorization form chosen)
// connects and publishes 3 drafts of 3 photos: 3 listings, 9 media, 3 publications on the service,
// nothing twice, the photos in the drafts' order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../../src/main/app';
import { createServiceClient } from '../../../src/main/service-client';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../../src/main/storage/store-factory';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox';
import type { QuirksPatch } from '../../../src/sandbox/quirks';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type {
  PublishJobView,
  PublishStartResult,
  PublishState,
} from '../../../src/shared/domain/publishing/publish-job';
import type { Envelope } from '../../../src/shared/ipc/envelope';
import type { ConnectionResult } from '../../../src/shared/ipc/types';
import { PHOTO_COLOURS, noisyJpeg, sameColour, shownImage, writeJpegDraft } from '../../fixtures/big-photos';
import { giveImprint } from '../../helpers/imprint';
import { addRealAccount } from '../../helpers/real-account';
import { spyLogger, tempDir } from '../../unit/helpers/temp-app';

const CLIENT_ID = 'seller-matrix';
const SECRET = 'matrix-secret-71c3';
const SMALL_MEDIA = 60_000;
// Photo p of draft d has PHOTO_COLOURS[d * 3 + p].
const COLOURS = PHOTO_COLOURS;

interface Case {
  name: string;
  quirks?: QuirksPatch;
  maxMediaBytes?: number;
  /** The ads never show a state: the jobs end up tracked, with their publications made. */
  statesAbsent?: boolean;
}

const CASES: Case[] = [
  { name: 'default' },
  { name: "authScheme 'bare'", quirks: { authScheme: 'bare' } },
  { name: "authScheme 'bearer'", quirks: { authScheme: 'bearer' } },
  { name: 'districtRequired', quirks: { districtRequired: true } },
  { name: "categoryResponse 'path'", quirks: { categoryResponse: 'path' } },
  { name: 'stateNames.pending custom', quirks: { stateNames: { pending: 'IN_PRUEFUNG' } } },
  { name: "publicationsRead 'off'", quirks: { publicationsRead: 'off' } },
  { name: "publicationsRead 'object'", quirks: { publicationsRead: 'object' } },
  { name: 'updateResponse 204', quirks: { updateResponse: 204 } },
  { name: "listItems 'odd'", quirks: { listItems: 'odd' } },
  { name: "publicationStates 'absent'", quirks: { publicationStates: 'absent' }, statesAbsent: true },
  { name: `maxMediaBytes ${SMALL_MEDIA} (photos of ~230 KB)`, maxMediaBytes: SMALL_MEDIA },
];

let photos: Buffer[] = [];
beforeAll(async () => {
  photos = await Promise.all(COLOURS.map((colour) => noisyJpeg(colour)));
}, 60_000);

const open: { app?: App; sb?: Sandbox; remove?: () => void }[] = [];
afterEach(async () => {
  for (const scene of open.splice(0)) {
    await scene.app?.close();
    await scene.sb?.close();
    scene.remove?.();
  }
});

// Three drafts of three JPEGs each, written before the app starts, for the active account.
function writeDrafts(dataDir: string): Draft[] {
  return [0, 1, 2].map((d) =>
    writeJpegDraft(dataDir, `Artikel ${d + 1}`, `QM-${d + 1}`, photos.slice(d * 3, d * 3 + 3)),
  );
}

async function call<T>(app: App, channel: string, input?: unknown): Promise<T> {
  const result = (await app.router.call(channel, input)) as Envelope<T>;
  if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.message}`), result.error);
  return result.value;
}

describe('a fresh account publishes 3 drafts of 3 photos in every quirk setting', () => {
  it.each(CASES)('$name', async (setting) => {
    const options: SandboxOptions = {
      port: 0,
      validationDelayMs: 50,
      clients: [{ clientId: CLIENT_ID, clientSecret: SECRET }],
      ...(setting.quirks && { quirks: setting.quirks }),
      ...(setting.maxMediaBytes !== undefined && { maxMediaBytes: setting.maxMediaBytes }),
    };
    const sb = await startSandbox(options);
    const folder = tempDir('listing-desk-matrix-');
    open.push({ sb, remove: folder.remove });
    const drafts = writeDrafts(folder.dir);
    const app = await createApp(
      {
        shell: 'web',
        dataDir: folder.dir,
        version: '9.8.7',
        systemLocale: 'de-DE',
        publishTiming: { backoff: { baseMs: 20, maxMs: 200 }, tracking: { baseMs: 50, maxMs: 300 } },
      },
      {
        storeFactory: confStoreFactory,
        secretStore: createSessionSecretStore('no keychain in tests'),
        log: spyLogger(),
      },
    );
    open[0]!.app = app;
    const desk = { call: (channel: string, input?: unknown) => call(app, channel, input) };

    // Only what a new seller types: a name, the two addresses, the client id and the secret.
    const account = await addRealAccount(desk, sb, {
      name: 'Mein Shop',
      client: { clientId: CLIENT_ID, clientSecret: SECRET },
    });
    const test = await call<ConnectionResult>(app, 'accounts:test', { id: account.id });
    expect(test).toMatchObject({ ok: true });
    await call(app, 'accounts:select', { id: account.id });
    // A real account publishes only with an imprint the seller entered (issue 26.2).
    await giveImprint(desk, account.id, 'Testladen GmbH, Hauptstraße 1, 10115 Berlin');
    // The drafts were given the account selected at start (Sandbox); they move to this one.
    await call(app, 'drafts:move-account', { ids: drafts.map((draft) => draft.id), accountId: account.id });

    const { results } = await call<{ results: PublishStartResult[] }>(app, 'publish:start', {
      draftIds: drafts.map((draft) => draft.id),
    });
    expect(results.map((result) => result.error)).toEqual([undefined, undefined, undefined]);
    const done = (job: PublishJobView) =>
      setting.statesAbsent
        ? job.state === 'tracking' && job.publicationUuid !== null
        : job.state === 'published';
    let jobs: PublishJobView[] = [];
    await vi.waitFor(
      async () => {
        jobs = (await call<PublishState>(app, 'publish:list')).jobs;
        const stuck = jobs.filter((job) => !done(job));
        expect(stuck.map((job) => [job.title, job.state, job.error?.problem, job.error?.detail])).toEqual([]);
      },
      { timeout: 45_000, interval: 200 },
    );
    expect(jobs).toHaveLength(3);
    // A draft hears of its job a moment after the job's own file is written (draft-sync.ts does not
    // hold the job up), so the drafts are read once they have caught up.
    await vi.waitFor(
      async () => {
        const stored = await Promise.all(
          drafts.map((draft) => call<Draft>(app, 'drafts:get', { id: draft.id })),
        );
        expect(stored.map((draft) => [Boolean(draft.remote?.listingUuid), draft.status])).toEqual(
          stored.map(() => [true, setting.statesAbsent ? 'publishing' : 'published']),
        );
      },
      { timeout: 5_000, interval: 50 },
    );

    // On the service: everything once.
    expect(sb.stats().clients[CLIENT_ID]).toMatchObject({ listings: 3, media: 9, publications: 3 });
    const client = createServiceClient({
      authUrl: sb.authUrl,
      baseUrl: sb.baseUrl,
      clientId: CLIENT_ID,
      authScheme: setting.quirks?.authScheme === 'bare' ? 'bare' : 'bearer',
      getSecret: async () => SECRET,
      timeoutMs: 5_000,
    });
    const listingUuids = new Set<string>();
    for (const [d, draft] of drafts.entries()) {
      const stored = await call<Draft>(app, 'drafts:get', { id: draft.id });
      const uuid = stored.remote?.listingUuid;
      expect(uuid).toBeTruthy();
      listingUuids.add(uuid!);
      const listing = await client.getListing(uuid!);
      expect(listing.customReference).toBe(`QM-${d + 1}`);
      const images = await Promise.all(listing.urls.map(shownImage));
      expect(images.map((image, p) => sameColour(image.colour, COLOURS[d * 3 + p]!))).toEqual([
        true,
        true,
        true,
      ]);
      if (setting.maxMediaBytes !== undefined) {
        expect(images.every((image) => image.bytes <= setting.maxMediaBytes!)).toBe(true);
      }
      if (!setting.statesAbsent) expect(stored.status).toBe('published');
    }
    expect(listingUuids.size).toBe(3);
    if (setting.maxMediaBytes !== undefined) {
      // The sizes the service took and refused are kept with the account.
      const file = JSON.parse(readFileSync(path.join(folder.dir, 'accounts.json'), 'utf8')) as {
        accounts: { id: string; mediaLimit?: { acceptedBytes: number; refusedBytes: number } }[];
      };
      const limit = file.accounts.find((a) => a.id === account.id)?.mediaLimit;
      expect(limit?.acceptedBytes).toBeLessThanOrEqual(setting.maxMediaBytes);
      expect(limit?.refusedBytes).toBeGreaterThan(setting.maxMediaBytes);
    }
  });
});
