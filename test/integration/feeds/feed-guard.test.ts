// A feed's address guarded (issue 35.4): private, loopback and link-local addresses refused on the
// address each connection resolves to (redirects and photos too) unless the feed allows them; an
// access key split off the address into the keychain and found in no file of the data folder;
// older feeds upgraded once; photos kept between runs while their ETag or bytes stay the same.
// A real https server on loopback with a throwaway CA, the real app over a temporary data folder.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPhotoDownloads } from '../../../src/main/feeds/photo-downloads';
import { resolveFeedPhotos } from '../../../src/main/feeds/photo-fetch';
import { openFeedStore } from '../../../src/main/feeds/feed-store';
import { readFeedSource, type FeedSource } from '../../../src/main/feeds/source';
import { mainI18n } from '../../../src/main/i18n';
import { AppError } from '../../../src/main/errors/app-error';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import type { Feed, FeedView } from '../../../src/shared/domain/feeds/feed';
import { tempDir } from '../../unit/helpers/temp-app';
import { feedApp, type FeedApp } from './helpers';
import { startHttpsServer, type TestServer } from './helpers/https-server';
import { answerConditionally, type SeenRequest, type Served } from './helpers/conditional-server';

const CSV = 'SKU;Titel;Preis;Bestand\nA-1;Stuhl;49;3\n';
const KEY = 'SWPEK3yN0tF0rF1les0123';

let dir: string;
let server: TestServer;
let jpeg: Buffer;
let port: string;
const seen: SeenRequest[] = [];
const served: Record<string, Served> = {};
const secrets = createSessionSecretStore('test');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'feed-guard-'));
  jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  server = await startHttpsServer(dir, (request, response) => {
    const p = request.url ?? '';
    // Another loopback address: the same machine, but not the one the test trusts.
    if (p.startsWith('/to-private'))
      return void response.writeHead(302, { location: `https://127.0.0.2:${port}/export.csv` }).end();
    if (p === '/export.csv' || p === `/export/${KEY}/stock.csv`)
      return void response.writeHead(200, { 'content-type': 'text/csv' }).end(CSV);
    const file = served[p];
    if (!file) return void response.writeHead(404).end();
    answerConditionally(request, response, file, seen);
  });
  port = new URL(server.origin).port;
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await mainI18n.changeLanguage('en');
});

const at = (p: string, origin = server.origin): FeedSource => ({ kind: 'url', url: `${origin}${p}` });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
const details = (error: AppError) => error.details as { reason: string; address?: string };

/** Every file under `root`, as text. */
function everyFile(root: string): { file: string; text: string }[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(root, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, text: readFileSync(file).toString('latin1') }));
}

describe('private addresses', () => {
  it('are refused unless the feed allows them, on the address a name resolves to', async () => {
    const deps = { feedId: 'p', secrets, ca: server.ca, cacheDir: path.join(dir, 'cache-p') };
    const direct = await refusal(readFeedSource(at('/export.csv'), deps));
    expect(details(direct)).toMatchObject({ reason: 'private-address', address: '127.0.0.1' });
    expect(direct.message).toBe(
      `The feed “${server.origin}/export.csv” leads to an address on a private, local or link-local network (127.0.0.1). Feeds are only read from such addresses when the feed allows it: choose “Allow private addresses” in the feed's settings if this is your own server.`,
    );
    // A host name is checked on what it resolves to.
    const named = await refusal(readFeedSource(at('/export.csv', `https://localhost:${port}`), deps));
    expect(details(named).reason).toBe('private-address');
    expect(['127.0.0.1', '::1']).toContain(details(named).address);
    await mainI18n.changeLanguage('de');
    const german = await refusal(readFeedSource(at('/export.csv'), deps));
    expect(german.message).toContain(
      'führt zu einer Adresse in einem privaten, lokalen oder Link-Local-Netz (127.0.0.1)',
    );
    const allowed = await readFeedSource(at('/export.csv'), { ...deps, allowPrivateAddresses: true });
    expect(allowed.kind).toBe('csv');
  });

  it('are refused after a redirect, the first address trusted and its certificate checked', async () => {
    const deps = { feedId: 'r', secrets, ca: server.ca, trustedAddresses: ['127.0.0.1'] };
    expect((await readFeedSource(at('/export.csv'), deps)).kind).toBe('csv');
    const redirected = await refusal(readFeedSource(at('/to-private'), deps));
    expect(details(redirected)).toMatchObject({ reason: 'private-address', address: '127.0.0.2' });
    const untrusted = await refusal(readFeedSource(at('/export.csv'), { ...deps, ca: undefined }));
    expect(details(untrusted).reason).toBe('certificate');
  });

  it('are refused for photos too, redirects included', async () => {
    served['/p/chair.jpg'] = { body: jpeg, type: 'image/jpeg' };
    const strict = createPhotoDownloads({ parentDir: path.join(dir, 'runs'), ca: server.ca });
    const photo = new URL(`${server.origin}/p/chair.jpg`);
    expect(await strict.fetch(photo)).toMatchObject({ ok: false, reason: 'private-address' });
    const said = await resolveFeedPhotos([photo.href], {
      downloads: strict,
      intake: () => Promise.reject(new Error('nothing to take in')),
    });
    expect(said.refused).toEqual([
      expect.objectContaining({
        code: 'feed-private-address',
        message: `The photo “${photo.href}” leads to an address on a private, local or link-local network (127.0.0.1); the feed does not allow such addresses.`,
      }),
    ]);
    const trusting = createPhotoDownloads({
      parentDir: path.join(dir, 'runs'),
      ca: server.ca,
      trustedAddresses: ['127.0.0.1'],
    });
    expect(await trusting.fetch(photo)).toMatchObject({ ok: true });
    expect(await trusting.fetch(new URL(`${server.origin}/to-private.jpg`))).toMatchObject({
      ok: false,
      reason: 'private-address',
      detail: { address: '127.0.0.2' },
    });
    await Promise.all([strict.dispose(), trusting.dispose()]);
  });
});

describe('photos kept between runs', () => {
  it('are the same photo while their ETag stands (one 304), or while their bytes stay the same', async () => {
    const cacheDir = path.join(dir, 'photo-cache');
    const options = {
      parentDir: path.join(dir, 'runs'),
      ca: server.ca,
      allowPrivateAddresses: true,
      cacheDir,
    };
    served['/p/etag.jpg'] = { body: jpeg, type: 'image/jpeg', etag: '"p1"' };
    served['/p/plain.jpg'] = { body: jpeg, type: 'image/jpeg' };
    const url = (p: string) => new URL(`${server.origin}${p}`);
    const run = async () => {
      const downloads = createPhotoDownloads(options);
      const results = [await downloads.fetch(url('/p/etag.jpg')), await downloads.fetch(url('/p/plain.jpg'))];
      const files = results.map((r) => (r.ok ? readFileSync(r.file) : undefined));
      await downloads.dispose();
      return results.map((r, i) =>
        r.ok ? { digest: r.digest, reused: r.reused, bytes: files[i]!.length } : r,
      );
    };
    const first = await run();
    expect(first.map((r) => 'reused' in r && r.reused)).toEqual([false, false]);
    const second = await run();
    expect(second).toEqual(first.map((r) => ({ ...r, reused: true })));
    expect(seen.filter((s) => s.path === '/p/etag.jpg').map((s) => [s.ifNoneMatch, s.status])).toEqual([
      [undefined, 200],
      ['"p1"', 304],
    ]);
    // New bytes under the same URL: a new photo.
    const png = await sharp(jpeg).png().toBuffer();
    served['/p/plain.jpg'] = { body: png, type: 'image/png' };
    const third = await run();
    expect(third[1]).toMatchObject({ reused: false, bytes: png.length });
    expect(third[1]).not.toEqual(
      expect.objectContaining({ digest: (first[1] as { digest: string }).digest }),
    );
    // The cache names photos by a hash: no address in it.
    const kept = everyFile(cacheDir);
    expect(kept.length).toBeGreaterThan(0);
    expect(
      kept.filter(({ file, text }) => /etag\.jpg|plain\.jpg/.test(file) || text.includes(server.origin)),
    ).toEqual([]);
  });
});

describe('an access key in a feed’s address', () => {
  let app: FeedApp;
  const keychain = createSessionSecretStore('test keychain');
  afterAll(async () => app?.close());

  it('goes to the keychain at save, is used to fetch, and is in no file of the data folder', async () => {
    app = await feedApp({ secretStore: keychain });
    const settings = {
      name: 'shop',
      source: { kind: 'url', url: `${server.origin}/export/${KEY}/stock.csv` },
      accountId: 'sandbox',
      referenceColumn: 'SKU',
      allowPrivateAddresses: true,
    };
    const saved = await app.call<FeedView>('feeds:save', { settings });
    expect(saved.source).toEqual({
      kind: 'url',
      url: `${server.origin}/export/••••/stock.csv`,
      accessKey: true,
    });
    expect(await keychain.get(`feed-key:${saved.id}`)).toBe(KEY);
    // The app reads the feed as the planner does (the test's CA handed over), into the data folder's cache.
    const dataDir = app.temp.dataDir;
    const read = await readFeedSource(saved.source, {
      feedId: saved.id,
      secrets: keychain,
      ca: server.ca,
      allowPrivateAddresses: saved.allowPrivateAddresses,
      cacheDir: path.join(dataDir, 'feeds', 'cache'),
    });
    expect(read).toMatchObject({ kind: 'csv', name: `${server.origin}/export/••••/stock.csv` });
    expect(server.hits).toContain(`/export/${KEY}/stock.csv`);
    // The app's own read (no CA for the test server) fails, and says so without the key.
    const plan = await app.temp.fail('feeds:plan', { id: saved.id });
    expect(plan.message).toContain('/export/••••/stock.csv');
    const listed = await app.call<{ feeds: FeedView[] }>('feeds:list');
    // Saved again as shown (the mask in it): the key stays.
    await app.call<FeedView>('feeds:save', { id: saved.id, settings: { ...settings, source: saved.source } });
    expect(await keychain.get(`feed-key:${saved.id}`)).toBe(KEY);
    const leaks = everyFile(dataDir).filter(({ text }) => text.includes(KEY));
    expect(leaks.map(({ file }) => file)).toEqual([]);
    expect(everyFile(dataDir).some(({ file }) => file.endsWith(`${saved.id}.body`))).toBe(true);
    expect(
      JSON.stringify([listed, app.temp.log.info.mock.calls, app.temp.log.error.mock.calls]),
    ).not.toContain(KEY);
    // An address without a key leaves none behind.
    await app.call<FeedView>('feeds:save', {
      id: saved.id,
      settings: { ...settings, source: { kind: 'url', url: `${server.origin}/export.csv` } },
    });
    expect(await keychain.get(`feed-key:${saved.id}`)).toBeUndefined();
  });
});

describe('feeds written before issue 35', () => {
  const folder = tempDir('listing-desk-feed-upgrade-');
  afterAll(() => folder.remove());

  const old = (id: string, url: string): Feed => ({
    id,
    name: id,
    source: { kind: 'url', url },
    accountId: 'sandbox',
    referenceColumn: 'SKU',
    gone: 'pause',
    publish: false,
    maxShare: 0.2,
    approved: true,
    header: ['SKU'],
    createdAt: '2026-03-02T08:00:00.000Z',
    lastRunAt: null,
  });

  it('move a key to the keychain and give a loopback feed the allowance, once, each with a note', async () => {
    const feedsDir = path.join(folder.dir, 'feeds');
    mkdirSync(feedsDir, { recursive: true });
    const local = old('local', `https://127.0.0.1:8443/export/${KEY}/google.xml`);
    const remote = old('remote', `https://shop.example/feed.csv?lang=de&token=${KEY}`);
    const plain = old('plain', 'https://shop.example/feed.csv');
    for (const feed of [local, remote, plain])
      writeFileSync(path.join(feedsDir, `${feed.id}.json`), JSON.stringify(feed));
    const keychain = createSessionSecretStore('test');
    const notes: string[] = [];
    const open = () =>
      openFeedStore(folder.dir, () => undefined, { secrets: keychain, note: (n) => notes.push(n) });
    const store = await open();
    expect(store.get('local')).toMatchObject({
      source: { kind: 'url', url: 'https://127.0.0.1:8443/export/••••/google.xml', accessKey: true },
      allowPrivateAddresses: true,
    });
    expect(store.get('remote')).toMatchObject({
      source: { url: 'https://shop.example/feed.csv?lang=de&token=••••', accessKey: true },
      allowPrivateAddresses: false,
    });
    expect(store.get('plain')).toEqual({ ...plain, allowPrivateAddresses: false });
    expect(await keychain.get('feed-key:local')).toBe(KEY);
    expect(await keychain.get('feed-key:remote')).toBe(KEY);
    expect(notes).toHaveLength(3);
    expect(notes.join('\n')).not.toContain(KEY);
    expect(notes.filter((n) => n.includes('moved to the keychain'))).toHaveLength(2);
    expect(notes.filter((n) => n.includes('allows private addresses'))).toEqual([
      expect.stringContaining('local'),
    ]);
    expect(everyFile(folder.dir).filter(({ text }) => text.includes(KEY))).toEqual([]);
    // Once: opened again, nothing more to do.
    const again = await open();
    expect(notes).toHaveLength(3);
    expect(again.list()).toEqual(store.list());
    expect(JSON.parse(await readFile(path.join(feedsDir, 'local.json'), 'utf8'))).toEqual(store.get('local'));
  });
});
