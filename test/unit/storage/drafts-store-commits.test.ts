// Grouped commits of the drafts store (issue 38.2), on real files: many saves at once all land and
// read back after a reopen (and after a crash), each caller is answered only once the syncs that
// make its own draft durable have ended, and a group that fails fails each of its callers. The
// syncs are observed, not replaced: FileHandle's sync is wrapped to note what each one covered (the
// file it synced, read when it starts) once it has ended, and then calls the real one.
import { mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { cp, mkdtemp, open as openFile, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftSchema } from '../../../src/shared/domain/drafts/draft';
import {
  openDraftsStore,
  type DraftsStore,
  type DraftsStoreOptions,
} from '../../../src/main/storage/drafts-store';
import { sampleDraft } from '../../fixtures/drafts';

let dataDir: string;
const opened: DraftsStore[] = [];
const log = { info: () => undefined, error: () => undefined };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-commits-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((store) => store.close().catch(() => undefined)));
  await rm(dataDir, { recursive: true, force: true });
});

async function openStore(dir = dataDir, options: Partial<DraftsStoreOptions> = {}): Promise<DraftsStore> {
  const store = await openDraftsStore(dir, { log, ...options });
  opened.push(store);
  return store;
}

const draftsDir = () => path.join(dataDir, 'drafts');
const DRAFT_FILE = /^([0-9a-f-]{36})\.json$/;
const TEMP_FILE = /\/([0-9a-f-]{36})\.json\.[0-9a-f]{12}\.tmp$/;

/** Each draft file's title in `folder`, by id. */
function titlesIn(folder: string): Map<string, string> {
  const titles = new Map<string, string>();
  for (const name of readdirSync(folder)) {
    const id = DRAFT_FILE.exec(name)?.[1];
    if (id)
      titles.set(id, (JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as { title: string }).title);
  }
  return titles;
}

/** A sync that has ended: what it made durable (a draft file's title, or a folder's entries). */
interface Synced {
  kind: 'file' | 'folder';
  titles: Map<string, string>;
}

/** Notes every sync of a draft's temporary file and of the drafts folder, once it has ended. */
async function watchSyncs(): Promise<Synced[]> {
  const probe = await openFile(path.join(dataDir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
  await probe.close();
  const original = proto.sync;
  const ended: Synced[] = [];
  vi.spyOn(proto, 'sync').mockImplementation(async function (this: { fd: number }) {
    const where = readlinkSync(`/proc/self/fd/${this.fd}`);
    const temp = TEMP_FILE.exec(where);
    // What the sync covers is what is there when it starts.
    const seen: Synced | null =
      where === draftsDir()
        ? { kind: 'folder', titles: titlesIn(where) }
        : temp
          ? {
              kind: 'file',
              titles: new Map([
                [temp[1]!, (JSON.parse(readFileSync(where, 'utf8')) as { title: string }).title],
              ]),
            }
          : null;
    await original.call(this);
    if (seen) ended.push(seen);
  });
  return ended;
}

const round = (title: string | undefined) => Number(title?.replace('t', '') ?? -1);

describe('drafts store: saves committed in groups', () => {
  it('lands many saves made at once, each answered only after the syncs that make it durable', async () => {
    const groups: (readonly string[])[] = [];
    const store = await openStore(dataDir, { onCommitted: (ids) => groups.push(ids) });
    const ended = await watchSyncs();
    const DRAFTS = 40;
    const ROUNDS = 5;
    const drafts = await Promise.all(Array.from({ length: DRAFTS }, () => store.create()));
    // Whether a sync of the draft's file and one of the folder holding it at round `n` (or later)
    // have ended: only then is its save durable.
    const durable = (id: string, n: number) =>
      (['file', 'folder'] as const).every((kind) =>
        ended.some((s) => s.kind === kind && round(s.titles.get(id)) >= n),
      );
    const early: string[] = [];
    // One chain of saves per draft, all chains at once: saves come in while others are committed.
    // Half of them read the draft first (update), half save it whole (save).
    await Promise.all(
      drafts.map(async ({ id }, index) => {
        for (let n = 1; n <= ROUNDS; n++) {
          const title = `t${n}`;
          const saved =
            index % 2 === 0
              ? await store.update(id, (draft) => ({ ...draft, title }))
              : await store.save({ ...sampleDraft(id), title });
          // Checked at once, before any other sync can end.
          if (!durable(id, n)) early.push(`${id} ${title}`);
          expect(saved.title).toBe(title);
        }
      }),
    );
    expect(early, 'answered before their drafts were durable').toEqual([]);
    // Grouped: far fewer groups than saves (one group per save would be DRAFTS * (ROUNDS + 1)).
    const saves = DRAFTS * (ROUNDS + 1);
    expect(groups.flat()).toHaveLength(saves);
    expect(groups.length).toBeLessThanOrEqual(saves / 2);
    expect(store.list().every((s) => s.title === `t${ROUNDS}`)).toBe(true);

    // A copy of the folder as it is now is what a crash would leave (no flush).
    const crashed = `${dataDir}-crashed`;
    await cp(dataDir, crashed, { recursive: true });
    try {
      const after = await openStore(crashed);
      expect(after.problems).toEqual([]);
      expect(after.list().map((s) => s.title)).toEqual(Array(DRAFTS).fill(`t${ROUNDS}`));
    } finally {
      await rm(crashed, { recursive: true, force: true });
    }

    await store.close();
    const again = await openStore();
    expect(again.problems).toEqual([]);
    expect(again.list()).toHaveLength(DRAFTS);
    for (const { id } of drafts) {
      expect((await again.get(id)).title).toBe(`t${ROUNDS}`);
      const file = draftSchema.parse(
        JSON.parse(await readFile(path.join(draftsDir(), `${id}.json`), 'utf8')),
      );
      expect(file.title).toBe(`t${ROUNDS}`);
    }
    expect(readdirSync(draftsDir()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('reads a draft whose save is still being gathered as it was saved', async () => {
    const store = await openStore();
    const { id } = await store.create();
    const saving = store.save({ ...sampleDraft(id), title: 'gathered' });
    // Queued behind the save: answered from the disk, once the save is on it.
    expect((await store.get(id)).title).toBe('gathered');
    await saving;
  });

  it('fails every save of a group that could not be committed, and lists them as before', async () => {
    const store = await openStore();
    const [a, b, c] = await Promise.all([store.create(), store.create(), store.create()]);
    await Promise.all([a, b, c].map((d) => store.save({ ...sampleDraft(d!.id), title: 'old' })));
    // Draft a's file cannot be replaced: a folder with something in it stands in its place.
    const fileA = path.join(draftsDir(), `${a!.id}.json`);
    rmSync(fileA);
    mkdirSync(path.join(fileA, 'in-the-way'), { recursive: true });
    const results = await Promise.allSettled(
      [a, b, c].map((d) => store.save({ ...sampleDraft(d!.id), title: 'new' })),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(store.list().map((s) => s.title)).toEqual(['old', 'old', 'old']);
    const titleOf = (id: string) =>
      (JSON.parse(readFileSync(path.join(draftsDir(), `${id}.json`), 'utf8')) as { title: string }).title;
    expect([b, c].map((d) => titleOf(d!.id))).toEqual(['old', 'old']);
    expect(readdirSync(draftsDir()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // Once the way is clear, the next save goes through.
    rmSync(fileA, { recursive: true });
    expect((await store.save({ ...sampleDraft(a!.id), title: 'again' })).title).toBe('again');
    expect(titleOf(a!.id)).toBe('again');
  });
});
