// A real crash: the process that publishes (crash-child.ts: drafts store and engine) is killed with
// SIGKILL in the middle of a batch of 50 drafts, started again on the same data folder, and the
// batch completes with one listing per draft, each photo once and in order, one publication each.
// The kill lands wherever the batch is: jobs before their listing, among their photos, with a
// publication request out, tracking.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import { parseJobRecord, type JobRecord } from '../../../src/main/publish/jobs/job-record';
import { counts, expectPublished, useScenes, type Scene } from './helpers';

const scenes = useScenes();

interface Child {
  /** Resolves with the final views, or null when the child was killed. */
  done: Promise<PublishJobView[] | null>;
  kill(): void;
}

function runChild(
  { sb, d }: Scene,
  args: string[],
  onAttached?: (attached: number, child: Child) => void,
): Child {
  const process_ = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/integration/publish/crash-child.ts', ...args],
    {
      env: {
        ...process.env,
        PUBLISH_CHILD: JSON.stringify({
          dataDir: d.dataDir,
          authUrl: sb.authUrl,
          baseUrl: sb.baseUrl,
          clientId: sb.clients[0]!.clientId,
          clientSecret: sb.clients[0]!.clientSecret,
        }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let jobs: PublishJobView[] | null = null;
  const child: Child = {
    done: new Promise((resolve, reject) => {
      process_.once('error', reject);
      process_.once('exit', (code, signal) => {
        if (signal === 'SIGKILL') resolve(null);
        else if (code === 0 && jobs) resolve(jobs);
        else reject(new Error(`crash-child exited with ${String(code)}`));
      });
    }),
    kill: () => process_.kill('SIGKILL'),
  };
  createInterface({ input: process_.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { attached?: number; jobs?: PublishJobView[] };
    if (message.jobs) jobs = message.jobs;
    if (message.attached !== undefined) onAttached?.(message.attached, child);
  });
  return child;
}

async function jobRecords(dataDir: string): Promise<JobRecord[]> {
  const folder = path.join(dataDir, 'jobs');
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json'));
  return Promise.all(
    names.map(async (name) => parseJobRecord(JSON.parse(await readFile(path.join(folder, name), 'utf8')))),
  );
}

it('completes a batch without duplicates after kill -9 in the middle of it', async () => {
  const scene = await scenes.open({ latencyMs: 2 });
  const { sb, d } = scene;
  const drafts = await d.makeDrafts(50, 4, 0, 64 * 1024);
  await d.drafts.close();

  // First run: killed once 80 of the 200 photos are attached.
  let killedAt = 0;
  const first = runChild(scene, ['start', ...drafts.map((draft) => draft.id)], (attached, child) => {
    if (killedAt === 0 && attached >= 80) {
      killedAt = attached;
      child.kill();
    }
  });
  expect(await first.done).toBeNull();
  expect(killedAt).toBeGreaterThanOrEqual(80);
  // What the kill left on disk: a batch cut in the middle (some listings made, some jobs not begun).
  const records = await jobRecords(d.dataDir);
  expect(records).toHaveLength(50);
  const withListing = records.filter((record) => record.listingUuid !== null).length;
  expect(withListing).toBeGreaterThan(0);
  expect(withListing).toBeLessThan(50);

  // Second run: the engine resumes every job where it stood, and each ends published.
  const resumed = (await runChild(scene, ['resume']).done)!;
  expect(resumed).toHaveLength(50);
  expect(resumed.filter((job) => job.state !== 'published').map((job) => job.error)).toEqual([]);

  await d.reopen();
  await expectPublished(sb, d, drafts);
  expect(counts(sb)).toMatchObject({ listings: 50, media: 200, publications: 50 });
}, 60_000);
