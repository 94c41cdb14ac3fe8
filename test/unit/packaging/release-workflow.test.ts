// .github/workflows/release.yml is written for GitHub Actions and not run here; this checks that it
// parses and does what the README promises on each of the three systems.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from './builder-config';

type Job = { strategy: { matrix: { os: string[] } }; env?: Record<string, string>; steps: Step[] };
type Step = { name?: string; uses?: string; run?: string; if?: string; with?: Record<string, unknown> };
const workflow = parse(readFileSync(path.join(root, '.github', 'workflows', 'release.yml'), 'utf8')) as {
  jobs: Record<string, Job>;
};
const [job] = Object.values(workflow.jobs);
const steps = job?.steps ?? [];
const runs = steps.map((step) => step.run ?? '');
const indexOf = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));

describe('release workflow', () => {
  it('runs on Linux, Windows and macOS with Node 20', () => {
    expect(job?.strategy.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    const node = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(node?.with?.['node-version']).toBe(20);
  });

  it('installs, downloads Electron, builds, runs the Electron tests, then makes the installers', () => {
    const order = [
      indexOf(/apt-get install -y libsecret-1-dev gnome-keyring dbus-x11 xvfb/),
      indexOf(/^npm ci$/),
      indexOf(/^node node_modules\/electron\/install\.js$/),
      indexOf(/^npm run build$/),
      indexOf(/xvfb-run[\s\S]*dbus-run-session[\s\S]*gnome-keyring-daemon --unlock[\s\S]*--project=electron/),
      indexOf(/^npm run dist$/),
    ];
    expect(
      order.every((at) => at >= 0),
      JSON.stringify(order),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('makes the Electron tests fail rather than skip when Electron is missing there', () => {
    expect(job?.env?.LISTING_DESK_ELECTRON_REQUIRED).toBe('1');
  });

  it('keeps every kind of installer as an artifact and fails when there is none', () => {
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@') && !step.if);
    expect(upload?.with?.['if-no-files-found']).toBe('error');
    for (const ext of ['AppImage', 'deb', 'exe', 'dmg'])
      expect(upload?.with?.path).toContain(`dist/*.${ext}`);
  });
});
