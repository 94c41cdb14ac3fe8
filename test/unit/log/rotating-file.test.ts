// The log file rotates by size and keeps only the newest files; a failing disk never throws.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLog } from '../../../src/main/log/create-log';
import { logFiles } from '../../../src/main/log/log-files';
import { RotatingFile } from '../../../src/main/log/rotating-file';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-log-'));
  dirs.push(dir);
  return dir;
}

describe('RotatingFile', () => {
  it('rotates at the size limit and keeps `keep` old files, newest as .1', () => {
    const dir = tempDir();
    const file = path.join(dir, 'logs', 'listing-desk.log');
    const rotating = new RotatingFile({ file, maxBytes: 100, keep: 2 });
    for (let n = 0; n < 10; n += 1) rotating.write(`line ${n} ${'x'.repeat(40)}\n`);
    rotating.close();
    expect(readdirSync(path.dirname(file)).sort()).toEqual([
      'listing-desk.log',
      'listing-desk.log.1',
      'listing-desk.log.2',
    ]);
    expect(readFileSync(file, 'utf8')).toContain('line 9');
    expect(readFileSync(`${file}.1`, 'utf8')).toContain('line 7');
    expect(readFileSync(`${file}.2`, 'utf8')).toContain('line 5');
    const all = logFiles(dir)
      .map((f) => readFileSync(f, 'utf8'))
      .join('');
    expect(all).not.toContain('line 3');
    // Oldest first, so a reader sees the lines in order.
    expect(all.indexOf('line 5')).toBeLessThan(all.indexOf('line 9'));
  });

  it('appends to the file a previous run left', () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.log');
    new RotatingFile({ file, maxBytes: 1000, keep: 1 }).write('first run\n');
    const second = new RotatingFile({ file, maxBytes: 1000, keep: 1 });
    second.write('second run\n');
    second.close();
    expect(readFileSync(file, 'utf8')).toBe('first run\nsecond run\n');
  });

  it('says once that it cannot write, and does not throw', () => {
    const dir = tempDir();
    const failures: unknown[] = [];
    // A file where the folder should be: every open fails.
    const blocked = path.join(dir, 'not-a-folder');
    new RotatingFile({ file: blocked, maxBytes: 10, keep: 1 }).write('x');
    const rotating = new RotatingFile({
      file: path.join(blocked, 'a.log'),
      maxBytes: 100,
      keep: 1,
      onFailure: (error) => failures.push(error),
    });
    expect(() => {
      rotating.write('one\n');
      rotating.write('two\n');
    }).not.toThrow();
    expect(failures).toHaveLength(1);
  });
});

describe('createLog', () => {
  it('writes JSON lines with level and time to <dataDir>/logs and readable lines to stderr', () => {
    const dataDir = tempDir();
    let stderr = '';
    const log = createLog({
      dataDir,
      name: 'listing-desk web',
      stderr: { write: (t: string) => (stderr += t) },
    });
    log.debug('hidden at info');
    log.info('hello', { job: 'j1' });
    log.child({ account: 'a1' }).warn('careful');
    log.error('broke', new Error('why'));
    log.close();
    const lines = readFileSync(path.join(dataDir, 'logs', 'listing-desk.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['info', 'hello'],
      ['warn', 'careful'],
      ['error', 'broke'],
    ]);
    expect(lines[0]).toMatchObject({ job: 'j1' });
    expect(lines[1]).toMatchObject({ account: 'a1' });
    expect(lines[2]).toMatchObject({ err: { type: 'Error', message: 'why' } });
    expect(typeof lines[0]!.time).toBe('string');
    expect(stderr).toContain('[listing-desk web] hello {"job":"j1"}\n');
    expect(stderr).toContain('[listing-desk web] WARN careful {"account":"a1"}\n');
    expect(stderr).toMatch(/\[listing-desk web\] ERROR broke: Error: why\n {4}at /);
    expect(stderr).not.toContain('hidden at info');
  });
});
