// A feed row's photos (issue 25.1): names in the feed's photo folder and https URLs served by a real
// local server, taken in through the drafts' own intake (the drop path), against hostile servers.
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPhotoDownloads, type PhotoDownloads } from '../../../src/main/feeds/photo-downloads';
import { resolveFeedPhotos, type FeedPhotoDeps } from '../../../src/main/feeds/photo-fetch';
import { mainI18n } from '../../../src/main/i18n';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { AddPhotosResult } from '../../../src/shared/ipc/types';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';
import { startHttpsServer, type TestServer } from './helpers/https-server';

let dir: string;
let photoDir: string;
let server: TestServer;
let app: TempApp;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
let downloads: PhotoDownloads | undefined;

function image(color: string, format: 'jpeg' | 'png' | 'webp', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

function send(response: ServerResponse, type: string, body: Buffer | string): void {
  response.writeHead(200, { 'content-type': type }).end(body);
}

const routes: Record<string, (response: ServerResponse) => void> = {
  '/p/chair.jpg': (r) => send(r, 'image/jpeg', jpeg),
  '/p/table.png': (r) => send(r, 'image/png', png),
  '/p/lamp.webp': (r) => send(r, 'image/webp', webp),
  '/p/untyped': (r) => send(r, 'application/octet-stream', jpeg),
  '/p/page.jpg': (r) => send(r, 'text/html', '<html>Not found</html>'),
  '/p/text-as-jpeg.jpg': (r) => send(r, 'image/jpeg', 'not an image at all'),
  '/p/huge.jpg': (r) => send(r, 'image/jpeg', Buffer.alloc(1_200_000, 1)),
  '/p/stalled.jpg': (r) => r.writeHead(200, { 'content-type': 'image/jpeg' }).write(jpeg.subarray(0, 10)),
  '/p/cut.jpg': (r) => {
    r.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(jpeg.length) });
    r.write(jpeg.subarray(0, 100));
    setImmediate(() => r.socket?.destroy());
  },
  '/p/loop.jpg': (r) => r.writeHead(302, { location: '/p/loop.jpg' }).end(),
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'feed-photos-'));
  photoDir = path.join(dir, 'shop-photos');
  await mkdir(photoDir);
  [jpeg, png, webp] = await Promise.all([image('#c33', 'jpeg'), image('#3c3', 'png'), image('#33c', 'webp')]);
  await writeFile(path.join(photoDir, 'A-1.jpg'), jpeg);
  await writeFile(path.join(photoDir, 'A-1 back.png'), png);
  await writeFile(path.join(dir, 'private.jpg'), jpeg);
  await symlink(path.join(dir, 'private.jpg'), path.join(photoDir, 'escape.jpg'));
  server = await startHttpsServer(dir, (request, response) => {
    const route = routes[request.url ?? ''];
    if (route) route(response);
    else response.writeHead(404).end();
  });
  app = await createTempApp();
});

afterAll(async () => {
  await app.remove();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await downloads?.dispose();
  downloads = undefined;
  await mainI18n.changeLanguage('en');
});

async function newDraft(): Promise<Draft> {
  return app.call<Draft>('drafts:create');
}

/** The deps of one row's photos: this run's downloads and the drafts' own intake for `draftId`. */
function deps(draftId: string, limits = {}): FeedPhotoDeps {
  downloads ??= createPhotoDownloads({
    parentDir: path.join(dir, 'runs'),
    ca: server.ca,
    limits,
    allowPrivateAddresses: true,
  });
  return {
    photoDir,
    downloads,
    intake: (paths) =>
      app.call<AddPhotosResult>('drafts:add-photos', { draftId, batchId: 'feed-run', paths }),
  };
}

const at = (p: string) => `${server.origin}${p}`;

describe('a feed row’s photos', () => {
  it('takes names from the photo folder and URLs from the web, in the row’s order, as dropped photos', async () => {
    downloads = createPhotoDownloads({
      parentDir: path.join(dir, 'runs'),
      ca: server.ca,
      allowPrivateAddresses: true,
    });
    const draft = await newDraft();
    const refs = ['A-1.jpg', at('/p/table.png'), 'A-1 back.png', at('/p/lamp.webp'), at('/p/untyped')];
    const result = await resolveFeedPhotos(refs, deps(draft.id));
    expect(result.refused).toEqual([]);
    expect(result.added).toHaveLength(5);
    const stored = (await app.call<Draft>('drafts:get', { id: draft.id })).photos;
    expect(stored.map((p) => p.id)).toEqual(result.added);
    expect(stored.map((p) => p.originalName)).toEqual([
      'A-1.jpg',
      'table.png',
      'A-1 back.png',
      'lamp.webp',
      'untyped',
    ]);
    // The intake's work: WebP became JPEG, each photo has its thumbnail.
    expect(stored.map((p) => p.mediaType)).toEqual([
      'image/jpeg',
      'image/png',
      'image/png',
      'image/jpeg',
      'image/jpeg',
    ]);
    expect(stored.every((p) => p.thumb.endsWith('.thumb.jpg'))).toBe(true);
  });

  it('fetches a URL once per run, however many rows name it', async () => {
    downloads = createPhotoDownloads({
      parentDir: path.join(dir, 'runs'),
      ca: server.ca,
      allowPrivateAddresses: true,
    });
    const before = server.hits.filter((h) => h === '/p/chair.jpg').length;
    const [one, two] = [await newDraft(), await newDraft()];
    const a = await resolveFeedPhotos([at('/p/chair.jpg'), at('/p/chair.jpg')], deps(one.id));
    const b = await resolveFeedPhotos([at('/p/chair.jpg')], deps(two.id));
    expect([a.added.length, b.added.length]).toEqual([1, 1]);
    expect(server.hits.filter((h) => h === '/p/chair.jpg').length - before).toBe(1);
    expect(downloads!.started).toBe(1);
    // The run's downloads are gone once it ends; the drafts keep their own copies.
    await downloads!.dispose();
    expect(await readdir(path.join(dir, 'runs'))).toEqual([]);
    expect((await app.call<Draft>('drafts:get', { id: two.id })).photos).toHaveLength(1);
  });

  it('refuses hostile photos one by one, in plain words, and keeps the good ones', async () => {
    const draft = await newDraft();
    const refs = [
      at('/p/chair.jpg'),
      at('/p/huge.jpg'),
      at('/p/page.jpg'),
      at('/p/text-as-jpeg.jpg'),
      at('/p/stalled.jpg'),
      at('/p/missing.jpg'),
      at('/p/loop.jpg'),
      at('/p/cut.jpg'),
      'http://127.0.0.1:1/p/plain.jpg',
      'gone.jpg',
      '../private.jpg',
      path.join(dir, 'private.jpg'),
      'escape.jpg',
    ];
    const result = await resolveFeedPhotos(refs, deps(draft.id, { maxBytes: 1024 * 1024, timeoutMs: 500 }));
    expect(result.added).toHaveLength(1);
    const why = Object.fromEntries(result.refused.map((r) => [r.ref, [r.code, r.message]]));
    expect(why).toEqual({
      [at('/p/huge.jpg')]: [
        'feed-too-large',
        `The photo “${at('/p/huge.jpg')}” is larger than 1 MB and was not downloaded.`,
      ],
      [at('/p/page.jpg')]: [
        'feed-wrong-type',
        `“${at('/p/page.jpg')}” is not a photo (its server calls it text/html).`,
      ],
      [at('/p/text-as-jpeg.jpg')]: ['not-an-image', expect.stringContaining('text-as-jpeg.jpg')],
      [at('/p/stalled.jpg')]: [
        'feed-timed-out',
        `The photo “${at('/p/stalled.jpg')}” did not arrive within 1 seconds. The next run tries again.`,
      ],
      [at('/p/missing.jpg')]: [
        'feed-not-found',
        `The photo “${at('/p/missing.jpg')}” is not on its server (HTTP 404).`,
      ],
      [at('/p/loop.jpg')]: ['feed-redirect-loop', expect.stringContaining('keeps sending the app on')],
      [at('/p/cut.jpg')]: ['feed-cut-off', expect.stringContaining('arrived cut off')],
      'http://127.0.0.1:1/p/plain.jpg': ['feed-not-https', expect.stringContaining('not an https address')],
      'gone.jpg': [
        'feed-not-in-folder',
        `The photo “gone.jpg” is not in the feed's photo folder “${photoDir}”.`,
      ],
      '../private.jpg': ['feed-outside-folder', expect.stringContaining('lies outside the feed')],
      [path.join(dir, 'private.jpg')]: [
        'feed-outside-folder',
        expect.stringContaining('lies outside the feed'),
      ],
      'escape.jpg': ['feed-outside-folder', expect.stringContaining('lies outside the feed')],
    });
  });

  it('says a photo’s refusal in German when the app speaks German', async () => {
    await mainI18n.changeLanguage('de');
    const draft = await newDraft();
    const result = await resolveFeedPhotos([at('/p/missing.jpg'), 'A-1.jpg'], {
      ...deps(draft.id),
      photoDir: undefined,
    });
    expect(result.refused.map((r) => r.message)).toEqual([
      `Das Foto „${at('/p/missing.jpg')}“ liegt nicht auf seinem Server (HTTP 404).`,
      'Der Feed nennt das Foto „A-1.jpg“ mit einem Dateinamen, hat aber keinen Fotoordner. Wählen Sie den Ordner in den Einstellungen des Feeds.',
    ]);
    expect(result.taken).toBeUndefined();
  });
});
