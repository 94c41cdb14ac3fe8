// Case (d) of the publish benchmark: drafts of 12 MP photos over a seller's line (--bandwidth 20
// --latency 40 by default). The engine publishes drafts whose photos went through the app's intake
// (its current defaults, e.g. the stored edge); the naive client is what browser-driven tools do:
// per draft, one call after another, token, listing, per photo a ticket and the PUT of the ORIGINAL
// file, attach, then the publication. The sandbox runs in this process here, so that the bytes that
// crossed its line can be read (`traffic()`); the line's pacing does not depend on this process's
// CPU beyond timer wake-ups.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { intakePhoto, type StoredPhoto } from '../../src/main/media/intake';
import { SANDBOX_TEST_IMPRINTS } from '../../src/shared/domain/publishing/imprint';
import {
  AccountPace,
  DEFAULT_MAX_CONCURRENCY,
  createServiceClient,
  type ServiceClient,
} from '../../src/main/service-client';
import { openDraftsStore, type DraftsStore } from '../../src/main/storage/drafts-store';
import { photoFolder, toDataPath } from '../../src/main/storage/draft-files';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import {
  draftToListingCreateRequest,
  draftToPublicationCreateRequest,
} from '../../src/shared/domain/drafts/draft-requests';
import { servicePaths } from '../../src/shared/service/paths';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { sampleDraft } from '../../test/fixtures/drafts';
import { PHONE, PHONE_SOURCES, phoneSized } from '../photos/corpus';
import { runBound } from './bound';
import { knownPace } from './harness';

const MB = 1024 * 1024;
const ORIGINAL_QUALITY = 95;
const quiet = { info: () => undefined, error: (message: string) => console.error(message) };

/** Settings of case (d). */
export interface CaseD {
  drafts: number;
  photos: number;
  mbit: number;
  latencyMs: number;
}

/** Times the engine from Publish until every publication is acknowledged (run.ts's `engine`). */
export type EngineRun = (
  client: ServiceClient,
  dataDir: string,
  store: DraftsStore,
  drafts: Draft[],
) => Promise<number>;

/** Runs case (d), prints its table; resolves true when both targets are met. */
export async function runCaseD(settings: CaseD, engine: EngineRun): Promise<boolean> {
  const { drafts: count, photos, mbit, latencyMs } = settings;
  const work = await mkdtemp(path.join(tmpdir(), 'publish-bench-d-'));
  const dataDir = path.join(work, 'data');
  const sb = await startSandbox({ port: 0, latencyMs, bandwidthMbit: mbit, validationDelayMs: 0 });
  const store = await openDraftsStore(dataDir, { log: quiet });
  try {
    console.log(
      `(d) ${count} drafts x ${photos} photos of 12 MP over --bandwidth ${mbit} --latency ${latencyMs}` +
        ` [originals: pictures of bench/photos's corpus (see corpus.ts), ${PHONE.width} x ${PHONE.height}, JPEG ${ORIGINAL_QUALITY}]`,
    );
    const originals = await phoneOriginals(path.join(work, 'originals'), photos);
    const stored = await intakeOnce(originals, path.join(work, 'intake'));
    const engineDrafts = await draftsOf(dataDir, store, count, stored);
    // The naive side gets drafts too (for its request bodies); its photos are the originals.
    const naiveDrafts = await draftsOf(dataDir, store, count, stored);

    const pace = new AccountPace();
    const client = knownPace(
      createServiceClient({
        authUrl: sb.authUrl,
        baseUrl: sb.baseUrl,
        clientId: sb.clients[0]!.clientId,
        authScheme: 'bearer',
        getSecret: async () => sb.clients[0]!.clientSecret,
        pace,
      }),
      pace,
    );
    await client.fetchToken();

    let before = sb.traffic().received;
    const naiveMs = await naive(sb, naiveDrafts, originals);
    const naiveBytes = sb.traffic().received - before;
    before = sb.traffic().received;
    const engineMs = await engine(client, dataDir, store, engineDrafts);
    const engineBytes = sb.traffic().received - before;

    // The token is fetched before the clock starts, as the app holds one (see bound.ts for the rest).
    const bound = runBound({
      drafts: count,
      photos,
      imprints: 1,
      latencyMs,
      maxInFlight: DEFAULT_MAX_CONCURRENCY,
      mbit,
      bytes: engineBytes,
    });
    const boundMs = bound.ms;
    const ratio = naiveMs / engineMs;
    const ofBound = engineMs / boundMs;
    const ratioOk = ratio >= 20;
    const boundOk = ofBound <= 1.3;
    const originalBytes = originals.reduce((sum, o) => sum + o.bytes, 0) / originals.length;
    const storedBytes = stored.reduce((sum, s) => sum + s.bytes, 0) / stored.length;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    console.log(
      `    photo: original ${mb(originalBytes)} (${PHONE.width}x${PHONE.height}), as the engine sends it ${mb(storedBytes)} ` +
        `(${stored[0]!.width}x${stored[0]!.height}), averages`,
    );
    const rows: [string, string, string, string][] = [
      ['', 'time', 'bytes sent', 'note'],
      ['naive (originals, one call at a time)', s(naiveMs), mb(naiveBytes), ''],
      ['engine (defaults)', s(engineMs), mb(engineBytes), ''],
      ['engine lower bound', s(boundMs), '', bound.how],
      ['ratio naive / engine', `${ratio.toFixed(1)}x`, '', `target >= 20x: ${ratioOk ? 'PASS' : 'FAIL'}`],
      ['engine / lower bound', `${ofBound.toFixed(2)}x`, '', `target <= 1.3x: ${boundOk ? 'PASS' : 'FAIL'}`],
    ];
    for (const [name, time, bytes, note] of rows) {
      console.log(`    ${name.padEnd(38)} ${time.padStart(9)} ${bytes.padStart(11)}  ${note}`);
    }
    return ratioOk && boundOk;
  } finally {
    await store.close();
    await sb.close();
    await rm(work, { recursive: true, force: true });
  }
}

interface Original {
  file: string;
  bytes: number;
}

/**
 * `n` distinct 12 MP originals: pictures of the corpus (bench/photos; photographs but two renders),
 * phone-sized, at the quality a phone's camera writes (95).
 */
async function phoneOriginals(dir: string, n: number): Promise<Original[]> {
  await mkdir(dir, { recursive: true });
  const out: Original[] = [];
  for (let i = 0; i < n; i += 1) {
    const jpeg = await phoneSized(PHONE_SOURCES[i % PHONE_SOURCES.length]!.file, ORIGINAL_QUALITY);
    const file = path.join(dir, `IMG_${i + 1}.jpg`);
    await writeFile(file, jpeg);
    out.push({ file, bytes: jpeg.length });
  }
  return out;
}

/** Each original through the app's intake once (its defaults); drafts get copies of the results. */
async function intakeOnce(originals: readonly Original[], destDir: string): Promise<StoredPhoto[]> {
  await mkdir(destDir, { recursive: true });
  const out: StoredPhoto[] = [];
  for (const original of originals) {
    const result = await intakePhoto({ path: original.file }, { destDir });
    if (!result.ok) throw new Error(`intake of ${original.file}: ${result.message}`);
    out.push(result.photo);
  }
  return out;
}

async function draftsOf(
  dataDir: string,
  store: DraftsStore,
  count: number,
  stored: readonly StoredPhoto[],
): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await store.create({ accountId: 'sandbox' });
    const folder = photoFolder(dataDir, created.id);
    await mkdir(folder, { recursive: true });
    const photos = [];
    for (const [p, photo] of stored.entries()) {
      const file = path.join(folder, `p${p + 1}${path.extname(photo.file)}`);
      const thumb = path.join(folder, `p${p + 1}.thumb.jpg`);
      await copyFile(photo.file, file);
      await copyFile(photo.thumb, thumb);
      photos.push({
        ...photo,
        id: `p${p + 1}`,
        file: toDataPath(dataDir, file),
        thumb: toDataPath(dataDir, thumb),
        originalName: `IMG_${p + 1}.jpg`,
      });
    }
    const base = sampleDraft(created.id, {
      title: `Case d ${i + 1}`,
      customReference: null,
      createdAt: created.createdAt,
      updatedAt: created.updatedAt,
      photos,
    });
    drafts.push(await store.save({ ...base, publication: { ...base.publication, imprintUuid: null } }));
  }
  return drafts;
}

/** The naive client over plain fetch; resolves with its time in ms. */
async function naive(sb: Sandbox, drafts: readonly Draft[], originals: readonly Original[]): Promise<number> {
  const { clientId, clientSecret } = sb.clients[0]!;
  let token = '';
  const call = async (method: string, route: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${sb.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`naive ${method} ${route}: ${res.status} ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  };
  const started = performance.now();
  let imprintUuid: string | null = null;
  for (const draft of drafts) {
    // A browser-driven tool signs in for each listing it fills in.
    const tokenRes = await fetch(`${sb.authUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        audience: 'consumer-goods-api',
      }).toString(),
    });
    token = ((await tokenRes.json()) as { access_token: string }).access_token;
    imprintUuid ??= (
      (await call('POST', servicePaths.imprints(), { content: SANDBOX_TEST_IMPRINTS.en })) as { uuid: string }
    ).uuid;
    const { uuid } = (await call('POST', servicePaths.listings(), draftToListingCreateRequest(draft))) as {
      uuid: string;
    };
    for (const original of originals) {
      const ticket = (await call('POST', servicePaths.media(), { mediaType: 'image/jpeg' })) as {
        ticketUuid: string;
        signedPutUrl: string;
      };
      const put = await fetch(ticket.signedPutUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: await readFile(original.file),
      });
      await put.arrayBuffer();
      if (!put.ok) throw new Error(`naive PUT: ${put.status}`);
      await call('POST', servicePaths.listingMedia(uuid), { ticketUuid: ticket.ticketUuid });
    }
    await call(
      'POST',
      servicePaths.publications(uuid),
      draftToPublicationCreateRequest({ ...draft, publication: { ...draft.publication, imprintUuid } }),
    );
  }
  return performance.now() - started;
}
