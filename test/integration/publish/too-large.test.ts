// A service whose media limit the spec does not give: photos it refuses with 413 go live as smaller
// copies sent with new tickets, the draft's files stay as they are, the sizes are remembered for the
// account so later photos fit before they are sent, and at the floor the job names the photo.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_COLOURS, noisyJpeg, sameColour, shownImage } from '../../fixtures/big-photos';
import { afterEach, describe, expect, it } from 'vitest';
import { noteMediaSize, type MediaLimit } from '../../../src/main/media/shrink';
import type { PublishAccounts } from '../../../src/main/publish/context/accounts-port';
import type { PublishEngine } from '../../../src/main/publish/engine';
import { fromDataPath } from '../../../src/main/storage/draft-files';
import type { Draft, DraftPhoto } from '../../../src/shared/domain/drafts/draft';
import type { Sandbox } from '../../../src/sandbox';
import { sampleDraft } from '../../fixtures/drafts';
import {
  allPublished,
  clientOf,
  counts,
  desk,
  engineOn,
  requests,
  sandbox,
  sandboxAccounts,
  type Desk,
} from './helpers';

const ATTACH = 'POST /v1/listings/:uuid/media';
const LIMIT = 60_000;
const COLOURS = PHOTO_COLOURS.slice(0, 6);

const opened: { sb: Sandbox; d: Desk; engine?: PublishEngine }[] = [];
afterEach(async () => {
  for (const scene of opened.splice(0)) {
    await scene.engine?.close();
    await scene.d.close();
    await scene.sb.close();
  }
});

/** Drafts of `photos` JPEGs each, every photo its own colour. */
async function jpegDrafts(d: Desk, count: number, photos: number, amp = 10): Promise<Draft[]> {
  const out: Draft[] = [];
  for (let i = 0; i < count; i += 1) {
    const n = d.made.length + 1;
    const created = await d.drafts.create({ accountId: 'sandbox' });
    const list: DraftPhoto[] = [];
    for (let p = 0; p < photos; p += 1) {
      const bytes = await noisyJpeg(COLOURS[(i * photos + p) % COLOURS.length]!, 1600, amp);
      const file = `photos/${created.id}/p${p + 1}.jpg`;
      await mkdir(path.dirname(fromDataPath(d.dataDir, file)), { recursive: true });
      await writeFile(fromDataPath(d.dataDir, file), bytes);
      list.push({
        id: `p-${n}-${p + 1}`,
        file,
        thumb: file,
        mediaType: 'image/jpeg',
        width: 1600,
        height: 1200,
        bytes: bytes.length,
        originalName: `IMG_${n}_${p + 1}.jpg`,
      });
    }
    const base = sampleDraft(created.id, {
      title: `Artikel ${n}`,
      customReference: `BIG-${n}`,
      createdAt: created.createdAt,
      updatedAt: created.updatedAt,
      photos: list,
    });
    const saved = await d.drafts.save({ ...base, publication: { ...base.publication, imprintUuid: null } });
    d.made.push(saved);
    out.push(saved);
  }
  return out;
}

/** The accounts port with the account's remembered media sizes, as the app's accounts service keeps them. */
function rememberingAccounts(sb: Sandbox) {
  const client = clientOf(sb);
  const memory: { limit: MediaLimit | null } = { limit: null };
  const accounts: PublishAccounts = {
    ...sandboxAccounts(() => client),
    mediaLimit: () => memory.limit,
    noteMediaSize: (_id, bytes, accepted) => {
      memory.limit = noteMediaSize(memory.limit, bytes, accepted);
    },
  };
  return { accounts, memory };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('photos larger than the service takes', () => {
  it('go live smaller with new tickets, in order, originals unchanged; the next draft fits before upload', async () => {
    const sb = await sandbox({ maxMediaBytes: LIMIT });
    const d = await desk();
    opened.push({ sb, d });
    const [first, second] = await jpegDrafts(d, 2, 3);
    const originals = await Promise.all(
      [...first!.photos, ...second!.photos].map(async (photo) => sha(await d.photoBytes(photo))),
    );
    expect(first!.photos.every((photo) => photo.bytes > LIMIT * 2)).toBe(true);
    const { accounts, memory } = rememberingAccounts(sb);
    const engine = await engineOn(d, accounts);
    opened[0]!.engine = engine;

    await engine.start([first!.id]);
    await allPublished(engine);
    const refusedFirst = requests(sb, ATTACH)['413'] ?? 0;
    expect(refusedFirst).toBeGreaterThanOrEqual(3);
    expect(memory.limit?.refusedBytes).toBeGreaterThan(LIMIT);
    expect(memory.limit?.acceptedBytes).toBeLessThanOrEqual(LIMIT);

    await engine.start([second!.id]);
    await allPublished(engine);
    // The second draft's photos were made to fit before they were sent: no 413 more.
    expect(requests(sb, ATTACH)['413'] ?? 0).toBe(refusedFirst);

    expect(counts(sb)).toMatchObject({ listings: 2, media: 6, publications: 2 });
    const client = clientOf(sb);
    for (const draft of [first!, second!]) {
      const stored = await d.drafts.get(draft.id);
      expect(stored.status).toBe('published');
      const listing = await client.getListing(stored.remote!.listingUuid!);
      expect(listing.urls).toHaveLength(3);
      const images = await Promise.all(listing.urls.map(shownImage));
      for (const [i, image] of images.entries()) {
        expect(image.bytes).toBeLessThanOrEqual(LIMIT);
        const want = COLOURS[(draft === first ? 0 : 3) + i]!;
        // The photo in the draft's place: its colour (JPEG keeps it within a few steps).
        expect(sameColour(image.colour, want)).toBe(true);
      }
    }
    const after = await Promise.all(
      [...first!.photos, ...second!.photos].map(async (photo) => sha(await d.photoBytes(photo))),
    );
    expect(after).toEqual(originals);
  });

  it('at the floor fails naming the photo and the size taken; the listing stays linked and is reused', async () => {
    const sb = await sandbox({ maxMediaBytes: 2_000 });
    const d = await desk();
    opened.push({ sb, d });
    const [draft] = await jpegDrafts(d, 1, 2, 24);
    const { accounts } = rememberingAccounts(sb);
    const engine = await engineOn(d, accounts);
    opened[0]!.engine = engine;
    const [started] = await engine.start([draft!.id]);
    await engine.settled();
    const job = engine.list().find((view) => view.id === started!.jobId)!;
    expect(job.state).toBe('failed');
    expect(job.error).toMatchObject({ problem: 'photo-too-large', status: 413, remedy: 'fix-draft' });
    expect(job.error!.detail).toMatch(/IMG_1_\d\.jpg is too large for the service even at 1024 px/);
    expect(job.error!.params).toMatchObject({ name: expect.stringMatching(/^IMG_1_\d\.jpg$/) });
    // Nothing refused stays on the listing; the listing is the one the next try uses.
    expect(counts(sb)).toMatchObject({ listings: 1, media: 0, publications: 0 });

    // A retry (and a new Publish) reuses the listing: no second one.
    expect(await engine.retry(job.id)).toBe(true);
    await engine.settled();
    expect(engine.list().find((view) => view.id === job.id)?.error?.problem).toBe('photo-too-large');
    await engine.start([draft!.id]);
    await engine.settled();
    expect(counts(sb)).toMatchObject({ listings: 1, media: 0, publications: 0 });
  }, 90_000);
});
