// "Atomic writes with a kill during the write": a child process saves drafts in a tight loop and is
// killed (SIGKILL) at random moments, again and again. Every draft file must then hold an old or a
// new draft, never half of one, nothing acknowledged may be lost, and the store must open with a
// list that matches the files. Every other round saves the drafts all at once, so that the kills
// land in grouped commits.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStoredDraft } from '../../../src/shared/domain/drafts/draft';
import { openDraftsStore } from '../../../src/main/storage/drafts-store';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const script = path.join(here, 'save-loop.ts');
const ROUNDS = 10;

let dataDir: string;
const log = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-kill-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Highest save acknowledged per draft id in one run. */
type Acks = Map<string, number>;

/** Runs the loop once and kills it: after `afterReady` ms of saving, or `beforeReady` ms after start. */
function runAndKill(
  start: number,
  when: { afterReady: number } | { beforeReady: number },
  concurrent: boolean,
): Promise<Acks> {
  return new Promise((resolve, reject) => {
    const args = [script, dataDir, String(start), ...(concurrent ? ['concurrent'] : [])];
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acks: Acks = new Map();
    let out = '';
    let err = '';
    const kill = () => child.kill('SIGKILL');
    if ('beforeReady' in when) setTimeout(kill, when.beforeReady);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready' && 'afterReady' in when) setTimeout(kill, when.afterReady);
        const match = /^saved (\S+) (\d+)$/.exec(line);
        if (match) acks.set(match[1]!, Number(match[2]));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acks);
      else reject(new Error(`save loop ended by itself (code ${code}): ${err}`));
    });
  });
}

async function draftFiles(folder: string): Promise<string[]> {
  const names = await readdir(folder);
  return names.filter((name) => /^[0-9a-f-]{36}\.json$/.test(name)).map((name) => path.join(folder, name));
}

describe('drafts: a kill during writes', () => {
  it('leaves every draft file whole, keeps every acknowledged save, and the store opens in step', async () => {
    const acked: Acks = new Map();
    let start = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Mostly kills while saving; every third one while the store is still opening.
      const when =
        round % 3 === 2
          ? { beforeReady: 300 + Math.random() * 700 }
          : { afterReady: 50 + Math.random() * 400 };
      const acks = await runAndKill(start, when, round % 2 === 1);
      for (const [id, n] of acks) acked.set(id, Math.max(n, acked.get(id) ?? -1));
      start = Math.max(start, ...acks.values()) + 1;

      const drafts = path.join(dataDir, 'drafts');
      const files = [...(await draftFiles(drafts)), ...(await draftFiles(path.join(drafts, 'trash')))];
      const titles = new Map<string, string>();
      for (const file of files) {
        const draft = parseStoredDraft(JSON.parse(await readFile(file, 'utf8')));
        titles.set(draft.id, draft.title);
        // The description is `${n} ` repeated: a file with another number inside is a mix of two saves.
        const n = draft.title.replace('title ', '');
        if (draft.title.startsWith('title ')) expect(draft.description.startsWith(`${n} `)).toBe(true);
      }
      for (const [id, n] of acked) {
        const title = titles.get(id);
        expect(title, `draft ${id} is gone`).toBeDefined();
        expect(
          Number(title!.replace('title ', '')),
          `draft ${id} lost an acknowledged save`,
        ).toBeGreaterThanOrEqual(n);
      }

      const store = await openDraftsStore(dataDir, { log });
      expect(store.problems).toEqual([]);
      // The files counted above include the trash: a kill between a move to the trash and the move
      // back leaves a draft there, which the store must list as trashed.
      const listed = [...store.list(), ...store.listTrash()];
      expect(listed).toHaveLength(titles.size);
      for (const summary of listed) expect(summary.title).toBe(titles.get(summary.id));
      await store.close();
    }
    expect(start, 'the loop never got to save').toBeGreaterThan(20);
  }, 120_000);

  it('moves a garbage draft file and a garbage index aside, loads the others and rebuilds the index', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-corrupt-'));
    try {
      await corruptAndReopen(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

async function corruptAndReopen(dir: string): Promise<void> {
  const seeded = await openDraftsStore(dir, { log });
  for (let n = 0; n < 5; n++) await seeded.save({ ...(await seeded.create()), title: `draft ${n}` });
  await seeded.close();
  const drafts = path.join(dir, 'drafts');
  const [victim, ...others] = await draftFiles(drafts);
  await writeFile(victim!, '\u0000\u0000 half a draft');
  await writeFile(path.join(drafts, 'index.json'), 'not json');

  const store = await openDraftsStore(dir, { log });
  expect(store.problems.map((p) => [p.kind, p.file]).sort()).toEqual([
    ['draft', victim],
    ['index', path.join(drafts, 'index.json')],
  ]);
  expect(
    store
      .list()
      .map((s) => path.join(drafts, `${s.id}.json`))
      .sort(),
  ).toEqual(others.sort());
  await store.close();

  const again = await openDraftsStore(dir, { log });
  expect(again.problems).toEqual([]);
  expect(again.list()).toHaveLength(others.length);
  await again.close();
}
