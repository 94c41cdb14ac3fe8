// A data folder always opens again once its holder is gone (issue 23.6), judged by real processes:
// a holder whose pid another program has after a reboot (a fresh pid namespace) or in the same
// boot, a zombie holder, a holder on another computer (judged by its heartbeat), several processes
// racing for one folder, and the web shell opening a folder a zombie left, then stopping when the
// folder is taken from it.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { acquireDataLock, LOCK_FILE, STALE_MS } from '../../../src/main/storage/data-lock';
import { procStat } from '../../../src/main/storage/lock-identity';
import { lockedMessage } from '../../../src/main/storage/take-data-folder';
import { outputOf } from '../cli/run-cli';
import {
  ageHeartbeat,
  childArgs,
  cleanUp,
  cliArgs,
  exited,
  folder,
  holder,
  lineOf,
  ownerFile,
  ownerIn,
  refusalOf,
  start,
  startProgram,
  webShellArgs,
} from './lock-processes';

afterEach(cleanUp);

/** Polls without yielding to the event loop (which would reap a killed child) until `done`. */
function waitSync(done: () => boolean, what: string): void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 2_000; i += 1) {
    if (done()) return;
    Atomics.wait(cell, 0, 0, 10);
  }
  throw new Error(`never: ${what}`);
}

/** Ends a pid namespace started by `unshare --fork`: its first process (unshare's child) is killed. */
async function endNamespace(unshare: ChildProcess): Promise<void> {
  const [node] = readFileSync(`/proc/${unshare.pid}/task/${unshare.pid}/children`, 'utf8').trim().split(' ');
  process.kill(Number(node), 'SIGKILL');
  await exited(unshare);
}

// A fresh pid namespace needs root and unshare(1); without them this one test is skipped, saying why.
const noNamespace = ((): string | undefined => {
  if (process.platform !== 'linux') return 'pid namespaces are Linux only';
  if (process.getuid?.() !== 0) return 'not root: unshare --pid needs root';
  const probe = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' });
  if (probe.error) return `unshare cannot run (${probe.error.message})`;
  if (probe.status !== 0) return `unshare --pid --fork --mount-proc failed (exit ${probe.status})`;
  return undefined;
})();
if (noNamespace) console.warn(`Skipping the reboot test in a fresh pid namespace: ${noNamespace}`);

describe('a data folder whose holder is gone', () => {
  it.skipIf(noNamespace !== undefined)(
    'opens after a reboot that gave the holder’s pid to another program',
    async () => {
      const dir = folder();
      const inNamespace = (...args: string[]) =>
        start('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, ...args]);
      const first = inNamespace(...childArgs(dir, 'app'));
      const heldBy = Number((await lineOf(first, (line) => line.startsWith('held '))).slice(5));
      expect(ownerIn(dir)).toMatchObject({ pid: heldBy, kind: 'app' });
      // The power goes: its namespace ends with its first process, killed from outside.
      await endNamespace(first);
      expect(ownerIn(dir)?.pid).toBe(heldBy);

      // After the "reboot" (another boot id) another program runs under that very pid: it opens.
      const second = inNamespace(...childArgs(dir, 'web', 'boot=after-the-power-cut'));
      const line = await lineOf(second, (l) => l.startsWith('held ') || l.startsWith('refused '));
      expect(line).toBe(`held ${heldBy}`);
      expect(ownerIn(dir)).toMatchObject({ pid: heldBy, kind: 'web', boot: 'after-the-power-cut' });
      // Killing unshare would leave the node inside running, reparented: its namespace is ended too.
      await endNamespace(second);
    },
    120_000,
  );

  it('opens at once when its holder is a zombie (killed, not reaped)', async () => {
    const dir = folder();
    const first = await holder(dir, 'web');
    const pid = first.pid!;
    first.kill('SIGKILL');
    // Not waited for: until this test yields to the event loop nobody reaps it, and signal 0 still
    // reaches it.
    waitSync(() => procStat(pid)?.state === 'Z', `${pid} a zombie`);
    expect(() => process.kill(pid, 0)).not.toThrow();
    expect(ownerIn(dir)?.pid).toBe(pid);

    const lock = acquireDataLock(dir, 'app', { releaseOnExit: false });
    expect(ownerIn(dir)?.token).toBe(lock.owner.token);
    lock.release();
    await exited(first);
  }, 60_000);

  it('opens at once when the holder’s pid now belongs to another program', async () => {
    const dir = folder();
    const gone = acquireDataLock(dir, 'app', { releaseOnExit: false });
    // Its holder ended and the pid went to another program (started later, so another start time).
    const other = start('sleep', ['60']);
    await vi.waitFor(() => expect(procStat(other.pid!)?.state).toMatch(/[SR]/));
    writeFileSync(ownerFile(dir), JSON.stringify({ ...gone.owner, pid: other.pid }));
    expect(() => process.kill(other.pid!, 0)).not.toThrow();

    const lock = acquireDataLock(dir, 'web', { releaseOnExit: false });
    expect(ownerIn(dir)?.token).toBe(lock.owner.token);
    lock.release();
  });

  it('refuses a holder on another computer while its heartbeat goes on, takes it over once stale', async () => {
    const dir = folder();
    const remote = await holder(dir, 'app', 'computer=desk-upstairs', 'heartbeat=200');
    const refused = refusalOf(dir);
    expect(refused.owner).toMatchObject({ pid: remote.pid, computer: 'desk-upstairs' });
    expect(refused.takeoverAt!.getTime()).toBe(refused.heartbeatAt!.getTime() + STALE_MS);
    expect(lockedMessage(refused, 'en')).toMatch(
      /^Listing Desk \(pid \d+ on desk-upstairs, started \d\d:\d\d\) is using this data folder; close it first\. It last showed it is running \d+ s ago; if it has ended, this folder is taken over at \d\d:\d\d:\d\d\.$/,
    );
    expect(lockedMessage(refused, 'de')).toMatch(
      /^Listing Desk \(PID \d+ auf desk-upstairs, gestartet \d\d:\d\d\) verwendet diesen Datenordner; schließen Sie es zuerst\. Es hat sich zuletzt vor \d+ s gemeldet; ist es beendet, wird dieser Ordner um \d\d:\d\d:\d\d übernommen\.$/,
    );

    // A live holder keeps its lock: made to look a minute old, it is fresh again at its next beat.
    ageHeartbeat(dir, 60_000);
    await vi.waitFor(() => expect(statSync(ownerFile(dir)).mtimeMs).toBeGreaterThan(Date.now() - STALE_MS), {
      timeout: 20_000,
    });
    expect(refusalOf(dir).owner.pid).toBe(remote.pid);

    // That computer goes off: refused while its last heartbeat is recent, taken over once it is stale.
    remote.kill('SIGKILL');
    await exited(remote);
    expect(refusalOf(dir).owner.pid).toBe(remote.pid);
    ageHeartbeat(dir, STALE_MS + 1_000);
    const lock = acquireDataLock(dir, 'app', { releaseOnExit: false });
    expect(ownerIn(dir)).toMatchObject({ token: lock.owner.token, computer: hostname() });
    lock.release();
  }, 120_000);

  it('the command line waits for a silent holder on another computer and then opens', async () => {
    const dir = folder();
    const remote = await holder(dir, 'app', 'computer=desk-upstairs');
    remote.kill('SIGKILL');
    await exited(remote);
    const cli = startProgram(cliArgs(dir, 'status', '--json'));
    const seen = outputOf(cli);
    // Its last heartbeat is recent: the command line says when the folder is taken over, and waits.
    await vi.waitFor(() => expect(seen.stderr).toContain('Trying again by itself until then.'), {
      timeout: 30_000,
    });
    expect(seen.stderr).toMatch(
      /on desk-upstairs, started \d\d:\d\d\) is using this data folder; close it first\. It last showed it is running \d+ s ago; if it has ended, this folder is taken over at \d\d:\d\d:\d\d\. Trying again by itself until then\./,
    );
    // The stale period passes (made to here): it opens by itself and does its work.
    ageHeartbeat(dir, STALE_MS + 1_000);
    await exited(cli);
    expect(cli.exitCode).toBe(0);
    expect(JSON.parse(seen.stdout)).toMatchObject({ jobs: [], problems: [] });
  }, 120_000);

  it('lets exactly one of several racing processes in, whatever was there before', async () => {
    /** Starts `count` processes, lets them try at once: what each said. */
    async function race(dir: string, count = 5): Promise<{ lines: string[]; racers: ChildProcess[] }> {
      const racers = Array.from({ length: count }, () =>
        start(process.execPath, childArgs(dir, 'cli', 'go')),
      );
      const said = racers.map((r) => lineOf(r, (l) => l.startsWith('held ') || l.startsWith('refused ')));
      await Promise.all(racers.map((r) => lineOf(r, (l) => l === 'ready')));
      for (const racer of racers) racer.stdin!.write('go\n');
      return { lines: await Promise.all(said), racers };
    }
    async function expectOneWinner(dir: string): Promise<void> {
      const { lines, racers } = await race(dir);
      const winners = racers.filter((_, i) => lines[i] === `held ${racers[i]!.pid}`);
      expect(winners, lines.join(', ')).toHaveLength(1);
      const winner = winners[0]!;
      expect(lines.filter((l) => l === `refused ${winner.pid} ${hostname()}`)).toHaveLength(
        racers.length - 1,
      );
      expect(ownerIn(dir)?.pid).toBe(winner.pid);
      winner.kill('SIGKILL');
      await Promise.all(racers.map(exited));
    }

    // A free folder.
    const dir = folder();
    await expectOneWinner(dir);
    // The lock of the last winner, killed (and reaped): dead on this computer.
    await expectOneWinner(dir);
    // A lock from another computer whose heartbeat stopped long ago.
    const shared = folder();
    const remote = await holder(shared, 'app', 'computer=desk-upstairs');
    remote.kill('SIGKILL');
    await exited(remote);
    ageHeartbeat(shared, STALE_MS + 1_000);
    await expectOneWinner(shared);
  }, 180_000);
});

/** Calls a channel of the web shell at `url` over its socket, as its page does. */
async function callWebShell(url: string, channel: string): Promise<{ ok: boolean }> {
  const page = new URL(url);
  const socket = new WebSocket(`ws://${page.host}/ipc${page.search}`, { origin: page.origin });
  try {
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ id: 1, channel, input: undefined }));
    // Events may come first: the answer is the message with the call's id.
    return await new Promise((resolve) =>
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: { ok: boolean } };
        if (message.id === 1 && message.result) resolve(message.result);
      }),
    );
  } finally {
    socket.close();
  }
}

/** Starts the web shell on `dir` (any free port, no browser). */
const webShell = (dir: string) => startProgram(webShellArgs(dir));

// perl forks the holder and does not wait for it until told: a parent that leaves a zombie.
const ZOMBIE_PARENT =
  '$| = 1; my $pid = fork() // die; if (!$pid) { exec @ARGV or die } <STDIN>; waitpid($pid, 0);';

describe('the web shell with the same data', () => {
  it('opens a folder whose holder is a zombie, and serves', async () => {
    const dir = folder();
    const parent = start('perl', ['-e', ZOMBIE_PARENT, process.execPath, ...childArgs(dir, 'app')]);
    const pid = Number((await lineOf(parent, (l) => l.startsWith('held '))).slice(5));
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(procStat(pid)?.state).toBe('Z'));

    const web = webShell(dir);
    const url = (await lineOf(web, (l) => l.startsWith('Listing Desk is running at '))).split(' at ')[1]!;
    expect(ownerIn(dir)).toMatchObject({ pid: web.pid, kind: 'web' });
    expect(await callWebShell(url, 'settings:get')).toMatchObject({ ok: true });
    expect(await callWebShell(url, 'drafts:create')).toMatchObject({ ok: true });
    web.kill('SIGTERM');
    await exited(web);
    expect(web.exitCode).toBe(0);

    // The zombie's parent reaps it now.
    parent.stdin!.end();
    await exited(parent);
    expect(procStat(pid)).toBeUndefined();
  }, 120_000);

  it('stops, saying so, when another process took its folder over', async () => {
    const dir = folder();
    const web = webShell(dir);
    const seen = outputOf(web);
    await lineOf(web, (l) => l.startsWith('Listing Desk is running at '));
    // Its lock goes (as when another computer took it over while this one slept), another takes it.
    rmSync(path.join(dir, LOCK_FILE), { recursive: true });
    const other = await holder(dir, 'cli');
    await exited(web);
    expect(web.exitCode).toBe(3);
    expect(seen.stderr).toMatch(
      new RegExp(
        `Another Listing Desk \\(pid ${other.pid} on .+\\) took over this data folder, so this one stops here`,
      ),
    );
    const logs = readdirSync(path.join(dir, 'logs')).map((f) =>
      readFileSync(path.join(dir, 'logs', f), 'utf8'),
    );
    expect(logs.join('\n')).toContain('took over this data folder, so this one stops here');
    expect(ownerIn(dir)?.pid).toBe(other.pid);
  }, 120_000);
});
