// With a data dir, state, files, clients and tokens survive a restart; without one nothing is left.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Listing, Publication, UuidResponse } from '../../../src/shared/service';
import type { Sandbox } from '../../../src/sandbox';
import { Api, PNG, publicationBody, start } from './helpers';

const dirs: string[] = [];
const running: Sandbox[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-test-'));
  dirs.push(dir);
  return dir;
}

async function boot(options: Parameters<typeof start>[0]): Promise<Sandbox> {
  const sb = await start(options);
  running.push(sb);
  return sb;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((sb) => sb.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('dataDir', () => {
  it('keeps listings, media bytes, publications, the default client and its tokens across a restart', async () => {
    const dataDir = await tempDir();
    const first = await boot({ dataDir, validationDelayMs: 10_000 });
    const api = await Api.login(first);
    const imprint = await api.imprint();
    const uuid = await api.listing();
    const { urls } = await api.addImage(uuid, PNG);
    const pubRes = await api.call('POST', `/v1/listings/${uuid}/publications`, {
      body: publicationBody(imprint),
    });
    const pub = UuidResponse.parse(pubRes.body).uuid;
    const client = first.clients[0]!;
    const origin = new URL(first.baseUrl).origin;
    await first.close();

    const second = await boot({ dataDir, validationDelayMs: 10 });
    expect(second.clients[0]).toEqual(client);
    // The previous port is reused when free, so stored media URLs stay valid.
    expect(new URL(second.baseUrl).origin).toBe(origin);
    const again = new Api(second, api.token);
    const listing = Listing.parse((await again.call('GET', `/v1/listings/${uuid}`)).body);
    expect(listing.urls).toEqual(urls);
    const bytes = Buffer.from(await (await fetch(listing.urls[0]!)).arrayBuffer());
    expect(bytes.equals(Buffer.from(PNG))).toBe(true);
    const pending = Publication.parse(
      (await again.call('GET', `/v1/listings/${uuid}/publications/${pub}`)).body,
    );
    // validateAt was stored: the publication is still pending after the restart (10 s delay at creation).
    expect(pending.actualState).toBe('PENDING_VALIDATION');
    expect(second.stats().clients[client.clientId]).toMatchObject({
      listings: 1,
      media: 1,
      publications: 1,
      imprints: 1,
    });
  });

  it('keeps explicitly configured clients, and a seed gives a known default secret', async () => {
    const seeded = await boot({ seed: 5 });
    const seededAgain = await boot({ seed: 5 });
    expect(seeded.clients).toEqual(seededAgain.clients);
    const dataDir = await tempDir();
    const first = await boot({ dataDir, clients: [{ clientId: 'me', clientSecret: 'pw' }] });
    await first.close();
    const second = await boot({ dataDir });
    expect(second.clients).toEqual([{ clientId: 'me', clientSecret: 'pw' }]);
  });

  it('moves an unreadable state file aside instead of silently resetting it', async () => {
    const dataDir = await tempDir();
    await writeFile(join(dataDir, 'state.json'), '{not json');
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      await boot({ dataDir });
    } finally {
      process.stderr.write = stderr;
    }
    expect((await readdir(dataDir)).some((name) => name.startsWith('state.json.unreadable-'))).toBe(true);
  });

  it('with persistClients false keeps the data but never writes a client secret to disk', async () => {
    const dataDir = await tempDir();
    const client = { clientId: 'listing-desk', clientSecret: 'secret-from-the-keychain-5f2c' };
    const first = await boot({ dataDir, clients: [client], persistClients: false });
    const uuid = await (await Api.login(first)).listing();
    await first.close();
    const files = await readdir(dataDir, { recursive: true });
    for (const file of files) {
      const bytes = await readFile(join(dataDir, String(file))).catch(() => Buffer.alloc(0));
      expect(bytes.includes(client.clientSecret), `${String(file)} holds the secret`).toBe(false);
    }
    // The app hands the same client in again at the next start and finds its listing.
    const second = await boot({ dataDir, clients: [client], persistClients: false });
    const res = await (await Api.login(second)).call('GET', `/v1/listings/${uuid}`);
    expect(res.status).toBe(200);
  });
});

describe('memory mode', () => {
  it('starts empty every time and removes its temporary files on close', async () => {
    const sb = await boot({});
    const api = await Api.login(sb);
    await api.addImage(await api.listing());
    expect((await readdir(join(sb.filesDir, 'media'))).length).toBe(1);
    await sb.close();
    await expect(readdir(sb.filesDir)).rejects.toThrow();
    const fresh = await boot({});
    const res = await (await Api.login(fresh)).call('GET', '/v1/listings');
    expect(res.body).toEqual([]);
  });
});
