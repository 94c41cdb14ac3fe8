// Dropping 50 photos at once: all stored, in order, with progress up to 50; and a cancel that
// stops what has not started and keeps what is stored.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeFailure, IntakeResult } from '../../../src/main/media/intake';
import { defaultIntakeConcurrency, intakeMany } from '../../../src/main/media/intake-queue';
import { photoLike } from './corpus';

let work: string;
let sources: Array<{ path: string }>;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ld-queue-'));
  await mkdir(path.join(work, 'dropped'));
  sources = [];
  for (let i = 1; i <= 50; i++) {
    const file = path.join(work, 'dropped', `Foto ${i}.jpg`);
    await writeFile(file, await photoLike(400, 300, i).jpeg().toBuffer());
    sources.push({ path: file });
  }
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('intakeMany', () => {
  it('runs at least two at a time by default', () => {
    expect(defaultIntakeConcurrency()).toBeGreaterThanOrEqual(2);
  });

  it('takes 50 photos dropped at once, reporting progress up to 50, results in drop order', async () => {
    const destDir = path.join(work, 'photos', 'fifty');
    const progress: number[] = [];
    const results = await intakeMany(sources, {
      destDir,
      onProgress: (done, total, last) => {
        expect(total).toBe(50);
        expect(last.ok).toBe(true);
        progress.push(done);
      },
    });
    expect(progress).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(results.map((r) => (r.ok ? r.photo.originalName : r.code))).toEqual(
      Array.from({ length: 50 }, (_, i) => `Foto ${i + 1}.jpg`),
    );
    expect(await readdir(destDir)).toHaveLength(100);
  });

  it('a cancel stops the photos not yet started and keeps the stored ones', async () => {
    const destDir = path.join(work, 'photos', 'cancelled');
    const controller = new AbortController();
    const results: IntakeResult[] = await intakeMany(sources, {
      destDir,
      concurrency: 2,
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 5) controller.abort();
      },
    });
    const ok = results.filter((r) => r.ok);
    const cancelled = results.filter((r): r is IntakeFailure => !r.ok && r.code === 'cancelled');
    expect(ok.length).toBeGreaterThanOrEqual(5);
    expect(ok.length).toBeLessThan(10);
    expect(ok.length + cancelled.length).toBe(50);
    expect(cancelled[0]?.message).toMatch(/“Foto \d+\.jpg” was not added because the import was cancelled/);
    // Exactly the photos reported as stored are on disk (image and thumbnail), nothing half-written.
    expect(await readdir(destDir)).toHaveLength(ok.length * 2);
  });

  it('an onProgress that throws stops the queue and surfaces the error', async () => {
    await expect(
      intakeMany(sources.slice(0, 6), {
        destDir: path.join(work, 'photos', 'throwing'),
        onProgress: () => {
          throw new Error('renderer went away');
        },
      }),
    ).rejects.toThrow('renderer went away');
  });
});
