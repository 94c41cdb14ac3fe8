// The data folder is opened by one process at a time (issue 17): real processes take the lock; a
// second process (the command line, the web shell, or this one) is refused with a sentence naming
// who holds it; a lock left by a process killed with SIGKILL is taken over; a process that ends
// (SIGTERM) releases its lock.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataLock,
  DataFolderLocked,
  LOCK_FILE,
  lockedMessage,
  parseOwner,
} from '../../../src/main/storage/data-lock';
import { tempDir } from '../../unit/helpers/temp-app';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const children: ChildProcess[] = [];
const folders: { remove(): void }[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) folder.remove();
});

function folder(): string {
  const temp = tempDir('listing-desk-lock-');
  folders.push(temp);
  return temp.dir;
}

/** Starts a process holding `dataDir`; resolves once it holds it. */
async function holder(dataDir: string, kind: 'app' | 'web' | 'cli' = 'app'): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/integration/storage/data-lock-child.ts', dataDir, kind],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === `held ${child.pid}`) resolve();
    });
  });
  return child;
}

/** Runs a program to its end: exit code and output. */
function runToEnd(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

describe('the data folder lock', () => {
  it('refuses a second process and names the one that holds the folder', async () => {
    const dir = folder();
    const app = await holder(dir, 'app');
    const owner = parseOwner(readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(owner).toMatchObject({ pid: app.pid, kind: 'app' });

    // In this process: refused, with the holder named.
    let refused: unknown;
    try {
      acquireDataLock(dir, 'cli', { releaseOnExit: false });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataFolderLocked);
    expect((refused as DataFolderLocked).owner.pid).toBe(app.pid);

    // The command line: exit code 3 and the plain sentence, in English and in German.
    const started = lockedMessage(owner!, 'en').match(/started (\d\d:\d\d)/)![1];
    const cli = await runToEnd(['src/main/cli/main.ts', 'status', '--data-dir', dir]);
    expect(cli.code).toBe(3);
    expect(cli.stderr.trim()).toBe(
      `Listing Desk (pid ${app.pid}, started ${started}) is using this data folder; close it first.`,
    );
    expect(cli.stdout).toBe('');
    const german = await runToEnd(['src/main/cli/main.ts', 'status', '--data-dir', dir], {
      LANG: 'de_DE.UTF-8',
    });
    expect(german.code).toBe(3);
    expect(german.stderr.trim()).toBe(
      `Listing Desk (PID ${app.pid}, gestartet ${started}) verwendet diesen Datenordner; schließen Sie es zuerst.`,
    );

    // The web shell is refused the same way, before it writes anything into the folder.
    const web = await runToEnd([
      'src/main/shells/web/main.ts',
      '--no-open',
      '--port',
      '0',
      '--data-dir',
      dir,
    ]);
    expect(web.code).toBe(3);
    expect(web.stderr).toContain(
      `Listing Desk (pid ${app.pid}, started ${started}) is using this data folder`,
    );
    expect(existsSync(path.join(dir, 'logs'))).toBe(false);

    // The holder still holds it.
    expect(parseOwner(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))?.pid).toBe(app.pid);
  }, 120_000);

  it('names the command line as such when it holds the folder', async () => {
    const dir = folder();
    const cli = await holder(dir, 'cli');
    let refused: DataFolderLocked | undefined;
    try {
      acquireDataLock(dir, 'app', { releaseOnExit: false });
    } catch (error) {
      refused = error as DataFolderLocked;
    }
    expect(refused?.owner).toMatchObject({ pid: cli.pid, kind: 'cli' });
    expect(lockedMessage(refused!.owner, 'en')).toMatch(
      new RegExp(
        `^The Listing Desk command line \\(pid ${cli.pid}, started \\d\\d:\\d\\d\\) is using this data folder; wait until it has finished, or end it first\\.$`,
      ),
    );
    expect(lockedMessage(refused!.owner, 'de')).toMatch(
      /^Die Befehlszeile von Listing Desk \(PID \d+, gestartet \d\d:\d\d\) verwendet diesen Datenordner; /,
    );
  }, 60_000);

  it('takes over the lock of a process killed with SIGKILL', async () => {
    const dir = folder();
    const first = await holder(dir, 'web');
    first.kill('SIGKILL');
    await exited(first);
    // The dead process's lock is still there...
    expect(parseOwner(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))?.pid).toBe(first.pid);
    // ...and a new process takes it over.
    const second = await holder(dir, 'app');
    expect(parseOwner(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: second.pid,
      kind: 'app',
    });
    second.kill('SIGKILL');
    await exited(second);

    // So does the command line, which then releases it when it is done.
    const cli = await runToEnd(['src/main/cli/main.ts', 'status', '--json', '--data-dir', dir]);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual({ jobs: [], problems: [] });
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it('releases the lock when its process ends on SIGTERM', async () => {
    const dir = folder();
    const child = await holder(dir, 'web');
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    child.kill('SIGTERM');
    await exited(child);
    expect(child.exitCode).toBe(0);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('takes over a damaged lock file, and release leaves a lock taken over by another alone', () => {
    const dir = folder();
    writeFileSync(path.join(dir, LOCK_FILE), '{"pid": 12');
    const lock = acquireDataLock(dir, 'cli', { releaseOnExit: false });
    expect(parseOwner(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))?.token).toBe(lock.owner.token);

    // Another process took the folder over (this one looked dead to it): release keeps theirs.
    const theirs = { pid: 999_999, kind: 'app', startedAt: new Date().toISOString(), token: 'theirs' };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(theirs));
    lock.release();
    expect(parseOwner(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))?.token).toBe('theirs');

    // The same process twice: the second is refused (the first still runs: this process).
    const again = acquireDataLock(dir, 'cli', { releaseOnExit: false, isAlive: () => false });
    expect(() => acquireDataLock(dir, 'app', { releaseOnExit: false })).toThrow(DataFolderLocked);
    again.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});
