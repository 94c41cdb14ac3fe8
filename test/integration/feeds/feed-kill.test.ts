// A feed's run killed mid-way (issue 25.3/25.9): `feed run` in a child process, as a scheduler runs
// it, is killed with SIGKILL while it applies its plan; `feed run` again finishes that run first and
// then finds nothing left to do. Every row has exactly one draft and one ad on the service.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { tempDirsForFile } from '../../unit/helpers/temp-app';
import { cli } from '../cli/run-cli';
import { csvOf, type Product } from './helpers';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const [data, src] = tempDirsForFile('listing-desk-feed-kill-', 'listing-desk-feed-kill-src-');

const products: Product[] = Array.from({ length: 8 }, (_, i) => ({
  sku: `S-${i + 1}`,
  title: `Stuhl ${i + 1}`,
  price: `${10 + i},50`,
  stock: '2',
}));
const live = products.slice(0, 4);
/** The second version: the live ads' prices changed, four new rows. */
const v2 = [...live.map((p) => ({ ...p, price: '7' })), ...products.slice(4)];
let file: string;
beforeAll(() => {
  products.forEach((p, i) => putPhoto(src.dir, `${p.sku}.png`, i));
  file = put(src.dir, 'lager.csv', csvOf(live));
});

/** `feed run` in a child, killed with SIGKILL once it has applied `after` ads; resolves on its exit. */
function killedRun(after: number): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/cli/main.ts', 'feed', 'run', 'lager', '--data-dir', data.dir],
    { cwd: root, env: { ...process.env, LANG: 'en_US.UTF-8' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.includes(`Applying ${after}/`)) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve({ signal, stderr })));
}

const runs = (): FeedRun[] =>
  readdirSync(path.join(data.dir, 'feeds', 'runs'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(data.dir, 'feeds', 'runs', name), 'utf8')) as FeedRun)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));

const brief = (run: FeedRun) =>
  run.entries.map(
    (e) => `${e.reference}: ${e.action}/${e.outcome}${e.failure ? ` ${e.failure.message}` : ''}`,
  );

it('resumes a run killed mid-way without a second draft or ad for any row, each change made', async () => {
  // The first version goes live as it is.
  expect((await cli(['feed', 'add', 'lager', file, '--publish', '--data-dir', data.dir])).code).toBe(0);
  const first = await cli(['feed', 'run', 'lager', '--data-dir', data.dir]);
  expect(first.code).toBe(0);

  // The second: new rows become drafts (the feed no longer publishes), prices change live. It is
  // killed after two of its four new drafts, its price changes sent.
  // Four new rows to four ads is more than the share of new ads a run may make (issue 35.5): meant here.
  expect((await cli(['feed', 'add', 'lager', file, '--max-share', '60', '--data-dir', data.dir])).code).toBe(
    0,
  );
  put(src.dir, 'lager.csv', csvOf(v2));
  const killed = await killedRun(6);
  expect(killed.signal).toBe('SIGKILL');
  const cut = runs()[1]!;
  expect(cut.state).toBe('running');
  expect(cut.entries.filter((e) => e.outcome === 'pending').length).toBeGreaterThan(0);

  const again = await cli(['feed', 'run', 'lager', '--json', '--data-dir', data.dir]);
  expect(again.stderr).toContain('A run of');
  expect(again.code).toBe(0);
  const [, resumed, next] = runs();
  expect(resumed!.id).toBe(cut.id);
  expect(resumed!.state).toBe('done');
  expect(brief(resumed!)).toEqual([
    ...live.map((p) => `${p.sku}: update/done`),
    ...products.slice(4).map((p) => `${p.sku}: create/done`),
  ]);
  // The run after it found every row's ad or draft in place.
  expect(next!.counts).toMatchObject({ create: 0, update: 0, unchanged: 8 });
  expect((JSON.parse(again.stdout) as FeedRun).id).toBe(next!.id);

  const listed = await cli(['listings', '--json', '--data-dir', data.dir]);
  const listings = (
    JSON.parse(listed.stdout) as { listings: { customReference: string; adPrice: { amount: number } }[] }
  ).listings;
  expect(listings.map((l) => `${l.customReference} ${l.adPrice.amount}`).sort()).toEqual(
    live.map((p) => `${p.sku} 7`),
  );
  const status = await cli(['status', '--json', '--data-dir', data.dir]);
  const state = JSON.parse(status.stdout) as { drafts: { total: number; published: number } };
  expect(state.drafts).toMatchObject({ total: 8, published: 4 });
}, 180_000);
