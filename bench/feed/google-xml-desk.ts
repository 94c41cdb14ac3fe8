// The planning process of bench/feed/google-xml.ts: the app over a fresh data folder, an account of
// the listing service in the other process (no ads), the shop's categories mapped, the feed added.
// It answers commands on standard input with one line of JSON each:
//   first  the first plan: its time, what it planned, this process's peak RSS (VmHWM) so far and
//          the peak RSS of the child that planned it (its own VmHWM, reported at its end)
//   small  a smaller feed of the same kind added (drafts only) and run once
//   again  that feed run again (its server's file unchanged): time, drafts, whether it was unchanged
//   exit   closes the app and ends
// It trusts the feed server through NODE_EXTRA_CA_CERTS, as a seller's machine would a shop's CA.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createApp } from '../../src/main/app';
import { silentLog, type Log } from '../../src/main/log/log';
import { nodePlanChild } from '../../src/main/feeds/plan-child-node';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { FeedView } from '../../src/shared/domain/feeds/feed';
import type { FeedPlan, FeedRun } from '../../src/shared/domain/feeds/feed-run';
import type { DraftsListResult } from '../../src/shared/ipc/types';
import { addRealAccount } from '../../test/helpers/real-account';
import { SHOP_DEFAULTS } from '../../test/integration/feeds/helpers/shop-defaults';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/** A line of /proc/self/status in MB: VmHWM the peak resident set, VmRSS the present one. */
function statusMb(field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}
const peakRssMb = () => statusMb('VmHWM');

// A large feed's plan in a process of its own, as the web shell and the packaged app make it; the
// child reports its peak RSS at its end, which the port logs.
let childPeakMb: number | undefined;
const planLog: Log = {
  ...silentLog,
  info(message, fields) {
    if (typeof fields?.peakRssMb === 'number') childPeakMb = fields.peakRssMb;
  },
  child: () => planLog,
};
// BENCH_PLAN_CHILD_MIN_BYTES: the size from which a feed is planned in a child (the app's own by default).
const minBytes = process.env.BENCH_PLAN_CHILD_MIN_BYTES;
const planChild = nodePlanChild(planLog, {
  entry: { entry: env('BENCH_PLAN_CHILD'), execArgv: [] },
  ...(minBytes !== undefined && { minBytes: Number(minBytes) }),
});
const app = await createApp(
  {
    shell: 'web',
    dataDir: env('BENCH_DATA_DIR'),
    version: 'bench',
    systemLocale: 'de-DE',
    automation: { run: false },
  },
  {
    storeFactory: confStoreFactory,
    secretStore: createSessionSecretStore('benchmark'),
    log: silentLog,
    planChild,
  },
);
const call = async <T>(channel: string, input?: unknown): Promise<T> => {
  const result = await app.router.call(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
};
const account = await addRealAccount(
  { call },
  { authUrl: env('BENCH_AUTH_URL'), baseUrl: env('BENCH_BASE_URL') },
  {
    name: 'Bench',
    client: { clientId: env('BENCH_CLIENT_ID'), clientSecret: env('BENCH_CLIENT_SECRET') },
    select: true,
    imprint: true,
  },
);
await call('accounts:set-defaults', { id: account.id, defaults: SHOP_DEFAULTS });
for (const [shopCategory, path] of [
  ['Haushalt', 'Multimedia_Elektronik/Haushaltsgeraete'],
  ['Wohnen', 'Haus_Garten/Wohnzimmer'],
  ['Mode', 'Mode_Beauty/Kleidung_Herren'],
  ['Garten', 'Haus_Garten/Garten_Pflanzen'],
] as const)
  await call('categories:map', { shopCategory, path });
const feed = await call<FeedView>('feeds:save', {
  settings: {
    name: 'Google 50k',
    source: { kind: 'url', url: env('BENCH_FEED_URL') },
    accountId: account.id,
    publish: true,
    allowPrivateAddresses: true,
  },
});
const small = await call<FeedView>('feeds:save', {
  settings: {
    name: 'Google small',
    source: { kind: 'url', url: env('BENCH_SMALL_URL') },
    accountId: account.id,
    publish: false,
    allowPrivateAddresses: true,
  },
});
const drafts = async () => (await call<DraftsListResult>('drafts:list', {})).items.length;

/** Plans the feed; answers its time and what it planned. */
async function plan() {
  const started = performance.now();
  const planned = await call<FeedPlan>('feeds:plan', { id: feed.id });
  return {
    ms: Math.round(performance.now() - started),
    format: planned.format ?? null,
    rows: planned.rows,
    counts: planned.counts,
    held: planned.held.map((h) => h.reason),
  };
}

/** Runs the small feed; answers its time and what it did. */
async function run() {
  const started = performance.now();
  const done = await call<FeedRun>('feeds:run', { id: small.id });
  if (done.state !== 'done') throw new Error(`the run ended ${done.state}: ${done.failure ?? ''}`);
  return {
    ms: Math.round(performance.now() - started),
    counts: done.counts,
    unchanged: done.unchanged ?? false,
  };
}

const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
say({ step: 'ready', rssMb: peakRssMb(), rssNowMb: statusMb('VmRSS') });
for await (const line of createInterface({ input: process.stdin })) {
  const command = line.trim();
  try {
    if (command === 'first')
      say({
        step: 'first',
        ...(await plan()),
        rssMb: peakRssMb(),
        childRssMb: childPeakMb ?? null,
        drafts: await drafts(),
      });
    else if (command === 'small') say({ step: 'small', ...(await run()), drafts: await drafts() });
    else if (command === 'again') say({ step: 'again', ...(await run()), drafts: await drafts() });
    else if (command === 'exit') break;
  } catch (error) {
    say({ step: command, error: error instanceof Error ? error.message : String(error) });
  }
}
await app.close();
process.exit(0);
