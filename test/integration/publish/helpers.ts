// Helpers of the publish suite: a real sandbox on loopback, a real drafts store in a temporary data
// folder with real image files, and the engine over both (its ports are in ports.ts). Nothing is
// mocked.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox';
import { openDraftsStore, type DraftsStore } from '../../../src/main/storage/drafts-store';
import { fromDataPath } from '../../../src/main/storage/draft-files';
import type { PublishAccounts } from '../../../src/main/publish/context/accounts-port';
import {
  openPublishEngine,
  type PublishEngine,
  type PublishEngineOptions,
} from '../../../src/main/publish/engine';
import type { Draft, DraftPhoto } from '../../../src/shared/domain/drafts/draft';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import { listingReference } from '../../../src/shared/domain/drafts/draft-requests';
import { sampleDraft } from '../../fixtures/drafts';
import { colourFor, solidPng } from '../../fixtures/images';

import { FAST_ENGINE, clientOf, quietLog } from './ports';

export { FAST_ENGINE, clientOf, quietLog, sandboxAccounts } from './ports';

/** Starts a sandbox on loopback with a short validation delay. */
export function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, validationDelayMs: 50, ...options });
}

/** A data folder with a drafts store. */
export interface Desk {
  dataDir: string;
  drafts: DraftsStore;
  /** Drafts made by `makeDrafts`, in order. */
  made: Draft[];
  /**
   * Makes publishable drafts (no imprint of their own) with real photo files: PNGs `photoSize`
   * pixels square, or `noiseBytes` random bytes each (the service does not look inside).
   */
  makeDrafts(count: number, photos: number, photoSize?: number, noiseBytes?: number): Promise<Draft[]>;
  /** The bytes of a draft's photo file. */
  photoBytes(photo: DraftPhoto): Promise<Buffer>;
  reopen(): Promise<void>;
  close(): Promise<void>;
}

let imageCounter = 0;

/** A fresh data folder with a drafts store. */
export async function desk(dataDir?: string): Promise<Desk> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'publish-test-')));
  const self: Desk = {
    dataDir: dir,
    drafts: await openDraftsStore(dir, { log: quietLog }),
    made: [],
    async makeDrafts(count, photos, photoSize = 24, noiseBytes) {
      const out: Draft[] = [];
      for (let i = 0; i < count; i += 1) {
        const n = self.made.length + 1;
        const created = await self.drafts.create({ accountId: 'sandbox' });
        const draftPhotos: DraftPhoto[] = [];
        for (let p = 0; p < photos; p += 1) {
          imageCounter += 1;
          const id = `photo-${n}-${p + 1}-${imageCounter}`;
          const file = `photos/${created.id}/${id}.png`;
          // Every photo differs in colour and size, so a media URL's bytes tell which photo it shows.
          const bytes =
            noiseBytes === undefined
              ? solidPng(colourFor(imageCounter), photoSize + (imageCounter % 40))
              : randomBytes(noiseBytes);
          await mkdir(path.dirname(fromDataPath(dir, file)), { recursive: true });
          await writeFile(fromDataPath(dir, file), bytes);
          draftPhotos.push({
            id,
            file,
            thumb: file,
            mediaType: 'image/png',
            width: 10,
            height: 10,
            bytes: bytes.length,
            originalName: `IMG_${n}_${p + 1}.png`,
          });
        }
        const base = sampleDraft(created.id, {
          title: `Artikel ${n}`,
          description: `Beschreibung von Artikel ${n}.`,
          // Half carry a seller's reference, half are found by the draft's id.
          customReference: n % 2 === 0 ? `SKU-${n}` : null,
          createdAt: created.createdAt,
          updatedAt: created.updatedAt,
          photos: draftPhotos,
        });
        const saved = await self.drafts.save({
          ...base,
          publication: { ...base.publication, imprintUuid: null },
        });
        out.push(saved);
        self.made.push(saved);
      }
      return out;
    },
    photoBytes: (photo) => readFile(fromDataPath(dir, photo.file)),
    async reopen() {
      await self.drafts.close();
      self.drafts = await openDraftsStore(dir, { log: quietLog });
    },
    async close() {
      await self.drafts.close();
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
  return self;
}

/** Opens an engine on the desk's data folder. */
export function engineOn(
  d: Desk,
  accounts: PublishAccounts,
  options: Partial<PublishEngineOptions> = {},
): Promise<PublishEngine> {
  return openPublishEngine({
    dataDir: d.dataDir,
    drafts: {
      get: (id) => d.drafts.get(id),
      update: (id, change) => d.drafts.update(id, change),
      list: () => d.drafts.list(),
    },
    accounts,
    log: quietLog,
    ...FAST_ENGINE,
    ...options,
  });
}

/** What one test opened: a sandbox and a desk, and engines closed after the test. */
export interface Scene {
  sb: Sandbox;
  d: Desk;
  /** Opens an engine on the desk, closed after the test (`engineOn` for one the test kills or closes). */
  openEngine(accounts: PublishAccounts, options?: Partial<PublishEngineOptions>): Promise<PublishEngine>;
}

/**
 * The scenes of a test file: `open` starts a sandbox (with `options`) and a fresh desk for a test.
 * After each test, or on `closeAll`, every scene opened is closed: its engines, its desk, its sandbox.
 */
export function useScenes() {
  const opened: { scene: Scene; engines: PublishEngine[] }[] = [];
  async function closeAll(): Promise<void> {
    for (const { scene, engines } of opened.splice(0)) {
      for (const engine of engines) await engine.close();
      await scene.d.close();
      await scene.sb.close();
    }
  }
  afterEach(closeAll);
  async function open(options: SandboxOptions = {}): Promise<Scene> {
    const engines: PublishEngine[] = [];
    const scene: Scene = {
      sb: await sandbox(options),
      d: await desk(),
      async openEngine(accounts, engineOptions) {
        const engine = await engineOn(scene.d, accounts, engineOptions);
        engines.push(engine);
        return engine;
      },
    };
    opened.push({ scene, engines });
    return scene;
  }
  return { open, closeAll };
}

/** Resolves once every job is in a final state; fails the test when one is not 'published'. */
export async function allPublished(engine: PublishEngine): Promise<PublishJobView[]> {
  await engine.settled();
  const jobs = engine.list();
  const unfinished = jobs.filter((job) => job.state !== 'published');
  expect(unfinished.map((job) => [job.title, job.state, job.error?.problem, job.error?.detail])).toEqual([]);
  return jobs;
}

/** Counts of the sandbox's first client. */
export function counts(sb: Sandbox) {
  return sb.stats().clients[sb.clients[0]!.clientId]!;
}

/** The sandbox's answers to `route` so far, by status (or 'reset'). */
export function requests(sb: Sandbox, route: string): Record<string, number> {
  return sb.stats().requests[route] ?? {};
}

/**
 * Checks what the spec and the seller care about for each draft: one listing per draft with the
 * draft's fields and reference, its photos each once and in the draft's order (by their bytes), a
 * publication that reached PUBLISHED, and the draft marked published with both uuids.
 */
export async function expectPublished(sb: Sandbox, d: Desk, drafts: readonly Draft[]): Promise<void> {
  const client = clientOf(sb);
  const listings = await client.listListings();
  const photoCount = drafts.reduce((sum, draft) => sum + draft.photos.length, 0);
  expect(counts(sb)).toMatchObject({
    listings: drafts.length,
    media: photoCount,
    publications: drafts.length,
  });
  expect(new Set(listings.map((listing) => listing.customReference)).size).toBe(drafts.length);
  for (const draft of drafts) {
    const stored = await d.drafts.get(draft.id);
    expect(stored.status).toBe('published');
    const listingUuid = stored.remote?.listingUuid;
    const publicationUuid = stored.remote?.publicationUuid;
    expect(listingUuid).toBeTruthy();
    expect(publicationUuid).toBeTruthy();
    const listing = listings.find((l) => l.uuid === listingUuid)!;
    expect(listing).toMatchObject({
      title: draft.title,
      description: draft.description,
      customReference: listingReference(draft),
      adPrice: { type: 'FIXED', amount: 120.5 },
    });
    expect(listing.urls).toHaveLength(draft.photos.length);
    const shown = await Promise.all(
      listing.urls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
    );
    const expected = await Promise.all(draft.photos.map((photo) => d.photoBytes(photo)));
    expect(shown.map((bytes, i) => bytes.equals(expected[i]!))).toEqual(draft.photos.map(() => true));
    const publication = await client.getPublication(listingUuid!, publicationUuid!);
    expect(publication.actualState).toBe('PUBLISHED');
    expect(publication.actualState).toBe(publication.requestedState);
  }
}
