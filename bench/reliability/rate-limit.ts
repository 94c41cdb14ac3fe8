// Rate limits the whole account honours (issue 36.3): 200 drafts published and a stock feed run at
// once, against the app's embedded service limiting the account to 5 writes a second (a burst of 5;
// 429 with Retry-After beyond). The feed's 100 ads are put on the service before the limit is set;
// 50 of them change their price, so the run sends 50 updates while the drafts are published.
// Prints: drafts published, duplicate listings and publications, jobs failed, the feed's ads failed,
// the calls and the share answered 429 (target ≤ 5 %), and the time against the writes that passed
// ÷ the rate (target ≤ 1.2×).
// Run: npx tsx bench/reliability/rate-limit.ts   (BENCH_DRAFTS, BENCH_RATE, BENCH_FEED to change them)
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/main/app';
import { silentLog } from '../../src/main/log/log';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { FeedView } from '../../src/shared/domain/feeds/feed';
import type { FeedRun } from '../../src/shared/domain/feeds/feed-run';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { isOpenJobState, type PublishState } from '../../src/shared/domain/publishing/publish-job';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { sampleDraft } from '../../test/fixtures/drafts';
import { colourFor, solidPng } from '../../test/fixtures/images';
import { Api } from '../../test/integration/sandbox/helpers';

const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 5);
const FEED = Number(process.env.BENCH_FEED ?? 100);
const CHANGED = Math.floor(FEED / 2);
const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-rate-'));
const price = (r: number, cheaper: boolean) => 10 + r - (cheaper && r % 2 === 0 ? 1 : 0);
const table = (cheaper: boolean) =>
  `SKU;Titel;Preis;Bestand\n${Array.from(
    { length: FEED },
    (_, r) => `F-${r + 1};Artikel ${r + 1};${price(r, cheaper)};3`,
  ).join('\n')}\n`;

try {
  const app = await createApp(
    { shell: 'web', dataDir: path.join(work, 'data'), version: 'bench', systemLocale: 'de-DE' },
    { storeFactory: confStoreFactory, secretStore: createSessionSecretStore('benchmark'), log: silentLog },
  );
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await app.router.call(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  const sb = app.sandbox.sandbox;
  sb.configure({ validationDelayMs: 300 });
  // The feed's bare listings carry the fixtures' category, which the shipped catalog need not know.
  sb.setQuirks({ categoryPaths: 'any', attributeValues: 'any' });
  const api = await Api.login(sb, sb.clients[0]);

  // The feed's ads, live before the run (as its earlier run would have left them).
  for (let r = 0; r < FEED; r += 1)
    await api.listing({
      title: `Artikel ${r + 1}`,
      customReference: `F-${r + 1}`,
      price: { type: 'FIXED', amount: price(r, false) },
    });
  const file = path.join(work, 'lager.csv');
  await writeFile(file, table(false));
  const feed = await call<FeedView>('feeds:save', {
    settings: {
      name: 'bench',
      source: { kind: 'file', path: file },
      accountId: 'sandbox',
      referenceColumn: 'SKU',
      stockColumn: 'Bestand',
    },
  });
  await call<FeedRun>('feeds:run', { id: feed.id });
  await writeFile(file, table(true));

  // The drafts, one photo each.
  const photos = path.join(work, 'photos');
  await mkdir(photos);
  const ids: string[] = [];
  for (let n = 1; n <= DRAFTS; n += 1) {
    const created = await call<Draft>('drafts:create');
    const fields = draftFieldsOf(
      sampleDraft(
        created.id,
        { title: `Drossel ${n}`, description: `Artikel ${n}.`, customReference: `RATE-${n}` },
        0,
      ),
    );
    await call('drafts:save', {
      draft: { ...fields, publication: { ...fields.publication, imprintUuid: null } },
    });
    const photo = path.join(photos, `p${n}.png`);
    await writeFile(photo, solidPng(colourFor(n), 48));
    await call('drafts:add-photos', { draftId: created.id, batchId: `b${n}`, paths: [photo] });
    ids.push(created.id);
  }

  const client = sb.clients[0]!.clientId;
  sb.setRateLimit({ writesPerSecond: RATE, burst: RATE });
  sb.resetStats();
  const started = performance.now();
  const [, run] = await Promise.all([
    call('publish:start', { draftIds: ids }),
    call<FeedRun>('feeds:run', { id: feed.id }),
  ]);
  let state: PublishState;
  for (;;) {
    state = await call<PublishState>('publish:list');
    if (!state.jobs.some((job) => isOpenJobState(job.state))) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  const figures = sb.rateLimitCounts(client);
  sb.setRateLimit({});

  const listings = (await api.call('GET', '/v1/listings')).body as {
    uuid: string;
    customReference: string | null;
  }[];
  const perReference = new Map<string, number>();
  for (const listing of listings) {
    const key = listing.customReference ?? listing.uuid;
    perReference.set(key, (perReference.get(key) ?? 0) + 1);
  }
  const duplicates = [...perReference.values()].filter((n) => n > 1).length;
  const counts = sb.stats().clients[client]!;
  const published = state.jobs.filter((job) => job.state === 'published').length;
  const failed = state.jobs.filter((job) => job.state !== 'published');
  const passedWrites = figures.writes - figures.limitedWrites;
  const ideal = passedWrites / RATE;
  console.log(
    `Rate limit: ${DRAFTS} drafts published and a feed of ${FEED} ads (${CHANGED} prices changed) at once, ${RATE} writes/s (burst ${RATE})`,
  );
  console.log(
    `  drafts published: ${published} of ${DRAFTS}; jobs not published: ${failed.length}${
      failed.length
        ? ` (${failed
            .slice(0, 5)
            .map((j) => `${j.state} ${j.error?.problem ?? ''}`)
            .join(', ')})`
        : ''
    }`,
  );
  console.log(`  feed run: ${run.counts.update} updated, ${run.failed} failed`);
  console.log(
    `  duplicate listings (references with more than one): ${duplicates}; listings ${counts.listings} for ${DRAFTS + FEED} ads; publications ${counts.publications} for ${DRAFTS} drafts`,
  );
  console.log(
    `  calls ${figures.calls} (${figures.writes} writes, ${figures.reads} reads), answered 429: ${figures.limited} (${((figures.limited / figures.calls) * 100).toFixed(1)} %, target ≤ 5 %)`,
  );
  console.log(
    `  time ${seconds.toFixed(1)} s, writes that passed ÷ rate ${ideal.toFixed(1)} s: ${(seconds / ideal).toFixed(2)}× (target ≤ 1.2)`,
  );
  await app.close();
} finally {
  await rm(work, { recursive: true, force: true });
}
