// The app started with a command word in Electron itself (issue 25.7): `electron . COMMAND` runs the
// command line in the app's main process, with no window and no display (DISPLAY and
// WAYLAND_DISPLAY unset: Ozone's headless platform), ends with the same exit code, stdout and
// stderr as `npm run -s cli -- COMMAND`, and keeps Chromium's profile out of the app's folder. With
// the app's window open on the same data folder, the command is not handed to that window (the
// single-instance lock): it is refused with exit code 3. Skipped with the reason where Electron's
// binary or the build is missing; test/integration/cli/exe-dispatch.test.ts runs the same dispatch
// under Node everywhere.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cli, type CliRun } from '../integration/cli/run-cli';
import { electron, whyNoCommand } from './electron-command';
import { appWindow, electronMissing, expect, launchApp, test } from './fixtures';

const noCommand = whyNoCommand();

test.describe('the app started with a command word', () => {
  test.skip(noCommand !== undefined, noCommand);
  let dataDir: string;
  test.beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-electron-cli-'));
  });
  test.afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));

  test('runs the command line without a window: the same exit codes and output as npm run cli', async () => {
    // The folder's first start writes its settings; compared are the starts after it.
    expect((await cli(['status', '--data-dir', dataDir])).code).toBe(0);
    const cases: [string[], number][] = [
      [['help'], 0],
      [['status', '--json', '--data-dir', dataDir], 0],
      [['status', '--colour', '--data-dir', dataDir], 2],
      [['publish', '--ready', '--data-dir', dataDir], 0],
      [['publish', 'not-an-id', '--data-dir', dataDir], 2],
    ];
    // The help and hints name the program as it was started (listing-desk); all else is the same.
    const named = (run: CliRun): CliRun => ({
      ...run,
      stdout: run.stdout.replaceAll('npm run -s cli --', 'listing-desk'),
      stderr: run.stderr.replaceAll('npm run -s cli --', 'listing-desk'),
    });
    for (const [args, code] of cases) {
      const viaCli = await cli(args);
      expect(viaCli.code, args.join(' ')).toBe(code);
      expect(await electron(args), args.join(' ')).toEqual(named(viaCli));
    }
    const german = await cli(['status', '--colour', '--data-dir', dataDir], { LANG: 'de_DE.UTF-8' });
    expect(await electron(['status', '--colour', '--data-dir', dataDir], { LANG: 'de_DE.UTF-8' })).toEqual(
      named(german),
    );
  });
});

test.describe('the Chromium profile of a command', () => {
  test.skip(noCommand !== undefined, noCommand);
  test.skip(process.platform !== 'linux', "XDG_CONFIG_HOME places the app's folder on Linux only");

  test("is kept out of the app's folder, which the window may have open", async () => {
    const config = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-electron-xdg-'));
    try {
      const run = await electron(['help'], { XDG_CONFIG_HOME: config });
      expect(run.code).toBe(0);
      // Electron's userData (and Chromium's profile in it) would be this folder.
      expect(existsSync(path.join(config, 'Listing Desk'))).toBe(false);
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  });
});

test.describe('a command while the window is open', () => {
  test.skip(electronMissing !== undefined, electronMissing);

  test('is refused by the data folder, not handed to the window', async ({ dataDir }) => {
    const app = await launchApp(dataDir);
    try {
      await appWindow(app);
      const run = await electron(['status', '--data-dir', dataDir]);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain('is using this data folder; close it first.');
      expect(run).toEqual(await cli(['status', '--data-dir', dataDir]));
      // Still the one window: the command did not reach the running app.
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    } finally {
      await app.close();
    }
  });
});
