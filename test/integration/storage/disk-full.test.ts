// A full disk, for real: the app's data folder on a small tmpfs, filled to the last byte. Every
// writing channel answers in plain words that the disk is full and names the folder; nothing is
// half-written (no temporary file, no empty or torn JSON, no job of a publish that did not start);
// closing the app resolves; with space again, the app opens with everything it had.
// Needs root to mount the tmpfs (CI runs as root); skipped with the reason otherwise.
import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
  closeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { solidPng } from '../../fixtures/images';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';

const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-full-'));
const dataDir = path.join(mountPoint, 'data');

function mountTmpfs(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root, so no tmpfs can be mounted';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}
const cannotMount = mountTmpfs();

/** Writes zeros until the disk refuses one more byte. */
function fillDisk(): void {
  const fd = openSync(path.join(mountPoint, 'filler'), 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (let size = chunk.length; size > 0;) {
      try {
        writeSync(fd, chunk, 0, size);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        size = size >> 1;
      }
    }
  } finally {
    closeSync(fd);
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

describe.skipIf(cannotMount !== null)(`a full disk${cannotMount ? ` (skipped: ${cannotMount})` : ''}`, () => {
  let temp: TempApp;
  let draft: Draft;
  let ready: Draft;

  beforeAll(async () => {
    ready = readyDraft(dataDir, 1, { title: 'Kühlschrank', publication });
    writeDraft(dataDir, ready);
    temp = await createTempApp(dataDir);
    draft = await call<Draft>('drafts:create');
    fillDisk();
  }, 30_000);

  afterAll(async () => {
    if (cannotMount === null) execFileSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  const call = <T>(channel: string, input?: unknown) => temp.call<T>(channel, input);
  const refused = (channel: string, input?: unknown) => temp.fail(channel, input);

  const png = solidPng([200, 30, 30]).toString('base64');
  const channels: [string, () => unknown][] = [
    ['drafts:create', () => undefined],
    ['drafts:save', () => ({ draft: { ...draftFieldsOf(draft), title: 'Neu' } })],
    ['drafts:duplicate', () => ({ id: draft.id })],
    [
      'drafts:add-photo-bytes',
      () => ({ draftId: draft.id, batchId: 'b1', name: 'red.png', size: png.length, base64: png }),
    ],
    ['publish:start', () => ({ draftIds: [ready.id] })],
    [
      'accounts:save',
      () => ({ name: 'Shop', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' }),
    ],
    ['settings:set', () => ({ language: 'de' })],
  ];

  it.each(channels)('%s says the disk is full and names the folder', async (channel, input) => {
    const error = await refused(channel, input());
    expect(error.code).toBe('disk-full');
    // In the test app's language (German, its system's).
    expect(error.message).toMatch(/^Die Festplatte ist voll: In \/.* kann nichts mehr gespeichert werden\./);
    expect(error.message).toContain('Geben Sie Speicherplatz frei');
    const { folder } = error.details as { folder: string };
    expect(folder.startsWith(dataDir)).toBe(true);
    expect(error.message).toContain(folder);
  });

  // Moving to the trash is a rename plus one journal line, which may still fit in the journal's
  // last page: either it works, and stays done, or it says the disk is full.
  it('drafts:trash and drafts:restore work or say the disk is full', async () => {
    for (const channel of ['drafts:trash', 'drafts:restore']) {
      const result = await temp.app.router.call(channel, { ids: [draft.id] });
      if (!result.ok) expect(result.error).toMatchObject({ code: 'disk-full' });
    }
  });

  it('leaves no temporary, empty or torn file and no job', () => {
    const files = filesUnder(dataDir);
    expect(files.filter((f) => /\.tmp|\.part$/.test(f))).toEqual([]);
    for (const file of files.filter((f) => f.endsWith('.json'))) {
      expect(() => JSON.parse(readFileSync(file, 'utf8')), file).not.toThrow();
    }
    const jobs = path.join(dataDir, 'jobs');
    expect(readdirSync(jobs).filter((name) => name.endsWith('.json'))).toEqual([]);
  });

  it('closes cleanly on the full disk, and opens again with everything once there is space', async () => {
    await expect(temp.app.close()).resolves.toBeUndefined();
    rmSync(path.join(mountPoint, 'filler'));
    temp = await createTempApp(dataDir);
    const list = await call<DraftsListResult>('drafts:list');
    const trash = await call<DraftsListResult>('drafts:list', { trash: true });
    expect([...list.items, ...trash.items].map((item) => item.id).sort()).toEqual(
      [draft.id, ready.id].sort(),
    );
    expect((await call<Draft>('drafts:get', { id: draft.id })).title).toBe(draft.title);
    expect(list.problems).toEqual([]);
    await temp.app.close();
  }, 30_000);
});
