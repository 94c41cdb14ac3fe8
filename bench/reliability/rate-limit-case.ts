// One case of the rate-limit benchmark (rate-limit.ts), the same for a lone desk and for the desks of
// a shop: the feed's ads are put on the service and the feed run once before the limit is set (as its
// earlier run would have left them), the drafts made with a photo each; then the service limits the
// account's client to RATE writes a second (a burst of RATE; 429 with Retry-After beyond), Publish is
// pressed for the drafts on one desk while the feed runs on another (or the same), and the case ends
// once no job is open. Printed, each with its target: drafts published, jobs not published, the feed's
// updates and failures, duplicates (references with more than one listing, listings with more than
// one visible publication), the calls and the share answered 429, and the time against the writes
// that passed ÷ the rate.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sandbox } from '../../src/sandbox';
import type { FeedView } from '../../src/shared/domain/feeds/feed';
import type { FeedRun } from '../../src/shared/domain/feeds/feed-run';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import {
  isOpenJobState,
  type PublishJobView,
  type PublishStartResult,
  type PublishState,
} from '../../src/shared/domain/publishing/publish-job';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { sampleDraft } from '../../test/fixtures/drafts';
import { colourFor, solidPng } from '../../test/fixtures/images';
import { clientOf } from '../../test/integration/publish/ports';
import { Api } from '../../test/integration/sandbox/helpers';

/** A desk as the benchmark drives it: its back end's calls. */
export interface CaseDesk {
  name: string;
  call<T>(channel: string, input?: unknown): Promise<T>;
}

export interface RateCase {
  title: string;
  /** The service, limited during the run; its first client is the account's. */
  sb: Sandbox;
  accountId: string;
  /** Makes the drafts (in its account in use) and presses Publish. */
  publisher: CaseDesk;
  /** Runs the feed. */
  feeder: CaseDesk;
  /** Every desk (whose jobs are read: a job as the desk running it shows it). */
  desks: readonly CaseDesk[];
  /** Resolves once every desk can run the drafts' jobs (a shop's desks: the drafts came over). */
  ready?(draftIds: readonly string[]): Promise<void>;
  /** Hears how the run goes (every 15 s). */
  step?(what: string): void;
  work: string;
  drafts: number;
  rate: number;
  feed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const price = (r: number, cheaper: boolean) => 10 + r - (cheaper && r % 2 === 0 ? 1 : 0);

/** How many jobs are in each state, e.g. "published 12, running 3". */
function stateCounts(jobs: readonly PublishJobView[]): string {
  const counts = new Map<string, number>();
  for (const job of jobs) counts.set(job.state, (counts.get(job.state) ?? 0) + 1);
  return [...counts].map(([state, n]) => `${state} ${n}`).join(', ') || 'none yet';
}

/** Each job as the desk running it shows it (a lone desk: its own). */
async function runnersViews(desks: readonly CaseDesk[]): Promise<PublishJobView[]> {
  const views = new Map<string, PublishJobView>();
  for (const desk of desks)
    for (const job of (await desk.call<PublishState>('publish:list')).jobs)
      if (job.desk?.here || !views.has(job.id)) views.set(job.id, job);
  return [...views.values()];
}

/** The service's records: references with more than one listing, listings with more than one visible publication. */
async function duplicatesOn(sb: Sandbox) {
  const client = clientOf(sb, 30_000);
  const listings = await client.listListings();
  const perReference = new Map<string, number>();
  for (const listing of listings) {
    const key = listing.customReference ?? listing.uuid;
    perReference.set(key, (perReference.get(key) ?? 0) + 1);
  }
  let publications = 0;
  let twice = 0;
  for (const listing of listings) {
    const visible = (await client.listPublications(listing.uuid)).filter(
      (item) => item.requestedState !== 'PAUSED',
    ).length;
    publications += visible;
    if (visible > 1) twice += 1;
  }
  return {
    listings: listings.length,
    references: [...perReference.values()].filter((n) => n > 1).length,
    publications,
    twice,
  };
}

/** Runs one case (see the top of this file) and prints its figures. */
export async function runRateCase(c: RateCase): Promise<void> {
  const { sb, publisher, feeder } = c;
  const changed = Math.floor(c.feed / 2);
  const table = (cheaper: boolean) =>
    `SKU;Titel;Preis;Bestand\n${Array.from(
      { length: c.feed },
      (_, r) => `F-${r + 1};Artikel ${r + 1};${price(r, cheaper)};3`,
    ).join('\n')}\n`;
  // The feed's bare listings carry the fixtures' category, which the shipped catalog need not know.
  sb.setQuirks({ categoryPaths: 'any', attributeValues: 'any' });
  const api = await Api.login(sb, sb.clients[0]);
  for (let r = 0; r < c.feed; r += 1)
    await api.listing({
      title: `Artikel ${r + 1}`,
      customReference: `F-${r + 1}`,
      price: { type: 'FIXED', amount: price(r, false) },
    });
  const file = path.join(c.work, 'lager.csv');
  await writeFile(file, table(false));
  const feed = await feeder.call<FeedView>('feeds:save', {
    settings: {
      name: 'bench',
      source: { kind: 'file', path: file },
      accountId: c.accountId,
      referenceColumn: 'SKU',
      stockColumn: 'Bestand',
    },
  });
  await feeder.call<FeedRun>('feeds:run', { id: feed.id });
  await writeFile(file, table(true));

  const photos = path.join(c.work, 'photos');
  await mkdir(photos, { recursive: true });
  const ids: string[] = [];
  for (let n = 1; n <= c.drafts; n += 1) {
    const created = await publisher.call<Draft>('drafts:create');
    const fields = draftFieldsOf(
      sampleDraft(
        created.id,
        { title: `Drossel ${n}`, description: `Artikel ${n}.`, customReference: `RATE-${n}` },
        0,
      ),
    );
    await publisher.call('drafts:save', {
      draft: { ...fields, publication: { ...fields.publication, imprintUuid: null } },
    });
    const photo = path.join(photos, `p${n}.png`);
    await writeFile(photo, solidPng(colourFor(n), 48));
    await publisher.call('drafts:add-photos', { draftId: created.id, batchId: `b${n}`, paths: [photo] });
    ids.push(created.id);
  }
  await c.ready?.(ids);

  const client = sb.clients[0]!.clientId;
  sb.setRateLimit({ writesPerSecond: c.rate, burst: c.rate });
  sb.resetStats();
  const started = performance.now();
  const running = feeder.call<FeedRun>('feeds:run', { id: feed.id });
  const { results } = await publisher.call<{ results: PublishStartResult[] }>('publish:start', {
    draftIds: ids,
  });
  const refused = results.filter((result) => result.error);
  if (refused.length > 0)
    throw new Error(
      `Publish refused ${refused.length} drafts: ${refused
        .slice(0, 3)
        .map((result) => `${result.error!.problem} ${result.error!.detail ?? ''}`)
        .join('; ')}`,
    );
  let jobs: PublishJobView[];
  let shown = started;
  for (;;) {
    jobs = await runnersViews(c.desks);
    if (jobs.length >= ids.length && !jobs.some((job) => isOpenJobState(job.state))) break;
    if (performance.now() - shown > 15_000) {
      shown = performance.now();
      c.step?.(`jobs: ${stateCounts(jobs)}`);
    }
    await sleep(200);
  }
  const run = await running;
  const seconds = (performance.now() - started) / 1000;
  const figures = sb.rateLimitCounts(client);
  sb.setRateLimit({});

  const found = await duplicatesOn(sb);
  const published = jobs.filter((job) => job.state === 'published').length;
  const failed = jobs.filter((job) => job.state !== 'published');
  const limited = jobs.filter((job) => job.error?.problem === 'rate-limited').length;
  const ran = c.desks.map((desk) => {
    const here = jobs.filter((job) => (job.desk ? job.desk.runner === desk.name : true)).length;
    return `${desk.name} ${here}`;
  });
  const ideal = (figures.writes - figures.limitedWrites) / c.rate;
  const share = (figures.limited / figures.calls) * 100;
  const failures = failed
    .slice(0, 5)
    .map((job) => `${job.state} ${job.error?.problem ?? ''}`)
    .join(', ');
  console.log(
    `${c.title}: ${c.drafts} drafts published and a feed of ${c.feed} ads (${changed} prices changed) at once, ${c.rate} writes/s (burst ${c.rate})`,
  );
  console.log(
    `  drafts published: ${published} of ${c.drafts}; jobs not published: ${failed.length}${failures ? ` (${failures})` : ''}, failed for the limit: ${limited} (target 0); jobs run: ${ran.join(', ')}`,
  );
  console.log(`  feed run (${feeder.name}): ${run.counts.update} updated, ${run.failed} failed (target 0)`);
  console.log(
    `  duplicates: references with more than one listing ${found.references}, listings with more than one visible publication ${found.twice} (target 0 and 0); listings ${found.listings} for ${c.drafts + c.feed} ads, visible publications ${found.publications}`,
  );
  console.log(
    `  calls ${figures.calls} (${figures.writes} writes, ${figures.reads} reads), answered 429: ${figures.limited} (${share.toFixed(1)} %, target ≤ 5 %)`,
  );
  console.log(
    `  time ${seconds.toFixed(1)} s, writes that passed ÷ rate ${ideal.toFixed(1)} s: ${(seconds / ideal).toFixed(2)}× (target ≤ 1.2)`,
  );
}
