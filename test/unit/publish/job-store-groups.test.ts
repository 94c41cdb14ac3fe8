// The job store's grouped saves (issue 38.1): the saves of several jobs that come in together are
// written in one group with one sync of the jobs folder; a job whose file cannot be written fails
// alone; a save asked for while the job's previous write is on its way carries what the record
// holds when its own group starts. Real files, the syncs observed through the handles really synced.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readlinkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openJobStore, type JobStore } from '../../../src/main/publish/jobs/job-store';
import type { JobRecord } from '../../../src/main/publish/jobs/job-record';
import { tempDir } from '../helpers/temp-app';

let temp: ReturnType<typeof tempDir>;
let store: JobStore;
beforeEach(async () => {
  temp = tempDir();
  store = await openJobStore(temp.dir);
});
afterEach(() => {
  vi.restoreAllMocks();
  temp.remove();
});

const job = (step: string) => ({ id: randomUUID(), step }) as unknown as JobRecord & { step: string };
const onDisk = (record: JobRecord) =>
  JSON.parse(readFileSync(path.join(store.dir, `${record.id}.json`), 'utf8')) as { step: string };

/** The paths of every file handle synced from now on. */
async function watchSyncs(): Promise<string[]> {
  const handle = await open(path.join(temp.dir, 'probe'), 'w');
  await handle.close();
  const proto = Object.getPrototypeOf(handle) as { sync(): Promise<void> };
  const original = proto.sync;
  const seen: string[] = [];
  vi.spyOn(proto, 'sync').mockImplementation(async function (this: { fd: number }) {
    seen.push(readlinkSync(`/proc/self/fd/${this.fd}`));
    return original.call(this);
  });
  return seen;
}

describe('job store: grouped saves', () => {
  it('writes the saves of several jobs made together with one sync of the jobs folder', async () => {
    const jobs = Array.from({ length: 5 }, (_, n) => job(`listing ${n}`));
    const seen = await watchSyncs();
    await Promise.all(jobs.map((record) => store.save(record)));
    expect(jobs.map((record) => onDisk(record).step)).toEqual(jobs.map((record) => record.step));
    expect(seen.filter((file) => file === store.dir)).toHaveLength(1);
    expect(seen.filter((file) => file.endsWith('.tmp'))).toHaveLength(5);
  });

  it('fails only the job whose file cannot be written', async () => {
    const [good, blocked] = [job('good'), job('blocked')];
    mkdirSync(path.join(store.dir, `${blocked.id}.json`, 'inside'), { recursive: true });
    const results = await Promise.allSettled([store.save(good), store.save(blocked)]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: undefined });
    expect(results[1]).toMatchObject({ status: 'rejected' });
    expect(onDisk(good).step).toBe('good');
  });

  it('a save made while the job is being written goes into the next group with the state of then', async () => {
    const record = job('ticket');
    const first = store.save(record);
    // The group has started (one turn of the event loop) and serialized 'ticket'.
    await new Promise((resolve) => setImmediate(resolve));
    record.step = 'uploaded';
    const second = store.save(record);
    record.step = 'attach sent';
    await first;
    await second;
    expect(onDisk(record).step).toBe('attach sent');
    await store.flush();
  });
});
