// A real PostgreSQL for the shop suite: Debian's `postgresql` (installed by `npm test`), a cluster
// made with initdb in a temporary folder and started with pg_ctl on a free loopback port. As root
// both run as the `postgres` user, since initdb refuses root. Password authentication on TCP (so a
// wrong password is refused as on a shop's server); the superuser is `postgres`.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Postgres {
  port: number;
  /** The superuser's password. */
  password: string;
  /** A URL for the superuser on `database` (default `postgres`). */
  adminUrl(database?: string): string;
  /** Creates an empty database and returns the superuser's URL for it. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (fast), as a crash or an update would; `start` brings it back on the same port. */
  stop(): void;
  start(): void;
  /** Stops the server and removes its folder. */
  remove(): void;
}

/** The folder of Debian's PostgreSQL programs (the newest version installed), or undefined. */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => existsSync(path.join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], 'bin');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

function asOwner(command: string, args: string[]): ReturnType<typeof spawnSync> {
  const run = isRoot()
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  return run;
}

function must(run: ReturnType<typeof spawnSync>, what: string): void {
  if (run.status !== 0)
    throw new Error(`${what} failed (${run.status}): ${String(run.stderr)}${String(run.stdout)}`);
}

// The servers this process started and has not removed: a run stopped by a signal (Ctrl+C, a
// `kill` of the test run) stops them too, instead of leaving a PostgreSQL behind on the machine.
const running = new Set<() => void>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let hooked = false;
function stopAllAndExit(signal: NodeJS.Signals): void {
  for (const remove of [...running]) remove();
  for (const each of SIGNALS) process.removeListener(each, stopAllAndExit);
  process.kill(process.pid, signal);
}
function removeOnSignal(remove: () => void): void {
  if (!hooked) for (const each of SIGNALS) process.once(each, stopAllAndExit);
  hooked = true;
  running.add(remove);
}

export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed (Debian: apt-get install postgresql); `npm test` installs it.',
    );
  const folder = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-pg-'));
  const data = path.join(folder, 'data');
  const socket = path.join(folder, 'socket');
  const password = randomBytes(12).toString('hex');
  const pwfile = path.join(folder, 'pw');
  writeFileSync(pwfile, `${password}\n`);
  execFileSync('mkdir', ['-p', socket]);
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const item of [folder, socket, pwfile]) chownSync(item, uid, gid);
    chmodSync(folder, 0o700);
  }
  must(
    asOwner(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--pwfile',
      pwfile,
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]),
    'initdb',
  );
  rmSync(pwfile, { force: true });
  const port = await freePort();
  const logFile = path.join(folder, 'server.log');
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${socket}`,
    '-c fsync=off',
    '-c max_connections=300',
    '-c shared_buffers=32MB',
  ].join(' ');
  const start = () =>
    must(
      asOwner(path.join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-l',
        logFile,
        '-o',
        options,
        '-w',
        '-t',
        '60',
        'start',
      ]),
      'pg_ctl start',
    );
  const stop = () => {
    asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  start();
  const adminUrl = (database = 'postgres') =>
    `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`;
  let made = 0;
  const remove = () => {
    running.delete(remove);
    stop();
    rmSync(folder, { recursive: true, force: true });
  };
  removeOnSignal(remove);
  return {
    port,
    password,
    adminUrl,
    async createDatabase(name) {
      const database = name ?? `shop_${process.pid}_${++made}_${randomBytes(3).toString('hex')}`;
      must(
        asOwner(path.join(bin, 'createdb'), ['-h', socket, '-p', String(port), '-U', 'postgres', database]),
        'createdb',
      );
      return adminUrl(database);
    },
    stop,
    start,
    remove,
  };
}
