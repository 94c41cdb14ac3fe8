// Issue 35.7 on the command line: a Shopware-6-style Google export with an access key in its
// address, added with `feed add … --allow-private-addresses` (no reference column: the format knows
// its own), planned with `feed plan` (the format and a sample item shown) and run with `feed run`
// over two versions and an unchanged one, each command a process of its own as a scheduler runs
// it. The key lives in the OS keychain between the commands (this suite runs with a real one); the
// CLI trusts the feed server's throwaway certificate through NODE_EXTRA_CA_CERTS.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FeedPlan, FeedRun } from '../../src/shared/domain/feeds/feed-run';
import type { ListingView } from '../../src/shared/ipc/types';
import { ACCESS_KEY, shopVersion, writers } from '../fixtures/feeds/products';
import { createTempApp, tempDirsForFile } from '../unit/helpers/temp-app';
import { KEYCHAIN_SERVICE, loadKeytar } from '../../src/main/secrets/keytar-store';
import { cli } from '../integration/cli/run-cli';
import { startFeedServer, type FeedServer } from '../integration/feeds/helpers/feed-server';
import { SHOP_DEFAULTS, SHOP_MAPPINGS, filesHolding } from '../integration/feeds/helpers/product-feed-app';

const [data, certs] = tempDirsForFile('listing-desk-cli-product-feed-', 'listing-desk-cli-product-cert-');
const at = ['--data-dir', data.dir];
const EXPORT_PATH = `/store-api/product-export/${ACCESS_KEY}/google.xml`;
let server: FeedServer;
let env: NodeJS.ProcessEnv;

const serve = (version: 1 | 2) =>
  server.serve(
    EXPORT_PATH,
    writers['google-rss'](shopVersion(version, '2025-11-27T00:00+0100/2025-11-30T23:59+0100'), {
      origin: server.origin,
      accessKey: ACCESS_KEY,
    }),
    { etag: false },
  );

beforeAll(async () => {
  server = await startFeedServer(certs.dir);
  const ca = path.join(certs.dir, 'ca.pem');
  writeFileSync(ca, server.ca);
  env = { NODE_EXTRA_CA_CERTS: ca };
  // What the seller sets once in the window: the account's contact and place, the shop's categories.
  const desk = await createTempApp(data.dir);
  await desk.call('accounts:set-defaults', { id: 'sandbox', defaults: SHOP_DEFAULTS });
  for (const mapping of SHOP_MAPPINGS) await desk.call('categories:map', mapping);
  await desk.app.close();
});
afterAll(async () => {
  await server.close();
});

const listings = async () => {
  const listed = await cli(['listings', '--json', ...at], env);
  expect(listed.code, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as { listings: ListingView[] }).listings;
};

it('adds, plans and runs a Shopware Google export from the command line, its key never shown', async () => {
  const url = serve(1);
  const added = await cli(
    ['feed', 'add', 'Laden', url, '--publish', '--allow-private-addresses', ...at],
    env,
  );
  expect(added.code, added.stderr).toBe(0);
  expect(`${added.stdout}${added.stderr}`).not.toContain(ACCESS_KEY);
  expect(added.stdout).toContain('/store-api/product-export/••••/google.xml');

  const json = await cli(['feed', 'plan', 'Laden', '--json', ...at], env);
  expect(json.code, json.stderr).toBe(0);
  const plan = JSON.parse(json.stdout) as FeedPlan;
  expect(plan.format).toBe('google-rss');
  expect(plan.sample?.length).toBeGreaterThan(0);
  expect(plan.counts).toMatchObject({ create: 5 });
  const shown = await cli(['feed', 'plan', 'Laden', ...at], env);
  expect(shown.code, shown.stderr).toBe(0);
  // The format it recognized and what the sample item's fields became.
  expect(shown.stdout).toMatch(/Google/);
  expect(shown.stdout).toContain('K-100');
  expect(shown.stdout).toContain('1249');

  const first = await cli(['feed', 'run', 'Laden', ...at], env);
  expect(first.code, first.stderr).toBe(0);
  let ads = await listings();
  expect(ads.map((l) => l.customReference).sort()).toEqual(['J-300', 'K-100', 'L-400', 'R-200', 'T-500']);
  expect(ads.find((l) => l.customReference === 'K-100')).toMatchObject({ adPrice: { amount: 1249 } });

  serve(2);
  const second = await cli(['feed', 'run', 'Laden', '--json', ...at], env);
  expect(second.code, second.stderr).toBe(0);
  const run = JSON.parse(second.stdout) as FeedRun;
  expect(run.counts).toMatchObject({ create: 1, update: 2, pause: 2 });
  ads = await listings();
  expect(ads.find((l) => l.customReference === 'K-100')).toMatchObject({ adPrice: { amount: 1199 } });

  // Unchanged: one request, answered 304, nothing done.
  const seen = server.requests().length;
  const third = await cli(['feed', 'run', 'Laden', '--json', ...at], env);
  expect(third.code, third.stderr).toBe(0);
  expect((JSON.parse(third.stdout) as FeedRun).counts).toMatchObject({
    create: 0,
    update: 0,
    pause: 0,
    resume: 0,
    end: 0,
  });
  expect(server.requests().slice(seen)).toEqual([
    expect.objectContaining({ path: EXPORT_PATH, status: 304 }),
  ]);

  const list = await cli(['feed', 'list', '--json', ...at], env);
  expect(list.code, list.stderr).toBe(0);
  expect(list.stdout).toContain('••••');
  expect(list.stdout).not.toContain(ACCESS_KEY);
  for (const output of [first, second, third])
    expect(`${output.stdout}${output.stderr}`).not.toContain(ACCESS_KEY);
  expect(filesHolding(data.dir, ACCESS_KEY)).toEqual([]);

  // The key is in the keychain while the feed is; removed, the feed takes it with it.
  const keyEntries = async () =>
    (await loadKeytar().findCredentials(KEYCHAIN_SERVICE)).filter((c) => c.password === ACCESS_KEY);
  expect(await keyEntries()).toHaveLength(1);
  expect((await cli(['feed', 'remove', 'Laden', ...at], env)).code).toBe(0);
  expect(await keyEntries()).toEqual([]);
}, 240_000);
