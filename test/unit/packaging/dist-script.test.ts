// `npm run dist` (scripts/dist.mjs) where Electron's binary is missing: one line saying what is
// missing and how to get it, exit 1, no stack trace, nothing built. The project is copied (its
// scripts, a node_modules/electron without the binary) so the refusal is tested even on a machine
// where Electron is installed, and the real build never starts.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './builder-config';

const project = mkdtempSync(path.join(tmpdir(), 'listing-desk-dist-'));
const emptyDist = path.join(project, 'no-electron-here');

beforeAll(() => {
  cpSync(path.join(root, 'scripts'), path.join(project, 'scripts'), { recursive: true });
  mkdirSync(path.join(project, 'node_modules', 'electron'), { recursive: true });
  mkdirSync(emptyDist);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

function dist(env: Record<string, string> = {}) {
  const clean = { ...process.env };
  delete clean.ELECTRON_OVERRIDE_DIST_PATH;
  return spawnSync(process.execPath, [path.join(project, 'scripts', 'dist.mjs')], {
    cwd: project,
    env: { ...clean, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

function expectOneLineRefusal(run: ReturnType<typeof dist>, why: RegExp) {
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  const lines = run.stderr.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^listing-desk: cannot build the installers: /);
  expect(lines[0]).toMatch(why);
  expect(lines[0]).toContain('`node node_modules/electron/install.js`');
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(existsSync(path.join(project, 'build'))).toBe(false);
  expect(existsSync(path.join(project, 'dist'))).toBe(false);
}

describe('npm run dist without Electron', () => {
  it('says in one line that the binary is not installed (no path.txt) and exits 1', () => {
    expectOneLineRefusal(dist(), /Electron's binary is not installed/);
  });

  it('says where it looked when ELECTRON_OVERRIDE_DIST_PATH names a folder without the binary', () => {
    const run = dist({ ELECTRON_OVERRIDE_DIST_PATH: emptyDist });
    expectOneLineRefusal(
      run,
      /Electron's binary is missing at .*no-electron-here.*\(ELECTRON_OVERRIDE_DIST_PATH\)/,
    );
  });

  it('is what `npm run dist` runs', () => {
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.dist).toBe('node scripts/dist.mjs');
  });
});
