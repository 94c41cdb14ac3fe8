// A kill at every step boundary and during every request of a job (kill.ts), alone and together with
// faults that let the service do the work and then lose the answer (503, 502, 500 after, reset
// after) or that refuse before it (reset before): after a restart on the same data folder each draft
// ends with one listing, its photo once, one publication, and the draft marked published. With the
// publications read answered as an array, as an object, and not offered at all.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaultRule, Quirks, RouteKey } from '../../../src/sandbox';
import type { PublishEngine } from '../../../src/main/publish/engine';
import {
  allPublished,
  clientOf,
  counts,
  engineOn,
  expectPublished,
  sandboxAccounts,
  useScenes,
  type Scene,
} from './helpers';
import { killable, type KillMode } from './kill';

// Short limits: the reconcile window is the client's timeout plus the settling margin.
const TIMEOUT_MS = 400;
const WINDOW = { requestTimeoutMs: TIMEOUT_MS, settleAfterTimeoutMs: 300 };
const POSTS: RouteKey[] = [
  'POST /v1/listings',
  'POST /v1/media',
  'POST /v1/listings/:uuid/media',
  'POST /v1/listings/:uuid/publications',
];

const scenes = useScenes();

interface Outcome {
  killedOn: string | null;
  scene: Scene;
  second: PublishEngine;
}

/** One draft of one photo, published by an engine killed at call `at`, then by a new engine. */
async function killedAt(
  at: number,
  mode: KillMode,
  faults: FaultRule[],
  publicationsRead: Quirks['publicationsRead'],
): Promise<Outcome> {
  const scene = await scenes.open({ quirks: { publicationsRead } });
  const { sb, d } = scene;
  const [draft] = await d.makeDrafts(1, 1);
  for (const rule of faults) sb.faults.add(rule);
  const dying = killable(clientOf(sb, TIMEOUT_MS), { at, mode });
  let client = dying.client;
  const accounts = sandboxAccounts(() => client);
  const first = await engineOn(d, accounts, WINDOW);
  await first.start([draft!.id]);
  const killedOn = await Promise.race([dying.killed, first.settled().then(() => null)]);
  // A killed engine is left as the kill left it: never closed, never heard from again.
  if (killedOn === null) await first.close();
  client = clientOf(sb, TIMEOUT_MS);
  const second = await scene.openEngine(accounts, WINDOW);
  await second.settled();
  return { killedOn, scene, second };
}

/** Every kill point of a run with `faults`, a few at a time; checks each and returns the kill sites. */
async function everyKillPoint(faults: FaultRule[], publicationsRead: Quirks['publicationsRead']) {
  const sites: string[] = [];
  for (let at = 0; ; at += 4) {
    const batch = await Promise.all(
      [at, at + 1, at + 2, at + 3].flatMap((n) =>
        (['before', 'in-flight'] as const).map((mode) => killedAt(n, mode, faults, publicationsRead)),
      ),
    );
    for (const { killedOn, scene, second } of batch) {
      const { sb, d } = scene;
      if (killedOn !== null) sites.push(killedOn);
      await allPublished(second);
      await expectPublished(sb, d, d.made);
      expect(counts(sb)).toMatchObject({ listings: 1, media: 1, publications: 1 });
      // No upload left behind on the storage: each file sent went to the photo's attach.
      expect(await leftUploads(sb.filesDir)).toEqual([]);
    }
    if (batch.every((outcome) => outcome.killedOn === null)) break;
    await scenes.closeAll();
  }
  return sites;
}

/** Uploads the storage holds that no attach took (a photo sent and then forgotten). */
async function leftUploads(filesDir: string): Promise<string[]> {
  const names = await readdir(path.join(filesDir, 'uploads')).catch(() => []);
  return names.filter((name) => !name.endsWith('.part'));
}

const after = (status: number): FaultRule[] =>
  POSTS.map((route) => ({ route, kind: 'status', status, when: 'after', times: 1, retryAfterSeconds: 0 }));

describe('a kill at every step and during every request', () => {
  it('no faults, publications read as an array', async () => {
    const sites = await everyKillPoint([], 'array');
    // The kills landed on every kind of call of a job.
    for (const operation of [
      'createListing',
      'uploadFile',
      'attachMedia',
      'createPublication',
      'getPublication',
    ])
      expect(sites).toContain(operation);
  }, 60_000);

  it('with 503 after processing on every POST, read as an object', async () => {
    const sites = await everyKillPoint(after(503), 'object');
    expect(sites).toContain('listPublications');
  }, 60_000);

  it('with the photo uploaded before its listing exists', async () => {
    // The listing's create is held until the photo's ticket and upload are through: a kill then
    // lands on an upload whose listing is not there yet, and on the create after it.
    const sites = await everyKillPoint(
      [{ route: 'POST /v1/listings', kind: 'delay', ms: 250, times: 1 }],
      'array',
    );
    expect(sites).toContain('uploadFile');
    expect(sites).toContain('createListing');
  }, 60_000);

  it('with resets after processing on every POST and 502 and 500 after on some', async () => {
    await everyKillPoint(
      [
        ...POSTS.map((route): FaultRule => ({ route, kind: 'reset', when: 'after', times: 1 })),
        {
          route: 'POST /v1/listings/:uuid/publications',
          kind: 'status',
          status: 502,
          when: 'after',
          times: 1,
        },
        { route: 'POST /v1/listings', kind: 'status', status: 500, when: 'after', times: 1 },
      ],
      'array',
    );
  }, 60_000);
});
