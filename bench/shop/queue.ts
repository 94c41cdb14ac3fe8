// Benchmark of the shop's publish queue (issue 24.10): 60 drafts of 2 photos published
//   (1) by one desk alone (no shop: the engine as every lone desk runs it), and
//   (2) by three desks of a shop through one queue (Publish pressed on one desk; all three claim),
// against one sandbox with 30 ms latency per request, on a real PostgreSQL (Debian's, started in a
// temporary folder as the shop suite does). Both stop once every ad is live. Printed: the times,
// the ratio alone / three desks (target >= 1.0), the listings per reference (0 duplicates) and how
// many jobs each desk ran.
// Run: node --import tsx bench/shop/queue.ts [--drafts 60] [--photos 2]
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { openPublishEngine, type PublishEngine } from '../../src/main/publish/engine';
import { openShopClaims, type ShopClaims } from '../../src/main/shop/claims/job-claims';
import { openDraftsStore, type DraftsStore } from '../../src/main/storage/drafts-store';
import { fromDataPath } from '../../src/main/storage/draft-files';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { sampleDraft } from '../../test/fixtures/drafts';
import { colourFor, solidPng } from '../../test/fixtures/images';
import { clientOf, sandboxAccounts } from '../../test/integration/publish/ports';
import { deskSession, initShop } from '../../test/shop/helpers/desk-session';
import { startPostgres } from '../../test/shop/helpers/postgres';

const { values } = parseArgs({ options: { drafts: { type: 'string' }, photos: { type: 'string' } } });
const DRAFTS = Number(values.drafts ?? 60);
const PHOTOS = Number(values.photos ?? 2);
const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

interface Desk {
  dir: string;
  drafts: DraftsStore;
  engine: PublishEngine;
  claims?: ShopClaims;
  close(): Promise<void>;
}

async function makeDrafts(dir: string, count: number): Promise<Draft[]> {
  const store = await openDraftsStore(dir, { log: quiet });
  const made: Draft[] = [];
  for (let n = 1; n <= count; n += 1) {
    const created = await store.create({ accountId: 'sandbox' });
    const photos = [];
    for (let p = 1; p <= PHOTOS; p += 1) {
      const bytes = solidPng(colourFor(n * 10 + p), 200 + p);
      const file = `photos/${created.id}/p${p}.png`;
      await mkdir(path.dirname(fromDataPath(dir, file)), { recursive: true });
      await writeFile(fromDataPath(dir, file), bytes);
      photos.push({
        id: `p${p}`,
        file,
        thumb: file,
        mediaType: 'image/png' as const,
        width: 10,
        height: 10,
        bytes: bytes.length,
        originalName: `IMG_${n}_${p}.png`,
      });
    }
    const base = sampleDraft(created.id, { title: `Artikel ${n}`, customReference: `SKU-${n}`, photos });
    made.push(await store.save({ ...base, publication: { ...base.publication, imprintUuid: null } }));
  }
  await store.close();
  return made;
}

async function openDesk(sb: Sandbox, dir: string, claims?: ShopClaims): Promise<Desk> {
  const drafts = await openDraftsStore(dir, { log: quiet });
  const client = clientOf(sb);
  const engine = await openPublishEngine({
    dataDir: dir,
    drafts: {
      get: (id) => drafts.get(id),
      update: (id, c) => drafts.update(id, c),
      list: () => drafts.list(),
    },
    accounts: sandboxAccounts(() => client),
    log: quiet,
    ...(claims && { claims }),
    tracking: { baseMs: 200, maxMs: 1_000 },
  });
  return {
    dir,
    drafts,
    engine,
    claims,
    async close() {
      await engine.close();
      await claims?.close();
      await drafts.close();
    },
  };
}

async function listingsPerReference(sb: Sandbox): Promise<{ listings: number; references: number }> {
  const listings = await clientOf(sb).listListings();
  return { listings: listings.length, references: new Set(listings.map((l) => l.customReference)).size };
}

async function alone(): Promise<number> {
  const sb = await startSandbox({ port: 0, latencyMs: 30, validationDelayMs: 0 });
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-shop-alone-'));
  const drafts = await makeDrafts(dir, DRAFTS);
  const desk = await openDesk(sb, dir);
  const started = performance.now();
  await desk.engine.start(drafts.map((d) => d.id));
  await desk.engine.settled();
  const ms = performance.now() - started;
  const seen = await listingsPerReference(sb);
  console.log(
    `one desk alone:        ${(ms / 1000).toFixed(2)} s, ${seen.listings} listings for ${seen.references} references`,
  );
  await desk.close();
  await sb.close();
  await rm(dir, { recursive: true, force: true });
  return ms;
}

async function threeDesks(): Promise<number> {
  const pg = await startPostgres();
  const sb = await startSandbox({ port: 0, latencyMs: 30, validationDelayMs: 0 });
  const dirs: string[] = [];
  try {
    const url = await pg.createDatabase();
    const shopId = await initShop(url);
    const desks: Desk[] = [];
    const sessions = [];
    for (const name of ['Laden', 'Lager', 'Büro']) {
      const dir = await mkdtemp(path.join(tmpdir(), 'bench-shop-desk-'));
      dirs.push(dir);
      const session = await deskSession(url, shopId, name);
      sessions.push(session);
      const claims = openShopClaims({
        membership: session.membership,
        session,
        hasSecret: async () => true,
        log: quiet,
      });
      desks.push(await openDesk(sb, dir, claims));
    }
    await desks[0]!.close();
    const drafts = await makeDrafts(dirs[0]!, DRAFTS);
    const first = openShopClaims({
      membership: sessions[0]!.membership,
      session: sessions[0]!,
      hasSecret: async () => true,
      log: quiet,
    });
    desks[0] = await openDesk(sb, dirs[0]!, first);
    const started = performance.now();
    await desks[0]!.engine.start(drafts.map((d) => d.id));
    const pool = sessions[0]!.pool;
    for (;;) {
      const open = await pool.query<{ n: number }>(
        `select count(*)::int as n from listing_desk.jobs where state <> 'published'`,
      );
      const all = await pool.query<{ n: number }>(`select count(*)::int as n from listing_desk.jobs`);
      if (open.rows[0]!.n === 0 && all.rows[0]!.n === DRAFTS) break;
      await sleep(50);
    }
    const ms = performance.now() - started;
    const seen = await listingsPerReference(sb);
    const runs = await pool.query<{ name: string; n: number }>(
      `select d.name, count(*)::int as n from listing_desk.jobs j join listing_desk.desks d on d.id = j.runner group by d.name order by d.name`,
    );
    console.log(
      `three desks, one queue: ${(ms / 1000).toFixed(2)} s, ${seen.listings} listings for ${seen.references} references; jobs run: ${runs.rows.map((r) => `${r.name} ${r.n}`).join(', ')}`,
    );
    for (const desk of desks) await desk.close();
    for (const session of sessions) await session.close();
    return ms;
  } finally {
    await sb.close();
    pg.remove();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

const one = await alone();
const three = await threeDesks();
console.log(`ratio alone / three desks: ${(one / three).toFixed(2)}x (target >= 1.0x, 0 duplicates)`);
