// The data folder is opened by one process at a time (issue 17): real processes take the lock; a
// second process (the command line, the web shell, or this one) is refused with a sentence naming
// who holds it; a lock left by a process killed with SIGKILL is taken over; a process that ends
// (SIGTERM) releases its lock.
import { existsSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataLock, LOCK_FILE } from '../../../src/main/storage/data-lock';
import { OWNER_FILE } from '../../../src/main/storage/lock-dir';
import { lockedMessage } from '../../../src/main/storage/take-data-folder';
import {
  cleanUp,
  cliArgs,
  exited,
  folder,
  holder,
  ownerIn,
  refusalOf,
  runToEnd,
  webShellArgs,
} from './lock-processes';

afterEach(cleanUp);

describe('the data folder lock', () => {
  it('refuses a second process and names the one that holds the folder', async () => {
    const dir = folder();
    const app = await holder(dir, 'app');
    expect(ownerIn(dir)).toMatchObject({ pid: app.pid, kind: 'app', computer: hostname() });

    // In this process: refused, with the holder named.
    const refused = refusalOf(dir);
    expect(refused.owner.pid).toBe(app.pid);
    // On this computer the holder's process itself tells: there is no time when it is taken over.
    expect(refused.takeoverAt).toBeUndefined();

    // The command line: exit code 3 and the plain sentence, in English and in German.
    const started = lockedMessage(refused, 'en').match(/started (\d\d:\d\d)/)![1];
    const cli = await runToEnd(cliArgs(dir, 'status'));
    expect(cli.code).toBe(3);
    expect(cli.stderr.trim()).toBe(
      `Listing Desk (pid ${app.pid} on ${hostname()}, started ${started}) is using this data folder; close it first.`,
    );
    expect(cli.stdout).toBe('');
    const german = await runToEnd(cliArgs(dir, 'status'), { LANG: 'de_DE.UTF-8' });
    expect(german.code).toBe(3);
    expect(german.stderr.trim()).toBe(
      `Listing Desk (PID ${app.pid} auf ${hostname()}, gestartet ${started}) verwendet diesen Datenordner; schließen Sie es zuerst.`,
    );

    // The web shell is refused the same way, before it writes anything into the folder.
    const web = await runToEnd(webShellArgs(dir));
    expect(web.code).toBe(3);
    expect(web.stderr).toContain(
      `Listing Desk (pid ${app.pid} on ${hostname()}, started ${started}) is using this data folder`,
    );
    expect(existsSync(path.join(dir, 'logs'))).toBe(false);

    // The holder still holds it.
    expect(ownerIn(dir)?.pid).toBe(app.pid);
  }, 120_000);

  it('names the command line as such when it holds the folder', async () => {
    const dir = folder();
    const cli = await holder(dir, 'cli');
    const refused = refusalOf(dir);
    expect(refused.owner).toMatchObject({ pid: cli.pid, kind: 'cli' });
    expect(lockedMessage(refused, 'en')).toMatch(
      new RegExp(
        `^The Listing Desk command line \\(pid ${cli.pid} on ${hostname()}, started \\d\\d:\\d\\d\\) is using this data folder; wait until it has finished, or end it first\\.$`,
      ),
    );
    expect(lockedMessage(refused, 'de')).toMatch(
      /^Die Befehlszeile von Listing Desk \(PID \d+ auf .+, gestartet \d\d:\d\d\) verwendet diesen Datenordner; /,
    );
  }, 60_000);

  it('takes over the lock of a process killed with SIGKILL', async () => {
    const dir = folder();
    const first = await holder(dir, 'web');
    first.kill('SIGKILL');
    await exited(first);
    // The dead process's lock is still there...
    expect(ownerIn(dir)?.pid).toBe(first.pid);
    // ...and a new process takes it over.
    const second = await holder(dir, 'app');
    expect(ownerIn(dir)).toMatchObject({
      pid: second.pid,
      kind: 'app',
    });
    second.kill('SIGKILL');
    await exited(second);

    // So does the command line, which then releases it when it is done.
    const cli = await runToEnd(cliArgs(dir, 'status', '--json'));
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ jobs: [], problems: [] });
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

  it('takes over a damaged lock, an older version’s lock file, and release leaves a lock taken over alone', () => {
    const dir = folder();
    const lockDir = path.join(dir, LOCK_FILE);
    // A lock folder whose owner cannot be read: nobody can be named, so it is taken over.
    acquireDataLock(dir, 'web', { releaseOnExit: false });
    writeFileSync(path.join(lockDir, OWNER_FILE), '{"pid": 12');
    const lock = acquireDataLock(dir, 'cli', { releaseOnExit: false });
    expect(ownerIn(dir)?.token).toBe(lock.owner.token);

    // Another process took the folder over (this one looked dead to it): release keeps theirs.
    const theirs = { ...lock.owner, pid: 999_999, kind: 'app', token: 'theirs' };
    writeFileSync(path.join(lockDir, OWNER_FILE), JSON.stringify(theirs));
    lock.release();
    expect(ownerIn(dir)?.token).toBe('theirs');

    // The same process twice: the second is refused (the first still runs: this process).
    writeFileSync(path.join(lockDir, OWNER_FILE), JSON.stringify({ ...theirs, pid: process.pid }));
    expect(refusalOf(dir).owner.pid).toBe(process.pid);

    // A lock file as versions before issue 23 wrote it, of a process that is gone: taken over.
    const dead = { pid: 999_999, kind: 'app', startedAt: new Date().toISOString(), token: 'old' };
    const again = acquireDataLock(folderWithOldLock(dead), 'cli', { releaseOnExit: false });
    again.release();
    expect(existsSync(again.file)).toBe(false);
  });
});

function folderWithOldLock(owner: object): string {
  const dir = folder();
  writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(owner));
  return dir;
}
