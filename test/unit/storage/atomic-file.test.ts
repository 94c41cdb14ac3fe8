// Atomic writes are durable: the temporary file is synced before the rename and the folder after
// it, observed through the file handles the writer really syncs (their paths read from /proc). A
// write that fails leaves the old content and no temporary file, and says which file it was.
import { mkdirSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveFile, writeEachAtomic, writeFileAtomic } from '../../../src/main/storage/atomic-file';
import { tempDir } from '../helpers/temp-app';

let temp: ReturnType<typeof tempDir>;
beforeEach(() => {
  temp = tempDir();
});
afterEach(() => {
  vi.restoreAllMocks();
  temp.remove();
});

async function fileHandlePrototype(): Promise<{
  sync(): Promise<void>;
  writeFile(data: unknown): Promise<void>;
}> {
  const handle = await open(path.join(temp.dir, 'probe'), 'w');
  await handle.close();
  return Object.getPrototypeOf(handle) as never;
}

interface SyncSeen {
  path: string;
  /** The target's content at the moment of the sync. */
  target: string | null;
}

/** Records every handle sync with the synced path and what the target file held at that moment. */
async function watchSyncs(target: string): Promise<SyncSeen[]> {
  const proto = await fileHandlePrototype();
  const original = proto.sync;
  const seen: SyncSeen[] = [];
  vi.spyOn(proto, 'sync').mockImplementation(async function (this: { fd: number }) {
    let content: string | null;
    try {
      content = readFileSync(target, 'utf8');
    } catch {
      content = null;
    }
    seen.push({ path: readlinkSync(`/proc/self/fd/${this.fd}`), target: content });
    return original.call(this);
  });
  return seen;
}

describe('writeFileAtomic', () => {
  it('syncs the temporary file before the rename and the folder after it', async () => {
    const file = path.join(temp.dir, 'draft.json');
    writeFileSync(file, 'old');
    const seen = await watchSyncs(file);
    await writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(seen).toHaveLength(2);
    // First the temporary file, while the target still holds the old content...
    expect(seen[0]!.path).toMatch(/draft\.json\.[0-9a-f]{12}\.tmp$/);
    expect(seen[0]!.target).toBe('old');
    // ...then the folder, once the new content is in place.
    expect(seen[1]).toEqual({ path: temp.dir, target: 'new' });
  });

  it('syncs each folder it creates into its parent', async () => {
    const file = path.join(temp.dir, 'a', 'b', 'x.json');
    const seen = await watchSyncs(file);
    await writeFileAtomic(file, '1');
    expect(seen.map((s) => s.path)).toEqual([
      temp.dir,
      path.join(temp.dir, 'a'),
      expect.stringMatching(/x\.json\.[0-9a-f]{12}\.tmp$/),
      path.join(temp.dir, 'a', 'b'),
    ]);
  });

  it('keeps the old content and leaves no temporary file when the write fails', async () => {
    const file = path.join(temp.dir, 'draft.json');
    writeFileSync(file, 'old');
    const proto = await fileHandlePrototype();
    vi.spyOn(proto, 'writeFile').mockRejectedValueOnce(
      Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        syscall: 'write',
      }),
    );
    const failure = writeFileAtomic(file, 'new');
    await expect(failure).rejects.toMatchObject({ code: 'ENOSPC' });
    // The error names the file it was writing, so the seller can be told which folder is full.
    await expect(failure).rejects.toMatchObject({ path: expect.stringContaining(`${file}.`) });
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(temp.dir).filter((n) => n.includes('draft'))).toEqual(['draft.json']);
  });

  it('leaves no temporary file when the rename fails', async () => {
    const file = path.join(temp.dir, 'taken');
    mkdirSync(path.join(file, 'inside'), { recursive: true });
    await expect(writeFileAtomic(file, 'x')).rejects.toThrow();
    expect(readdirSync(temp.dir)).toEqual(['taken']);
  });
});

describe('writeEachAtomic', () => {
  it('syncs each temporary file before its rename and the folder once after all of them', async () => {
    const files = ['a', 'b', 'c'].map((name) => path.join(temp.dir, `${name}.json`));
    for (const file of files) writeFileSync(file, 'old');
    const seen = await watchSyncs(files[2]!);
    const failed = await writeEachAtomic(files.map((file, n) => ({ file, data: `new ${n}` })));
    expect(failed).toEqual([undefined, undefined, undefined]);
    expect(files.map((file) => readFileSync(file, 'utf8'))).toEqual(['new 0', 'new 1', 'new 2']);
    expect(seen.map((s) => s.path)).toEqual([
      ...files.map(() => expect.stringMatching(/[abc]\.json\.[0-9a-f]{12}\.tmp$/)),
      temp.dir,
    ]);
    // The folder's one sync comes once every new content is in place.
    expect(seen[3]!.target).toBe('new 2');
  });

  it('fails only the file that cannot be written: the others are written, it keeps its old content', async () => {
    const good = path.join(temp.dir, 'good.json');
    const taken = path.join(temp.dir, 'taken.json');
    const full = path.join(temp.dir, 'full.json');
    mkdirSync(path.join(taken, 'inside'), { recursive: true });
    writeFileSync(full, 'old');
    const proto = await fileHandlePrototype();
    const original = proto.writeFile;
    vi.spyOn(proto, 'writeFile').mockImplementation(async function (this: { fd: number }, data: unknown) {
      if (readlinkSync(`/proc/self/fd/${this.fd}`).includes('full.json'))
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return original.call(this, data);
    });
    const failed = await writeEachAtomic([
      { file: good, data: 'g' },
      { file: taken, data: 't' },
      { file: full, data: 'new' },
    ]);
    expect(failed[0]).toBeUndefined();
    expect(failed[1]).toMatchObject({ code: expect.stringMatching(/EISDIR|ENOTEMPTY|EEXIST/) });
    expect(failed[2]).toMatchObject({ code: 'ENOSPC', path: expect.stringContaining(`${full}.`) });
    expect(readFileSync(good, 'utf8')).toBe('g');
    expect(readFileSync(full, 'utf8')).toBe('old');
    expect(readdirSync(temp.dir).sort()).toEqual(['full.json', 'good.json', 'probe', 'taken.json']);
  });
});

describe('moveFile', () => {
  it('syncs both folders after the rename', async () => {
    mkdirSync(path.join(temp.dir, 'trash'));
    const from = path.join(temp.dir, 'd.json');
    const to = path.join(temp.dir, 'trash', 'd.json');
    writeFileSync(from, 'd');
    const seen = await watchSyncs(to);
    await moveFile(from, to);
    expect(seen).toEqual([
      { path: path.join(temp.dir, 'trash'), target: 'd' },
      { path: temp.dir, target: 'd' },
    ]);
  });
});
