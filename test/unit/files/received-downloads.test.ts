// Files handed over by the page and exports waiting to be downloaded (issue 26.1): kept inside the
// data folder whatever name the page sends, and each download served once.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDownloads } from '../../../src/main/files/downloads';
import { KEPT_RECEIVED_FILES, openReceivedFiles, receivedName } from '../../../src/main/files/received-files';
import { attachment } from '../../../src/main/shells/web/server';
import { tempDir } from '../helpers/temp-app';

describe('received files', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());

  it.each([
    ['bestand.csv', 'bestand.csv'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\anna\\Bestand.xlsx', 'Bestand.xlsx'],
    ['..', 'file'],
    ['', 'file'],
    ['a\u0000b%2e.csv', 'ab2e.csv'],
  ])('names %j as %j, one segment', (given, kept) => {
    expect(receivedName(given)).toBe(kept);
  });

  it('writes inside its folder of the data folder, and keeps only the last few', async () => {
    const received = await openReceivedFiles(temp.dir);
    const first = await received.keep('../../escape.csv', Buffer.from('a;b\n'));
    expect(path.dirname(path.dirname(first.path))).toBe(path.join(temp.dir, 'received'));
    expect(readFileSync(first.path, 'utf8')).toBe('a;b\n');
    const later = [];
    for (let i = 0; i < KEPT_RECEIVED_FILES; i++)
      later.push(await received.keep(`f${i}.csv`, Buffer.from('x')));
    expect(existsSync(first.path)).toBe(false);
    expect(later.every((file) => existsSync(file.path))).toBe(true);
    await received.close();
    expect(existsSync(path.join(temp.dir, 'received'))).toBe(false);
  });
});

describe('downloads', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());

  it('gives a prepared file once, and nothing for other or stale addresses', async () => {
    let now = 1000;
    const downloads = await openDownloads(temp.dir, { now: () => now, keptMs: 60_000 });
    const first = await downloads.prepare('Entwürfe 2026-11-27.csv');
    writeFileSync(first.file, 'x');
    expect(first.url).toMatch(/^\/downloads\/[0-9a-f-]{36}$/);
    expect(downloads.take('/downloads/../../secret')).toBeUndefined();
    expect(downloads.take(first.url.replace('/downloads/', '/photos/'))).toBeUndefined();
    expect(downloads.take(first.url)).toEqual({ file: first.file, name: 'Entwürfe 2026-11-27.csv' });
    expect(downloads.take(first.url)).toBeUndefined();
    await downloads.discard(first.file);
    expect(existsSync(path.dirname(first.file))).toBe(false);

    const stale = await downloads.prepare('b.xlsx');
    now += 60_001;
    expect(downloads.take(stale.url)).toBeUndefined();
    await downloads.close();
  });

  it('names the file for the browser in ASCII and in UTF-8', () => {
    expect(attachment('Entwürfe (1) 2026.csv')).toBe(
      `attachment; filename="Entw_rfe (1) 2026.csv"; filename*=UTF-8''Entw%C3%BCrfe%20%281%29%202026.csv`,
    );
    expect(attachment('a"b\\c.csv')).toBe(`attachment; filename="a_b_c.csv"; filename*=UTF-8''a%22b%5Cc.csv`);
  });
});
