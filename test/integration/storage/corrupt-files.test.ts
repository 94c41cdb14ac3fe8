// Files that do not parse are moved aside AND shown through `app:problems` until dismissed: what
// kind of file, where it was, where it went. A dismissal holds across a restart; a new problem
// shows. A draft file emptied by a power cut is found at start, before the seller opens it.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../src/shared/ipc/envelope';
import type {
  AccountsState,
  AppProblem,
  DraftsListResult,
  ProblemsState,
} from '../../../src/shared/ipc/types';
import { sampleDraft } from '../../fixtures/drafts';
import { writeDraft } from '../../fixtures/draft-files';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let folder: ReturnType<typeof tempDir>;
let temp: TempApp | undefined;
beforeEach(() => {
  folder = tempDir('listing-desk-corrupt-');
});
afterEach(async () => {
  await temp?.app.close();
  temp = undefined;
  folder.remove();
});

async function start(): Promise<TempApp> {
  temp = await createTempApp(folder.dir);
  return temp;
}
async function call<T>(channel: string, input?: unknown): Promise<T> {
  const result = (await temp!.app.router.call(channel, input)) as Envelope<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value;
}
const byKind = (problems: AppProblem[]) => Object.fromEntries(problems.map((p) => [p.kind, p]));

it('lists unreadable accounts, settings, drafts index, draft and job files with where they went', async () => {
  const dir = folder.dir;
  writeFileSync(path.join(dir, 'accounts.json'), '{"accounts": [oops');
  writeFileSync(path.join(dir, 'settings.json'), 'not json');
  const broken = randomUUID();
  writeDraft(dir, sampleDraft(randomUUID(), { title: 'Heil' }));
  mkdirSync(path.join(dir, 'drafts'), { recursive: true });
  writeFileSync(path.join(dir, 'drafts', `${broken}.json`), '{"version": 1, "id": ');
  writeFileSync(path.join(dir, 'drafts', 'index.json'), '{"version": 1, "entr');
  mkdirSync(path.join(dir, 'jobs'));
  const job = randomUUID();
  writeFileSync(path.join(dir, 'jobs', `${job}.json`), '');

  await start();
  const { problems } = await call<ProblemsState>('app:problems');
  const kinds = byKind(problems);
  expect(Object.keys(kinds).sort()).toEqual(['accounts', 'draft', 'drafts-index', 'job', 'settings']);
  const expected = {
    accounts: path.join(dir, 'accounts.json'),
    settings: path.join(dir, 'settings.json'),
    'drafts-index': path.join(dir, 'drafts', 'index.json'),
    draft: path.join(dir, 'drafts', `${broken}.json`),
    job: path.join(dir, 'jobs', `${job}.json`),
  };
  for (const [kind, file] of Object.entries(expected)) {
    const problem = kinds[kind]!;
    expect(problem.file).toBe(file);
    expect(problem.movedAside.startsWith(`${file}.unreadable-`)).toBe(true);
    // The file is kept where the seller is told it went; the original name is free again.
    expect(existsSync(problem.movedAside)).toBe(true);
  }
  expect(readFileSync(kinds.accounts!.movedAside, 'utf8')).toBe('{"accounts": [oops');
  // What was kept: the app runs on with the Sandbox account and the readable draft.
  expect((await call<AccountsState>('accounts:list')).accounts.map((a) => a.id)).toEqual(['sandbox']);
  expect((await call<DraftsListResult>('drafts:list')).items.map((i) => i.title)).toEqual(['Heil']);
});

it('keeps a dismissal across a restart, and shows a new problem', async () => {
  writeFileSync(path.join(folder.dir, 'accounts.json'), '[');
  writeFileSync(path.join(folder.dir, 'settings.json'), '[');
  await start();
  const before = await call<ProblemsState>('app:problems');
  expect(before.problems).toHaveLength(2);
  const accounts = byKind(before.problems).accounts!;
  const events: ProblemsState[] = [];
  temp!.app.events.subscribe((event, payload) => {
    if (event === 'app:problems-changed') events.push(payload as ProblemsState);
  });
  const after = await call<ProblemsState>('app:dismiss-problem', { id: accounts.id });
  expect(after.problems.map((p) => p.kind)).toEqual(['settings']);
  expect(events.at(-1)?.problems.map((p) => p.kind)).toEqual(['settings']);
  await temp!.app.close();

  writeFileSync(path.join(folder.dir, 'accounts.json'), '{');
  await start();
  const { problems } = await call<ProblemsState>('app:problems');
  // The dismissed one stays dismissed; the new unreadable accounts.json is a new problem.
  expect(problems.map((p) => p.kind).sort()).toEqual(['accounts', 'settings']);
  expect(problems.find((p) => p.kind === 'accounts')!.id).not.toBe(accounts.id);
  // An unknown id changes nothing.
  expect((await call<ProblemsState>('app:dismiss-problem', { id: 'nope' })).problems).toHaveLength(2);
});

it('finds a draft file emptied by a power cut at start, without the draft being opened', async () => {
  await start();
  const kept = await call<{ id: string }>('drafts:create');
  const emptied = await call<{ id: string }>('drafts:create');
  await temp!.app.close();
  // The index is trusted at start and the file is not read to show the list; an empty file is what
  // a power cut leaves when a write was not synced.
  writeFileSync(path.join(folder.dir, 'drafts', `${emptied.id}.json`), '');

  await start();
  await vi.waitFor(async () => expect((await call<ProblemsState>('app:problems')).problems).toHaveLength(1), {
    timeout: 10_000,
    interval: 50,
  });
  const [problem] = (await call<ProblemsState>('app:problems')).problems;
  expect(problem).toMatchObject({
    kind: 'draft',
    file: path.join(folder.dir, 'drafts', `${emptied.id}.json`),
  });
  expect((await call<DraftsListResult>('drafts:list')).items.map((i) => i.id)).toEqual([kept.id]);
});
