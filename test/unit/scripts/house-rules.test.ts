// .dependency-cruiser.cjs, the house's import rules that `npm run lint` checks: each rule fires on a
// small tree that breaks it (an upward import planted the way a hurried change would), and a tree
// that keeps the rules passes. Runs the real dependency-cruiser with the repository's own config.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const made: string[] = [];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A house that keeps every rule: the composition root wires two rooms, the lower one below. */
const sound: Record<string, string> = {
  'src/shared/domain/draft.ts': 'export const title = (s: string) => s.trim();\n',
  'src/main/errors/app-error.ts': 'export class AppError extends Error {}\n',
  'src/main/drafts/drafts-service.ts':
    "import { AppError } from '../errors/app-error';\nimport { title } from '../../shared/domain/draft';\n" +
    'export const save = (s: string) => { if (!s) throw new AppError(); return title(s); };\n',
  'src/main/shop/sync/index.ts': "// What syncs.\nexport { push } from './push';\n",
  'src/main/shop/sync/push.ts': 'export const push = () => 1;\n',
  'src/main/shop/queue/index.ts':
    "// The queue.\nimport { push } from '../sync';\nexport const run = () => push();\n",
  'src/main/ipc/router.ts':
    "import { save } from '../drafts/drafts-service';\nexport const route = (s: string) => save(s);\n",
  'src/main/app.ts':
    "import { route } from './ipc/router';\nimport { run } from './shop/queue';\nexport const app = () => [route('x'), run()];\n",
  'src/renderer/view.ts': "import { title } from '../shared/domain/draft';\nexport const v = title(' a ');\n",
};

/** Runs the repository's rules over `files` (added to the sound house) and returns the rules broken. */
function brokenRules(files: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'house-rules-'));
  made.push(dir);
  const tree = { ...sound, ...files };
  tree['tsconfig.json'] = JSON.stringify({
    compilerOptions: { module: 'esnext', moduleResolution: 'bundler' },
  });
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const run = spawnSync(depcruise, ['src', '--config', config, '--output-type', 'json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const result = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();
}

describe('the house rules (.dependency-cruiser.cjs)', () => {
  it('pass a house whose arrows point down', () => {
    expect(brokenRules({})).toEqual([]);
  });

  it('fail a room that imports the ipc layer above it', () => {
    expect(
      brokenRules({
        'src/main/drafts/drafts-service.ts':
          "import type { route } from '../ipc/router';\nexport type R = typeof route;\nexport const save = (s: string) => s;\n",
      }),
    ).toEqual(['no-circle-of-files', 'no-room-imports-ipc', 'no-rooms-importing-each-other']);
  });

  it('fail two rooms that import each other without a circle of files', () => {
    expect(
      brokenRules({
        'src/main/errors/words.ts':
          "import { save } from '../drafts/drafts-service';\nexport const w = save;\n",
      }),
    ).toEqual(['no-rooms-importing-each-other']);
  });

  it('fail a circle of files inside one room, import() included', () => {
    expect(
      brokenRules({
        'src/shared/domain/a.ts': "export const a = () => import('./b');\n",
        'src/shared/domain/b.ts': "import { a } from './a';\nexport const b = a;\n",
      }),
    ).toEqual(['no-circle-of-files']);
  });

  it('fail a room that imports the composition root, the command line or a shell', () => {
    expect(
      brokenRules({
        'src/main/cli/words.ts': 'export const w = 1;\n',
        'src/main/shells/web/host.ts': 'export const h = 1;\n',
        'src/main/drafts/uses.ts':
          "import { w } from '../cli/words';\nimport { h } from '../shells/web/host';\nexport const u = w + h;\n",
        'src/main/errors/root.ts': "import type { app } from '../app';\nexport type A = typeof app;\n",
      }),
    ).toEqual(['no-room-imports-cli', 'no-room-imports-composition-root', 'no-room-imports-shells']);
  });

  it('fail reaching into a sub-room past its index, from another room or a sibling sub-room', () => {
    expect(brokenRules({ 'src/main/drafts/push.ts': "export { push } from '../shop/sync/push';\n" })).toEqual(
      ['sub-room-through-its-index'],
    );
    expect(
      brokenRules({
        'src/main/shop/queue/index.ts':
          "// The queue.\nimport { push } from '../sync/push';\nexport const run = () => push();\n",
      }),
    ).toEqual(['sibling-sub-room-through-its-index']);
    expect(
      brokenRules({
        'src/shared/domain/drafts/index.ts': "// Drafts.\nexport { trim } from './trim';\n",
        'src/shared/domain/drafts/trim.ts': 'export const trim = (s: string) => s.trim();\n',
        'src/renderer/trimmed.ts':
          "import { trim } from '../shared/domain/drafts/trim';\nexport const t = trim(' a ');\n",
      }),
    ).toEqual(['sub-room-through-its-index']);
  });

  it('fail shared leaning on a process or on Node, and the window or the sandbox reaching into main', () => {
    expect(
      brokenRules({
        'src/shared/domain/draft.ts':
          "import os from 'node:os';\nimport type { save } from '../../main/drafts/drafts-service';\n" +
          'export type S = typeof save;\nexport const title = (s: string) => s.trim() + os.EOL;\n',
        'src/renderer/view.ts':
          "import { save } from '../main/drafts/drafts-service';\nexport const v = save('a');\n",
        'src/sandbox/server.ts':
          "import { save } from '../main/drafts/drafts-service';\nexport const s = save;\n",
      }),
    ).toEqual([
      'no-circle-of-files',
      'no-rooms-importing-each-other',
      'renderer-imports-only-shared',
      'sandbox-imports-only-shared',
      'shared-imports-no-node',
      'shared-imports-no-process',
    ]);
  });

  it("fail 'electron' anywhere but the Electron shell and preload", () => {
    expect(
      brokenRules({
        'src/main/drafts/dialog.ts': "import { dialog } from 'electron';\nexport const d = dialog;\n",
        'src/main/shells/electron/window.ts':
          "import { BrowserWindow } from 'electron';\nexport const w = BrowserWindow;\n",
      }),
    ).toEqual(['electron-only-in-its-shell']);
  });
});
