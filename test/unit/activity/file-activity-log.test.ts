// The lone desktop's activity log (issue 37.5): JSON lines in the data folder, one file a month,
// flushed before `record` resolves; a torn last line (a crash mid-write) costs only that line; a
// month past two years goes; filters as in a team.
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFileActivityLog } from '../../../src/main/activity';
import { tempDir } from '../helpers/temp-app';

const folders: Array<{ remove(): void }> = [];
afterEach(() => folders.splice(0).forEach((folder) => folder.remove()));

const desk = { id: 'this-desktop', name: 'Werkbank' };

function opened(now: { at: Date }) {
  const folder = tempDir('listing-desk-activity-');
  folders.push(folder);
  const warned: string[] = [];
  const log = openFileActivityLog({
    dataDir: folder.dir,
    desk,
    now: () => now.at,
    log: { warn: (line) => warned.push(line) },
  });
  return { log, dir: path.join(folder.dir, 'activity'), warned, dataDir: folder.dir };
}

describe('the lone desktop activity log', () => {
  it('appends rows, reads them newest first with filters, and keeps both times', async () => {
    const now = { at: new Date('2026-12-07T10:00:00Z') };
    const { log, dir } = opened(now);
    await log.record({
      kind: 'publish',
      account: 'acc-1',
      ad: 'L-1',
      draft: 'd-1',
      changed: { outcome: 'published' },
    });
    now.at = new Date('2026-12-07T11:00:00Z');
    await log.record({ kind: 'pause', account: 'acc-2', ad: 'L-2', madeAt: '2026-12-07T10:30:00.000Z' });
    await log.record({ kind: 'end', account: 'acc-1', ad: 'L-1', madeAt: '2030-01-01T00:00:00.000Z' });
    expect(readdirSync(dir)).toEqual(['2026-12.jsonl']);
    expect(readFileSync(path.join(dir, '2026-12.jsonl'), 'utf8').split('\n')).toHaveLength(4);

    const all = await log.list({});
    expect(all.map((entry) => entry.kind)).toEqual(['end', 'pause', 'publish']);
    expect(all[1]).toMatchObject({
      desk,
      running: desk,
      madeAt: '2026-12-07T10:30:00.000Z',
      recordedAt: '2026-12-07T11:00:00.000Z',
    });
    // A time made in the future is not believed: it is when the row arrived.
    expect(all[0]!.madeAt).toBe('2026-12-07T11:00:00.000Z');
    expect((await log.list({ account: 'acc-1' })).map((e) => e.kind)).toEqual(['end', 'publish']);
    expect((await log.list({ ad: 'd-1' })).map((e) => e.kind)).toEqual(['publish']);
    expect((await log.list({ kinds: ['pause', 'publish'] })).map((e) => e.kind)).toEqual([
      'pause',
      'publish',
    ]);
    expect((await log.list({ desk: 'werkbank' })).length).toBe(3);
    expect(await log.list({ desk: 'Theke' })).toEqual([]);
    expect((await log.list({ since: '2026-12-07T10:30:00Z' })).map((e) => e.kind)).toEqual(['end', 'pause']);
    expect((await log.list({ until: '2026-12-07T10:30:00Z' })).map((e) => e.kind)).toEqual(['publish']);
    expect((await log.list({ limit: 1 })).map((e) => e.kind)).toEqual(['end']);
  });

  it('loses only a torn last line, and the next row starts on a line of its own', async () => {
    const now = { at: new Date('2026-12-07T10:00:00Z') };
    const { log, dir, warned } = opened(now);
    await log.record({ kind: 'publish', ad: 'L-1' });
    appendFileSync(path.join(dir, '2026-12.jsonl'), '{"id":"torn","kind":"pa');
    await log.record({ kind: 'end', ad: 'L-1' });
    expect((await log.list({})).map((e) => e.kind)).toEqual(['end', 'publish']);
    expect(warned).toEqual(['Activity: 1 line(s) of the activity log could not be read']);
  });

  it('keeps two years: a month file older than that goes, the ones within stay', async () => {
    const now = { at: new Date('2026-12-07T10:00:00Z') };
    const { log, dir } = opened(now);
    mkdirSync(dir, { recursive: true });
    const old = (month: string) =>
      writeFileSync(
        path.join(dir, `${month}.jsonl`),
        JSON.stringify({
          id: month,
          kind: 'end',
          desk,
          asking: null,
          approving: null,
          running: desk,
          account: null,
          ad: null,
          draft: null,
          job: null,
          changed: {},
          madeAt: `${month}-15T00:00:00.000Z`,
          recordedAt: `${month}-15T00:00:00.000Z`,
        }) + '\n',
      );
    old('2024-11');
    old('2024-12');
    old('2025-06');
    expect((await log.list({})).map((e) => e.id)).toEqual(['2025-06', '2024-12']);
    expect(existsSync(path.join(dir, '2024-11.jsonl'))).toBe(false);
    now.at = new Date('2027-01-02T00:00:00Z');
    await log.record({ kind: 'pause' });
    expect(readdirSync(dir).sort()).toEqual(['2025-06.jsonl', '2027-01.jsonl']);
  });
});
