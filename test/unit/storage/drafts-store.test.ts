import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draftSchema, type Draft } from '../../../src/shared/domain/drafts/draft';
import {
  openDraftsStore,
  type DraftsStore,
  type DraftsStoreOptions,
} from '../../../src/main/storage/drafts-store';
import { fromDataPath, toDataPath } from '../../../src/main/storage/draft-files';
import { draftId, fakePhoto, sampleDraft } from '../../fixtures/drafts';

let dataDir: string;
const opened: DraftsStore[] = [];
const log = { info: () => undefined, error: () => undefined };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-drafts-'));
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close().catch(() => undefined)));
  await rm(dataDir, { recursive: true, force: true });
});

function clock(start = Date.parse('2024-06-01T10:00:00.000Z')) {
  let t = start;
  return () => new Date((t += 1000));
}

async function open(dir = dataDir, options: Partial<DraftsStoreOptions> = {}): Promise<DraftsStore> {
  const store = await openDraftsStore(dir, { log, now: clock(), ...options });
  opened.push(store);
  return store;
}

const draftsDir = () => path.join(dataDir, 'drafts');
const fileOf = (id: string, folder = draftsDir()) => path.join(folder, `${id}.json`);
const readStored = async (file: string): Promise<Draft> =>
  draftSchema.parse(JSON.parse(await readFile(file, 'utf8')));

async function writeDraftFile(draft: Draft, folder = draftsDir()): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(fileOf(draft.id, folder), JSON.stringify(draft));
}

/** Three complete drafts with the given titles, saved through the store. */
async function seed(store: DraftsStore, titles: string[]): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for (const title of titles) {
    const created = await store.create();
    drafts.push(await store.save({ ...sampleDraft(created.id, {}, 2), title }));
  }
  return drafts;
}

const titles = (store: DraftsStore) =>
  store
    .list()
    .map((s) => s.title)
    .sort();

describe('drafts store: saving', () => {
  it('creates an empty draft with the spec defaults and lists it', async () => {
    const store = await open();
    const draft = await store.create({ email: 'me@example.de', accountId: 'sandbox' });
    expect(draft).toMatchObject({
      status: 'draft',
      adType: 'OFFER',
      email: 'me@example.de',
      accountId: 'sandbox',
    });
    expect(await readStored(fileOf(draft.id))).toEqual(draft);
    expect(store.list()).toEqual([expect.objectContaining({ id: draft.id, title: '', photoCount: 0 })]);
    expect(await store.get(draft.id)).toEqual(draft);
  });

  it('saves an incomplete draft as it is, and marks a complete one ready', async () => {
    const store = await open();
    const { id, createdAt } = await store.create();
    const half = await store.save({
      ...sampleDraft(id),
      title: 'Sofa',
      price: { type: 'FIXED', amount: 'abc' },
    });
    expect(half).toMatchObject({ status: 'draft', price: { amount: 'abc' }, createdAt });
    expect(store.list()[0]).toMatchObject({ title: 'Sofa', status: 'draft', issueCount: 1 });
    const whole = await store.save({ ...half, price: { type: 'FIXED', amount: '12,50' } });
    expect(whole.status).toBe('ready');
    expect(store.list()[0]).toMatchObject({ status: 'ready', issueCount: 0, photoCount: 1 });
    expect(await store.get(id)).toEqual(whole);
  });

  it('keeps its own dates, whatever the caller sends', async () => {
    const store = await open();
    const created = await store.create();
    const saved = await store.save({ ...created, createdAt: '2000-01-01T00:00:00.000Z', title: 'x' });
    expect(saved.createdAt).toBe(created.createdAt);
    expect(saved.updatedAt > created.updatedAt).toBe(true);
  });

  it('keeps a 100,000-character description, reporting it rather than losing it', async () => {
    const store = await open();
    const { id } = await store.create();
    const saved = await store.save({ ...sampleDraft(id), description: 'x'.repeat(100_000) });
    expect((await store.get(id)).description).toHaveLength(100_000);
    expect(saved.status).toBe('draft');
  });

  it('refuses unknown drafts, bad ids, malformed drafts and photos outside the draft’s folder', async () => {
    const store = await open();
    const { id } = await store.create();
    await expect(store.get(draftId(99))).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.get('../../etc/passwd')).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.save(sampleDraft(draftId(99)))).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.save({ ...sampleDraft(id), title: 5 } as unknown as Draft)).rejects.toMatchObject({
      code: 'invalid',
    });
    const foreign = sampleDraft(id, { photos: [fakePhoto(draftId(2), 0)] });
    await expect(store.save(foreign)).rejects.toMatchObject({ code: 'invalid' });
  });

  it('lets the last of two quick saves of one draft win, with a whole file', async () => {
    const store = await open();
    const { id } = await store.create();
    await Promise.all([
      store.save({ ...sampleDraft(id), title: 'one' }),
      store.save({ ...sampleDraft(id), title: 'two' }),
    ]);
    expect((await readStored(fileOf(id))).title).toBe('two');
    expect(store.list()[0]!.title).toBe('two');
  });

  it('refuses calls after close', async () => {
    const store = await open();
    await store.close();
    await expect(store.create()).rejects.toMatchObject({ code: 'closed' });
  });
});

describe('drafts store: the index', () => {
  it('lists from the index after a restart, without reading draft files', async () => {
    const store = await open();
    const drafts = await seed(store, ['a', 'b', 'c']);
    await store.close();
    // Proof that the list comes from the index: a draft file changed behind the store's back
    // does not show until the draft itself is read.
    await writeDraftFile({ ...drafts[0]!, title: 'changed by hand' });
    const again = await open();
    expect(titles(again)).toEqual(['a', 'b', 'c']);
    expect(again.problems).toEqual([]);
  });

  it('appends a save to the journal instead of rewriting the index', async () => {
    const store = await open();
    const [draft] = await seed(store, ['a']);
    await store.flush();
    const index = await readFile(path.join(draftsDir(), 'index.json'), 'utf8');
    await store.save({ ...draft!, title: 'b' });
    expect(await readFile(path.join(draftsDir(), 'index.json'), 'utf8')).toBe(index);
    expect(await readFile(path.join(draftsDir(), 'index.journal'), 'utf8')).toContain(draft!.id);
    await store.flush();
    expect(await readFile(path.join(draftsDir(), 'index.journal'), 'utf8')).toBe('');
    expect(await readFile(path.join(draftsDir(), 'index.json'), 'utf8')).toContain('"title":"b"');
  });

  it('rewrites the index once the journal is long enough', async () => {
    const store = await open(dataDir, { compactAfter: 5 });
    const [draft] = await seed(store, ['a']);
    for (let i = 0; i < 6; i++) await store.save({ ...draft!, title: `t${i}` });
    await store.get(draft!.id); // queued behind the compaction
    const journal = await readFile(path.join(draftsDir(), 'index.journal'), 'utf8');
    expect(journal.split('\n').filter(Boolean).length).toBeLessThan(5);
  });

  it('after a crash (no flush), reads again the drafts the journal names', async () => {
    const store = await open();
    const drafts = await seed(store, ['a', 'b', 'c']);
    await store.flush();
    await store.save({ ...drafts[1]!, title: 'b edited' });
    await store.trash([drafts[2]!.id]);
    // A copy of the folder as it is now is what a crash would leave.
    const crashed = `${dataDir}-crashed`;
    await cp(dataDir, crashed, { recursive: true });
    try {
      const after = await open(crashed);
      expect(titles(after)).toEqual(['a', 'b edited']);
      expect(after.listTrash().map((s) => s.title)).toEqual(['c']);
      expect(after.problems).toEqual([]);
    } finally {
      await rm(crashed, { recursive: true, force: true });
    }
  });

  it('rebuilds a missing index from the draft files', async () => {
    const store = await open();
    await seed(store, ['a', 'b']);
    await store.close();
    await rm(path.join(draftsDir(), 'index.json'));
    const again = await open();
    expect(titles(again)).toEqual(['a', 'b']);
    expect(again.problems).toEqual([]);
  });

  it('moves an unreadable index aside, reports it and rebuilds it', async () => {
    const store = await open();
    await seed(store, ['a', 'b']);
    await store.close();
    await writeFile(path.join(draftsDir(), 'index.json'), '{"version":1,"entr');
    const again = await open();
    expect(titles(again)).toEqual(['a', 'b']);
    expect(again.problems).toEqual([
      {
        kind: 'index',
        file: path.join(draftsDir(), 'index.json'),
        movedAside: expect.stringMatching(/index\.json\.unreadable-/),
      },
    ]);
    expect(await readFile(again.problems[0]!.movedAside, 'utf8')).toBe('{"version":1,"entr');
  });

  it('rebuilds an index of another version or with a bad entry', async () => {
    const store = await open();
    await seed(store, ['a']);
    await store.close();
    await writeFile(path.join(draftsDir(), 'index.json'), JSON.stringify({ version: 99, entries: [] }));
    expect(titles(await open())).toEqual(['a']);
  });

  it('notices draft files added or removed by hand', async () => {
    const store = await open();
    const [a] = await seed(store, ['a', 'b']);
    await store.close();
    await rm(fileOf(a!.id));
    await writeDraftFile(sampleDraft(draftId(42), { title: 'added' }));
    const again = await open();
    expect(titles(again)).toEqual(['added', 'b']);
  });

  it('deletes temporary files that an interrupted write left behind', async () => {
    const store = await open();
    const [a] = await seed(store, ['a']);
    await store.close();
    const temp = `${fileOf(a!.id)}.0123456789ab.tmp`;
    await writeFile(temp, '{"half');
    await open();
    await expect(stat(temp)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('drafts store: unreadable draft files', () => {
  it('moves each unreadable file aside, reports it, and loads the others', async () => {
    const good = sampleDraft(draftId(1), { title: 'good' });
    await writeDraftFile(good);
    await writeDraftFile(sampleDraft(draftId(2)));
    await writeDraftFile(sampleDraft(draftId(3)));
    await writeDraftFile(sampleDraft(draftId(4)));
    await writeFile(fileOf(draftId(2)), 'garbage, not JSON');
    await writeFile(fileOf(draftId(3)), JSON.stringify({ ...sampleDraft(draftId(3)), price: 'free' }));
    await writeFile(fileOf(draftId(4)), JSON.stringify(sampleDraft(draftId(5))));

    const store = await open();
    expect(titles(store)).toEqual(['good']);
    expect(store.problems.map((p) => p.file).sort()).toEqual([2, 3, 4].map((n) => fileOf(draftId(n))));
    for (const problem of store.problems) {
      expect(problem.kind).toBe('draft');
      expect(problem.movedAside).toMatch(/\.json\.unreadable-\d{4}-/);
      await expect(stat(problem.movedAside)).resolves.toBeTruthy();
    }
    expect(
      await readFile(store.problems.find((p) => p.file === fileOf(draftId(2)))!.movedAside, 'utf8'),
    ).toBe('garbage, not JSON');
    // The index now matches: a restart reports nothing new and lists the same.
    await store.close();
    const again = await open();
    expect(titles(again)).toEqual(['good']);
    expect(again.problems).toEqual([]);
  });

  it('moves aside a file that went bad while the app runs, when the draft is opened', async () => {
    const store = await open();
    const [a, b] = await seed(store, ['a', 'b']);
    await writeFile(fileOf(a!.id), '{"version":1,');
    await expect(store.get(a!.id)).rejects.toMatchObject({ code: 'unreadable' });
    expect(store.problems).toEqual([expect.objectContaining({ kind: 'draft', file: fileOf(a!.id) })]);
    expect(titles(store)).toEqual(['b']);
    expect((await store.get(b!.id)).title).toBe('b');
  });
});

describe('drafts store: trash and duplicate', () => {
  async function withPhotoFiles(store: DraftsStore, title: string): Promise<Draft> {
    const { id } = await store.create();
    const draft = sampleDraft(id, { title }, 2);
    await mkdir(path.join(dataDir, 'photos', id), { recursive: true });
    for (const photo of draft.photos) {
      await writeFile(path.join(dataDir, photo.file), `image ${photo.id}`);
      await writeFile(path.join(dataDir, photo.thumb), `thumb ${photo.id}`);
    }
    return store.save(draft);
  }

  it('moves drafts to the trash, keeps their photos, and restores them', async () => {
    const store = await open();
    const a = await withPhotoFiles(store, 'a');
    const [b] = await seed(store, ['b']);
    await store.trash([a.id, draftId(77), 'not an id']);
    expect(titles(store)).toEqual(['b']);
    expect(store.listTrash()).toEqual([expect.objectContaining({ id: a.id, trashedAt: expect.any(String) })]);
    await expect(stat(fileOf(a.id, path.join(draftsDir(), 'trash')))).resolves.toBeTruthy();
    await expect(stat(path.join(dataDir, a.photos[0]!.file))).resolves.toBeTruthy();
    await expect(store.save(a)).rejects.toMatchObject({ code: 'in-trash' });
    expect((await store.get(a.id)).title).toBe('a');

    await store.close();
    const again = await open();
    expect(again.listTrash().map((s) => s.id)).toEqual([a.id]);
    await again.restore([a.id]);
    expect(titles(again)).toEqual(['a', 'b']);
    expect(again.listTrash()).toEqual([]);
    expect((await again.save({ ...(await again.get(a.id)), title: 'a2' })).title).toBe('a2');
    expect(b).toBeTruthy();
  });

  it('empties the trash with the drafts’ photos, and only those', async () => {
    const store = await open();
    const a = await withPhotoFiles(store, 'a');
    const b = await withPhotoFiles(store, 'b');
    await store.trash([a.id]);
    expect(await store.emptyTrash()).toBe(1);
    expect(store.listTrash()).toEqual([]);
    await expect(stat(path.join(dataDir, 'photos', a.id))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(path.join(dataDir, b.photos[0]!.file))).resolves.toBeTruthy();
    expect(await readdir(path.join(draftsDir(), 'trash'))).toEqual([]);
    await store.close();
    const again = await open();
    expect(titles(again)).toEqual(['b']);
    expect(again.listTrash()).toEqual([]);
  });

  it('duplicates a draft with copies of its photos, a new id and no reference', async () => {
    const store = await open();
    const withFiles = await withPhotoFiles(store, 'Sofa');
    const source = await store.save({ ...withFiles, status: 'published', remote: { listingUuid: 'l-1' } });
    const copy = await store.duplicate(source.id);
    expect(copy.id).not.toBe(source.id);
    // Not published, not linked to the original's listing; complete, so ready to publish.
    expect(copy).toMatchObject({ title: 'Sofa', customReference: null, remote: null, status: 'ready' });
    expect(copy.photos).toHaveLength(2);
    for (const [n, photo] of copy.photos.entries()) {
      expect(photo.file).toBe(`photos/${copy.id}/${source.photos[n]!.file.split('/')[2]}`);
      expect(await readFile(path.join(dataDir, photo.file), 'utf8')).toBe(`image ${photo.id}`);
      expect(await readFile(path.join(dataDir, photo.thumb), 'utf8')).toBe(`thumb ${photo.id}`);
    }
    expect(await store.get(source.id)).toEqual(source);
    expect(titles(store)).toEqual(['Sofa', 'Sofa']);
  });

  it('duplicates a draft whose photo files are missing', async () => {
    const store = await open();
    const [a] = await seed(store, ['a']);
    const copy = await store.duplicate(a!.id);
    expect(copy.photos.map((p) => p.file.split('/')[1])).toEqual([copy.id, copy.id]);
  });
});

describe('photo paths in drafts', () => {
  it('are stored relative to the data folder with / and resolve back', () => {
    const file = path.join(dataDir, 'photos', draftId(1), 'a b ü.jpg');
    const stored = toDataPath(dataDir, file);
    expect(stored).toBe(`photos/${draftId(1)}/a b ü.jpg`);
    expect(draftSchema.shape.photos.element.shape.file.safeParse(stored).success).toBe(true);
    expect(fromDataPath(dataDir, stored)).toBe(file);
    expect(() => toDataPath(dataDir, path.join(dataDir, '..', 'elsewhere.jpg'))).toThrow();
    expect(() => toDataPath(dataDir, dataDir)).toThrow();
  });
});
