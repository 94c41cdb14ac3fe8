// The packaged executable started with a command word (issue 25.7), under Node where Electron's
// binary is missing (test/electron/command-line.spec.ts runs the same against Electron itself):
// the same exit code, stdout and stderr as `npm run -s cli --`, for commands that succeed and
// commands that fail; Chromium's switches ignored; a start without a command word opens the window.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { tempDir } from '../../unit/helpers/temp-app';
import { cleanUp, holder } from '../storage/lock-processes';
import { cli } from './run-cli';
import { exe } from './run-exe';

const folder = tempDir('listing-desk-exe-');
const dir = folder.dir;

beforeAll(async () => {
  // Not ready to publish (no title): `publish --ready` ends with exit code 6, naming what it lacks.
  writeDraft(dir, readyDraft(dir, 5, { title: '', customReference: 'EXE-1', publication, status: 'draft' }));
  // The first start of a folder writes its settings; compared are the starts after it.
  expect((await cli(['status', '--data-dir', dir])).code).toBe(0);
}, 120_000);
afterAll(() => folder.remove());
afterEach(cleanUp);

/** Runs `args` through the command line and through the executable; expects the same of both. */
async function same(args: string[], env: NodeJS.ProcessEnv = {}, exeArgs = args) {
  const viaCli = await cli(args, env);
  const viaExe = await exe(exeArgs, env);
  // The help and hints name the program as it was started; all else is the same, byte for byte.
  const named = (text: string) => text.replaceAll('npm run -s cli --', 'listing-desk');
  expect(viaExe).toEqual({ ...viaCli, stdout: named(viaCli.stdout), stderr: named(viaCli.stderr) });
  return viaCli;
}

describe('listing-desk COMMAND (the packaged executable) against npm run -s cli -- COMMAND', () => {
  it('prints the help, on -h as well, with exit code 0, naming the executable as it is typed', async () => {
    for (const args of [['help'], ['-h']]) {
      const run = await same(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Exit codes:');
      expect(run.stdout).toContain('Usage: npm run -s cli -- <command>');
      // The executable's own help (checked against this one in same()) never names npm.
      expect((await exe(args)).stdout).toContain('Usage: listing-desk <command>');
    }
    const german = await exe(['status', '--colour'], { LANG: 'de_DE.UTF-8' });
    expect(german.stderr).toContain('Siehe listing-desk --help.');
  }, 120_000);

  it('refuses a wrong option with exit code 2 and the same words, in English and German', async () => {
    const english = await same(['status', '--colour', '--data-dir', dir]);
    expect(english.code).toBe(2);
    expect(english.stderr).toContain('The options cannot be read');
    const german = await same(['status', '--colour', '--data-dir', dir], { LANG: 'de_DE.UTF-8' });
    expect(german.code).toBe(2);
    expect(german.stderr).toContain('Die Optionen sind nicht lesbar');
    const missing = await same(['status', '--data-dir', path.join(dir, 'nicht-da')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('There is no data folder');
  }, 120_000);

  it('runs a command on the data folder: its JSON on stdout, exit code 0', async () => {
    const run = await same(['status', '--json', '--data-dir', dir]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ drafts: expect.anything() });
    // Options before the command word, as the command line takes them too.
    await same(['--data-dir', dir, 'status', '--json']);
  }, 120_000);

  it('ends with the command’s own exit code when it fails: nothing ready to publish is 6', async () => {
    const run = await same(['publish', '--ready', '--data-dir', dir]);
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('left out, not ready: Title: This field is required.');
  }, 120_000);

  it('says who holds the data folder and ends with 3, as the command line does', async () => {
    const app = await holder(dir, 'app');
    const run = await same(['status', '--data-dir', dir]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`pid ${app.pid}`);
    expect(run.stdout).toBe('');
  }, 120_000);

  it('ignores the switches a launcher or the seller gives Chromium', async () => {
    const args = ['status', '--json', '--data-dir', dir];
    const run = await same(args, {}, [
      '--no-sandbox',
      'status',
      '--ozone-platform-hint=auto',
      '--json',
      '--data-dir',
      dir,
      '--enable-features=WaylandWindowDecorations',
    ]);
    expect(run.code).toBe(0);
  }, 120_000);

  it('takes the development argv (`electron . COMMAND`) as well', async () => {
    const viaCli = await cli(['status', '--json', '--data-dir', dir]);
    expect(await exe(['status', '--json', '--data-dir', dir], {}, 'development')).toEqual(viaCli);
  }, 120_000);

  it("says in the seller's language when the command line cannot be loaded, with exit code 5", async () => {
    const english = await exe(['status'], { LISTING_DESK_LOAD: 'missing' });
    expect(english.code).toBe(5);
    expect(english.stdout).toBe('');
    expect(english.stderr).toMatch(
      /^The command line of Listing Desk could not start: .*no-such-command-line.*\. Installing Listing Desk again should put it right\.\n$/,
    );
    const german = await exe(['status'], { LISTING_DESK_LOAD: 'missing', LANG: 'de_DE.UTF-8' });
    expect(german.code).toBe(5);
    expect(german.stderr).toMatch(
      /^Die Befehlszeile von Listing Desk konnte nicht starten: .*Neuinstallation/,
    );
  }, 120_000);

  it('opens the window (runs no command) without a command word', async () => {
    for (const args of [
      [],
      ['--no-sandbox'],
      [`--data-dir=${dir}`],
      [path.join(dir, 'stock.csv')],
      ['frobnicate'],
    ]) {
      const run = await exe(args);
      expect(run).toEqual({ code: 0, stdout: '(the window opens)\n', stderr: '' });
    }
  }, 120_000);
});
